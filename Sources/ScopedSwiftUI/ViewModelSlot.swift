import Scoped

/// Resolves a view model once and keeps it: the framework-free core of `@ScopedObject`
/// and `@ScopedObservable`.
///
/// SwiftUI keeps one slot per view identity: the wrappers make it in `StateObject`'s
/// thunk, which SwiftUI runs once per identity, from the view's *first* value. The slot
/// remembers how to resolve; it resolves only when the view first reads the view model,
/// from the containers the view's environment holds then. Later view values bring no
/// slot, so a parent's re-render can neither build a second view model nor replace the
/// first; nor does a view value that outlives the view (an eager `NavigationLink`'s
/// destination) keep the slot.
///
/// ```swift
/// let slot = ViewModelSlot(\.detail, 42)                   // resolves nothing
/// slot.markInstalled()                                     // what SwiftUI's update() does
/// let environment = ContainerEnvironment().with(flow)
/// let first = slot.value(in: environment)                  // flow.detail(42)
/// let again = slot.value(in: environment)                  // the same instance
/// ```
///
/// **Installed first.** A slot resolves for its view only once its owner has called
/// ``markInstalled()`` — the wrappers do it in `DynamicProperty.update()`, which SwiftUI
/// runs on the view's installed storage before `body`. A read before that (in the view's
/// `init`, in a helper called from it, from a type that is not a `View`) sees no
/// environment: it stops the process in a debug build with a message naming the view model
/// (by its registration, `detail[3] (DetailVM)`, for a slot made from a key path; where
/// that is declared on the line after) and the fix.
///
/// **Never kept by the root.** Where the view model would otherwise land in the root for
/// the app's lifetime, the slot builds it in a lifetime scope of its own, a child of the
/// nearest open container, closed when the slot goes (with the view): in a release build
/// after a read before installation; under a lifetime scope that is closed already (a view
/// rendered once more while its flow closes); and where no `.lifetimeScope` is above the
/// view. Each is reported where a person sees it — a `LifecycleEvent` of kind
/// `misuse` to observers, a fault in the log (`os_log` on Apple platforms, standard error
/// elsewhere) — except the last when nothing `.scoped` was built (a `.shared` or
/// `.cached` view model needs no scope).
///
/// While the view model is built, `@Injected`, `@LazyInjected` and `@WeakLazyInjected`
/// in it (and in what its factory builds) resolve through the environment's containers,
/// not through `Container.shared`: a preview's `.container { $0.api.register { … } }`
/// reaches the view model's `@Injected(\.api)`. What a container outside the view's
/// scopes will hold (a root's `.cached` service the view model resolves first) is built
/// as the root would build it, never with the view's overrides or `.scoped` instances.
///
/// A slot belongs to one isolation domain (the main actor, in a view); it is not `Sendable`.
public final class ViewModelSlot<T> {
    private let resolve: (ContainerEnvironment) -> T
    /// The container type the view model resolves from: where the slot's own scope opens.
    private let containerType: any SharedContainer.Type
    /// The registration the view model resolves from, for a slot made from a factory's key
    /// path: read from the environment's container with the declaration's getter, which
    /// makes a factory value and builds nothing. Messages, events and the slot's own scope
    /// name the view model by it (`detail[3] (DetailVM)`); nil for a slot made from a closure.
    private let registration: ((ContainerEnvironment) -> StorageKey)?
    private var resolved: T?
    /// Whether ``markInstalled()`` ran; locked, since SwiftUI promises no thread for
    /// `DynamicProperty.update()`, which sets it.
    private let installedFlag = Locked(false)
    private var installed: Bool { installedFlag.withLock { $0 } }
    /// The lifetime scope of the slot's own, if the view model had to be built in one;
    /// closed with the slot.
    private var ownScope: (any SharedContainer)?
    /// Where the view declares its wrapper (`Checkout/DetailScreen.swift:12`), set by
    /// `@ScopedObject` and `@ScopedObservable`: messages name the view by it.
    package var site: String?

    /// Makes a slot that resolves with `resolve` on first use. Makes nothing now.
    ///
    /// - Parameter resolve: Resolves the view model from the environment's containers
    ///   (a scope of the slot's own opens in the nearest `Container`, if it needs one).
    public convenience init(resolving resolve: @escaping (ContainerEnvironment) -> T) {
        self.init(in: Container.self, resolving: resolve)
    }

    private init<C: SharedContainer>(
        in type: C.Type, registration: ((C) -> StorageKey)? = nil, resolving resolve: @escaping (ContainerEnvironment) -> T
    ) {
        self.resolve = resolve
        containerType = type
        self.registration = registration.map { key in { key($0[C.self]) } }
    }

    deinit {
        ownScope?.close()
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
        self.init(in: C.self, registration: { StorageKey($0[keyPath: factory].registration.key) }) {
            $0[C.self][keyPath: factory]()
        }
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
        self.init(in: C.self, registration: { $0[keyPath: factory].storageKey(parameter) }) {
            $0[C.self][keyPath: factory](parameter)
        }
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
        self.init(in: C.self, registration: { StorageKey($0[keyPath: factory].factory.registration.key) }) {
            $0[C.self][keyPath: factory].factory()
        }
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
        self.init(in: C.self, registration: { $0[keyPath: factory].factory.storageKey(parameter) }) {
            $0[C.self][keyPath: factory].factory(parameter)
        }
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
        self.init(in: C.self) { resolve($0[C.self]) }
    }

