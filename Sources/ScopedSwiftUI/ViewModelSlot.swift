import Scoped

/// Resolves a view model once and keeps it: the framework-free core of `@ScopedObject`
/// and `@ScopedObservable`.
///
/// SwiftUI keeps one slot per view identity (in `StateObject` or `State` storage). The
/// slot is made with the view's *first* value and remembers how to resolve; it resolves
/// only when the view first reads the view model, from the containers the view's
/// environment holds then. Later view values bring new slots that are never read and
/// resolve nothing, so a parent's re-render can neither build a second view model nor
/// replace the first.
///
/// ```swift
/// let slot = ViewModelSlot(\.detail, 42)                   // resolves nothing
/// slot.markInstalled()                                     // what SwiftUI's update() does
/// let environment = ContainerEnvironment().with(flow)
/// let first = slot.value(in: environment)                  // flow.detail(42)
/// let again = slot.value(in: environment)                  // the same instance
/// ```
///
/// **Installed first.** A slot resolves only once its owner has called
/// ``markInstalled()`` — the wrappers do it in `DynamicProperty.update()`, which SwiftUI
/// runs on the view's installed storage before `body`. A read before that (in the view's
/// `init`, in a helper called from it, from a type that is not a `View`) would see no
/// environment and resolve from `Container.shared`; it stops the process in a debug build
/// with a message naming the view model, and in a release build prints that message as a
/// warning and returns a view model that the slot does not keep.
///
/// While the view model is built, `@Injected`, `@LazyInjected` and `@WeakLazyInjected`
/// in it (and in what its factory builds) resolve through the environment's containers,
/// not through `Container.shared`: a preview's `.container { $0.api.register { … } }`
/// reaches the view model's `@Injected(\.api)`.
///
/// A slot belongs to one isolation domain (the main actor, in a view); it is not `Sendable`.
public final class ViewModelSlot<T> {
    private let resolve: (ContainerEnvironment) -> T
    private var resolved: T?
    private var installed = false

    /// Makes a slot that resolves with `resolve` on first use. Makes nothing now.
    ///
    /// - Parameter resolve: Resolves the view model from the environment's containers.
    public init(resolving resolve: @escaping (ContainerEnvironment) -> T) {
        self.resolve = resolve
    }

    /// A slot that resolves `factory` from the nearest `Container`.
    ///
    /// - Parameter factory: The factory's key path (`\.settings`).
    public convenience init(_ factory: KeyPath<Container, Factory<T>>) {
        self.init(factory, in: Container.self)
    }

    /// A slot that resolves `factory` from the nearest container of type `C`.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\AppContainer.settings`).
    ///   - type: The container type, inferred from the key path's root.
    public convenience init<C: SharedContainer>(_ factory: KeyPath<C, Factory<T>>, in type: C.Type = C.self) {
        self.init { $0[C.self][keyPath: factory]() }
    }

    /// A slot that resolves `factory` with `parameter` from the nearest `Container`.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\.detail`).
    ///   - parameter: Passed to the factory.
    public convenience init<P>(_ factory: KeyPath<Container, ParameterFactory<P, T>>, _ parameter: P) {
        self.init(factory, parameter, in: Container.self)
    }

    /// A slot that resolves `factory` with `parameter` from the nearest container of type `C`.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\AppContainer.detail`).
    ///   - parameter: Passed to the factory.
    ///   - type: The container type, inferred from the key path's root.
    public convenience init<C: SharedContainer, P>(
        _ factory: KeyPath<C, ParameterFactory<P, T>>, _ parameter: P, in type: C.Type = C.self
    ) {
        self.init { $0[C.self][keyPath: factory](parameter) }
    }

    /// A slot that resolves a main-actor factory from the nearest `Container`.
    ///
    /// - Parameter factory: The factory's key path (`\.list`).
    public convenience init(_ factory: KeyPath<Container, MainActorFactory<T>>) where T: Sendable {
        self.init(factory, in: Container.self)
    }

