import Scoped

/// Owns one child lifetime scope for the life of a view (or any object): opens it on
/// first use, closes it when the owner goes.
///
/// This is the framework-free core of `View.lifetimeScope(_:)`: SwiftUI keeps one owner
/// per view identity in `StateObject` storage (`State` on iOS 13), so the scope opens when
/// the view's storage is created and closes when that storage is destroyed (a pushed
/// screen popped, a sheet dismissed, an `if` turning false). A parent re-rendering makes
/// new view values, which bring no owner (or, on iOS 13, owners that are never asked for a
/// scope — they open nothing and close nothing).
///
/// Use it directly where there is no SwiftUI: a UIKit view controller, a coordinator.
///
/// ```swift
/// final class CheckoutViewController: UIViewController {
///     private let scope = LifetimeScopeOwner<Container>("checkout")
///     private lazy var cart = scope.scope(in: .shared).cart()
///     // the controller's deinit releases the owner, which closes the scope: cart's deinit runs
/// }
/// ```
///
/// An owner belongs to one isolation domain (the main actor, in a view); it is not
/// `Sendable`.
public final class LifetimeScopeOwner<C: SharedContainer> {
    /// Names the scope in events and messages (`checkout#7`).
    public let name: String
    private let configure: ((C) -> Void)?
    private var opened: C?
    /// Whether ``close()`` ran: a scope opened after it is closed at once.
    private var closed = false

    /// Makes an owner. Opens nothing: the scope opens on the first ``scope(in:)``.
    ///
    /// - Parameters:
    ///   - name: Names the scope in events and messages.
    ///   - configure: Runs once on the new scope, before anything resolves through it —
    ///     the place for overrides that apply to this scope only
    ///     (`{ $0.api.register { MockAPI() } }`).
    public init(_ name: String, configure: ((C) -> Void)? = nil) {
        self.name = name
        self.configure = configure
    }

    /// The owned scope, opened as a child of `parent` on the first call.
    ///
    /// Later calls return the same scope whatever `parent` they pass: a scope is opened
    /// once and belongs to the owner until the owner goes.
    ///
    /// After ``close()`` (or once anyone closed the scope) it still returns that scope,
    /// closed: an owner never opens a second one, which would silently re-create what the
    /// close released. A `.scoped` resolve through it then stops with the closed-scope
    /// message naming it (`lifetime scope checkout#7 is closed`), and `.lifetimeScope`
    /// hands its subtree the nearest open ancestor instead. For a new scope, make a new
    /// owner.
    ///
    /// - Parameter parent: The container the scope is a child of.
    /// - Returns: The open child scope.
    public func scope(in parent: C) -> C {
        if let opened { return opened }
        let child = parent.child(name, viewBound: true)
        opened = child
        if closed {
            child.close()
            return child
        }
        configure?(child)
        return child
    }

    /// The owned scope, opened on the first call as a child of `environment`'s nearest
    /// open container of type `C` — what `.lifetimeScope` and `.container { }` do. Opened
    /// under a lifetime scope that is closed already (a view appearing while its flow
    /// closes), it opens in the nearest open container instead and reports it (a
    /// `misuse` event, a fault in the log): the view's scope is still closed with the view.
    package func scope(for environment: ContainerEnvironment) -> C {
        if let opened { return opened }
        let scope = scope(in: environment[C.self])
        if let closed = environment.lifetimeScope(C.self), closed.isClosed {
            scope.reportMisuse(
                .openedUnderClosedScope,
                "the lifetime scope \(scope.manager.node.displayName) of a view's .lifetimeScope or .container { } "
                    + "was opened while the scope above it, \(closed.manager.node.displayName), is closed (a view "
                    + "appearing while its flow closes): opened in the nearest open container instead, and closed "
                    + "with the view")
        }
        return scope
    }

    /// The scope, if ``scope(in:)`` has opened it.
    public var openedScope: C? { opened }

    /// Closes the scope now (if it was opened), releasing its `.scoped` instances.
    /// The owner's deinit does the same; closing twice does nothing. Closed before its
    /// first ``scope(in:)``, the owner hands out a scope that is closed from the start.
    public func close() {
        closed = true
        opened?.close()
    }

    deinit {
        opened?.close()
    }
}