    /// The view model: resolved from `environment` on the first call, the same instance on
    /// every later one (whatever environment they pass).
    ///
    /// The slot must be installed (``markInstalled()``); see the type's discussion for a
    /// read before that, and for where the view model lives when no open lifetime scope is
    /// above the view.
    ///
    /// - Parameter environment: Where the first call resolves — the view's containers.
    /// - Returns: The slot's view model.
    public func value(in environment: ContainerEnvironment) -> T {
        if let resolved { return resolved }
        if !installed { assertionFailure(readBeforeInstallationStop(in: environment)) }
        let value = resolveKept(in: environment, as: containerType)
        resolved = value
        return value
    }

    /// Marks the slot as its view's installed storage: from now on ``value(in:)`` resolves.
    /// `@ScopedObject` and `@ScopedObservable` call it from `DynamicProperty.update()`.
    ///
    /// Safe from any thread: Apple's `DynamicProperty.update()` page promises only that
    /// "SwiftUI calls this function before rendering a view's body", not on which thread,
    /// and the protocol is not isolated to the main actor.
    public func markInstalled() {
        installedFlag.withLock { $0 = true }
    }

    /// Whether ``markInstalled()`` has been called.
    public var isInstalled: Bool { installed }

    /// The view model, if the slot has resolved it.
    public var resolvedValue: T? { resolved }

    /// The lifetime scope of the slot's own, if the view model was built in one (see the
    /// type's discussion); closed when the slot goes.
    public var ownLifetimeScope: (any SharedContainer)? { ownScope }

    /// Resolves through `environment`, or through a scope of the slot's own where the view
    /// model would otherwise be kept by the root, reporting why.
    private func resolveKept<C: SharedContainer>(in environment: ContainerEnvironment, as _: C.Type) -> T {
        let innermost = environment.lifetimeScope(C.self)
        let reason: LifecycleEvent.Misuse.Reason? =
            !installed ? .readBeforeInstallation
            : innermost?.isClosed == true ? .resolvedUnderClosedScope
            : nil
        let hasScope = innermost.map { !$0.manager.node.isRoot } ?? false
        guard reason != nil || !hasScope else {
            return environment.injecting { resolve(environment) }
        }
        let key = registration?(environment)
        let scope = environment[C.self].child(key?.description ?? "\(T.self)", viewBound: true)
        ownScope = scope
        let inOwnScope = environment.with(scope)
        let value = inOwnScope.injecting { resolve(inOwnScope) }
        let misuse = reason ?? (scope.heldInstanceCount > 0 ? .noLifetimeScope : nil)
        if let misuse {
            scope.manager.node.nodeInCurrentWorld().reportMisuse(
                misuse, message(for: misuse, named: key, scope: innermost), key: key)
        }
        return value
    }

    /// The view model — its registration (`detail[3] (DetailVM)`) for a slot made from a
    /// key path, its type otherwise — and the view where its wrapper is declared if known:
    /// `detail[3] (DetailVM) (@ScopedObject or @ScopedObservable at Checkout/DetailScreen.swift:12)`.
    private func subject(named key: StorageKey?) -> String {
        (key?.description ?? "\(T.self)") + (site.map { " (@ScopedObject or @ScopedObservable at \($0))" } ?? "")
    }

    /// What a misuse of `reason` reports: what happened, what the slot did, the fix.
    private func message(
        for reason: LifecycleEvent.Misuse.Reason, named key: StorageKey?, scope: (any SharedContainer)?
    ) -> String {
        let subject = subject(named: key)
        switch reason {
        case .readBeforeInstallation:
            return readBeforeInstallationText(named: key) + "; built in a lifetime scope of the slot's own, released with it"
        case .resolvedUnderClosedScope:
            return "\(subject) was built for a view under a lifetime scope that is closed already "
                + "(\(scope?.manager.node.displayName ?? "?")): a view rendered again after its flow closed; "
                + "built in a lifetime scope of the view's own, released with the view, not kept by the root"
        case .noLifetimeScope:
            return "\(subject) was built for a view with no .lifetimeScope above it, and it (or what it resolved) is "
                + ".scoped: it lives in a lifetime scope of the view's own, released with the view; add "
                + ".lifetimeScope(\"name\") to the screen that owns it, or give it another scope"
        case .openedUnderClosedScope, .resolvedAfterScopeClosed, .declarationWins:
            return "\(subject): \(reason.rawValue)"
        }
    }

    /// What a read before installation stops with in a debug build, with the line saying
    /// where to look (the `self { … }` call of the registration, for a slot made from a key path).
    private func readBeforeInstallationStop(in environment: ContainerEnvironment) -> String {
        let key = registration?(environment)
        return "Scoped: " + readBeforeInstallationText(named: key) + "\n"
            + ScopedFailure.whereToLook(key.map { [$0.registration] } ?? [])
    }

    /// What a read before installation stops with in a debug build (and reports in a
    /// release build).
    private func readBeforeInstallationText(named key: StorageKey?) -> String {
        "\(subject(named: key)) was read through @ScopedObject or @ScopedObservable before SwiftUI "
            + "installed its view, so it would resolve from Container.shared instead of the view's "
            + "scope: read it in body (or in a closure body hands to SwiftUI), not in the "
            + "view's init, a helper called from it, or a type that is not a View"
    }
}

extension ParameterFactory {
    /// Where the instance for `parameter` is filed — the registration, with the parameter
    /// for a per-parameter factory (`detail[3] (DetailVM)`): what events and messages name.
    fileprivate func storageKey(_ parameter: P) -> StorageKey {
        StorageKey(registration.key, box: parameterKey?(parameter))
    }
}