    /// A slot that resolves a main-actor factory from the nearest container of type `C`.
    ///
    /// The factory's body runs on the main actor: read the slot there (SwiftUI's `body`
    /// does); elsewhere the body stops the process with a message naming it.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\AppContainer.list`).
    ///   - type: The container type, inferred from the key path's root.
    public convenience init<C: SharedContainer>(
        _ factory: KeyPath<C, MainActorFactory<T>>, in type: C.Type = C.self
    ) where T: Sendable {
        self.init { $0[C.self][keyPath: factory].factory() }
    }

    /// A slot that resolves a main-actor parameter factory with `parameter` from the
    /// nearest `Container`.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\.detail`).
    ///   - parameter: Passed to the factory.
    public convenience init<P>(_ factory: KeyPath<Container, MainActorParameterFactory<P, T>>, _ parameter: P)
    where T: Sendable {
        self.init(factory, parameter, in: Container.self)
    }

    /// A slot that resolves a main-actor parameter factory with `parameter` from the
    /// nearest container of type `C`.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\AppContainer.detail`).
    ///   - parameter: Passed to the factory.
    ///   - type: The container type, inferred from the key path's root.
    public convenience init<C: SharedContainer, P>(
        _ factory: KeyPath<C, MainActorParameterFactory<P, T>>, _ parameter: P, in type: C.Type = C.self
    ) where T: Sendable {
        self.init { $0[C.self][keyPath: factory].factory(parameter) }
    }

    /// A slot that resolves with `resolve` from the nearest `Container` — for factory
    /// functions (`{ $0.counter(initialValue: 3)() }`).
    ///
    /// - Parameter resolve: Resolves the view model from that container.
    public convenience init(_ resolve: @escaping (Container) -> T) {
        self.init(in: Container.self, resolve)
    }

    /// A slot that resolves with `resolve` from the nearest container of type `C` — for
    /// factory functions (`{ $0.counter(initialValue: 3)() }`).
    ///
    /// - Parameters:
    ///   - type: The container type.
    ///   - resolve: Resolves the view model from that container.
    public convenience init<C: SharedContainer>(in type: C.Type, _ resolve: @escaping (C) -> T) {
        self.init { resolve($0[C.self]) }
    }

    /// The view model: resolved from `environment` on the first call, the same instance on
    /// every later one (whatever environment they pass).
    ///
    /// The slot must be installed (``markInstalled()``); see the type's discussion for a
    /// read before that.
    ///
    /// - Parameter environment: Where the first call resolves — the view's containers.
    /// - Returns: The slot's view model.
    public func value(in environment: ContainerEnvironment) -> T {
        if let resolved { return resolved }
        guard installed else { return readBeforeInstallation(in: environment) }
        let value = environment.injecting { resolve(environment) }
        resolved = value
        return value
    }

    /// Marks the slot as its view's installed storage: from now on ``value(in:)`` resolves.
    /// `@ScopedObject` and `@ScopedObservable` call it from `DynamicProperty.update()`.
    public func markInstalled() {
        installed = true
    }

    /// Whether ``markInstalled()`` has been called.
    public var isInstalled: Bool { installed }

    /// The view model, if the slot has resolved it.
    public var resolvedValue: T? { resolved }

    /// A read of a slot its view never installed: stops in a debug build; in a release
    /// build, reports and resolves a view model the slot does not keep.
    @inline(never)
    private func readBeforeInstallation(in environment: ContainerEnvironment) -> T {
        let message = Self.readBeforeInstallationMessage
        assertionFailure(message)
        // Release builds: reported on standard output (the library has no platform code
        // outside Scoped's Platform.swift, and Xcode's console shows it), not kept.
        print("warning: " + message)
        return environment.injecting { resolve(environment) }
    }

    /// What a read before installation reports.
    package static var readBeforeInstallationMessage: String {
        "Scoped: \(T.self) was read through @ScopedObject or @ScopedObservable before SwiftUI "
            + "installed its view, so it would resolve from Container.shared instead of the view's "
            + "scope: read it in body (or in a closure body hands to SwiftUI), not in the "
            + "view's init, a helper called from it, or a type that is not a View"
    }
}
