// Concurrency rule: a `Registration` is an immutable value; all shared state it
// touches lives in `ScopeNode`/`InstanceStorage` locks, and no lock is held
// while the body runs (see InstanceStorage.swift). Bodies may resolve other
// factories on the same thread (nested graphs) or on other threads. `resolve` is
// inlinable so that callers specialise it for `T`: its fast path reads held
// instances through the non-generic `ScopeNode.fastResolve` (lock-free, see
// HeldIndex.swift) and runs unique/graph bodies outside any lock; everything
// else (first builds, overrides, observers, isolation) goes to `resolveFully`.

/// An override body stored in a container (`register { }`), type-erased.
@usableFromInline
package protocol OverrideBody: Sendable {}

@usableFromInline
package struct OverrideBox<P, T>: OverrideBody {
    @usableFromInline let body: @Sendable (P) -> T
}

/// What ``Factory`` and ``ParameterFactory`` share: a key, a body, a scope and the
/// container to resolve in. `Factory<T>` is a `Registration<Void, T>`.
///
/// A factory value is made on every access of a factory property, so it is kept small
/// and free of reference counting but for the body's context and its container's
/// manager (not even that for a process-wide container): a built-in scope is stored as
/// its ``Scope/Kind`` (no `Scope` object), the key as three words with no precomputed
/// hash.
@usableFromInline
package struct Registration<P, T>: Sendable {
    /// The body as declared: `self { … }` bodies take no parameter, so a `Factory` stores
    /// its closure as is (wrapping it in `{ _ in body() }` would allocate a context on
    /// every factory access).
    @usableFromInline
    package enum Body: Sendable {
        case plain(@Sendable () -> T)
        case parameter(@Sendable (P) -> T)
    }

    /// The container's state, not retained: `manager` keeps it alive, or the process does.
    @usableFromInline package let nodeRef: Unmanaged<ScopeNode>
    /// The container's manager, retained; nil for a process-wide one
    /// (``ContainerManager/processWide()``), which is never released. Retaining it would
    /// write to its reference count on every factory access, a cache line that every
    /// thread resolving from that container shares.
    @usableFromInline package let manager: ContainerManager?

    /// The container's state.
    @usableFromInline package var node: ScopeNode { nodeRef.takeUnretainedValue() }
    @usableFromInline package let key: RegistrationKey
    @usableFromInline package var storedBody: Body
    @usableFromInline package var scopeKind: Scope.Kind = .unique
    /// A custom scope (`Scope.Cached(name:)`); nil for the built-in ones.
    @usableFromInline package var customScope: Scope?
    /// Precedence of the context override now in `body` (0: the declared body).
    package var contextRank: UInt8 = 0

    @inlinable
    package init(manager: ContainerManager, key: RegistrationKey, storedBody: Body) {
        self.nodeRef = Unmanaged.passUnretained(manager.node)
        self.manager = manager.isProcessWide ? nil : manager
        self.key = key
        self.storedBody = storedBody
    }

    @inlinable
    package init(manager: ContainerManager, key: RegistrationKey, body: @escaping @Sendable (P) -> T) {
        self.init(manager: manager, key: key, storedBody: .parameter(body))
    }

    @inlinable
    package init(manager: ContainerManager, key: RegistrationKey, plainBody: @escaping @Sendable () -> T) {
        self.init(manager: manager, key: key, storedBody: .plain(plainBody))
    }

    /// The scope (a built-in one is made from its kind).
    @usableFromInline package var scope: Scope {
        get { customScope ?? Scope.builtIn(scopeKind) }
        set {
            scopeKind = newValue.kind
            customScope = newValue.isBuiltIn ? nil : newValue
        }
    }

    /// Sets a built-in scope.
    @inlinable
    package mutating func setScope(_ kind: Scope.Kind) {
        scopeKind = kind
        customScope = nil
    }

    /// The body, taking the parameter (context overrides replace it).
    package var body: @Sendable (P) -> T {
        get {
            switch storedBody {
            case .plain(let body): return { _ in body() }
            case .parameter(let body): return body
            }
        }
        set { storedBody = .parameter(newValue) }
    }

    /// Runs `body` (the declared one, or an override) with `parameter`.
    @inlinable
    package static func call(_ body: Body, _ parameter: P) -> T {
        switch body {
        case .plain(let body): return body()
        case .parameter(let body): return body(parameter)
        }
    }

    /// Resolves through the container. The fast path (a held instance, or a unique/graph
    /// build, with no override, observer or isolation domain in play) is specialised in
    /// the caller; the rest is `resolveFully`.
    ///
    /// - Parameters:
    ///   - parameter: Passed to the body.
    ///   - parameterBox: For a per-parameter factory, `parameter` as part of the storage
    ///     key (a `ParameterFactory` keeps the function that makes it, so that a
    ///     `Factory` value carries no field for it).
    @inlinable
    package func resolve(_ parameter: P, parameterBox: ParameterBox? = nil) -> T {
        do {
            // The body runs inside `fastResolve` (its frame on the thread's stack) through
            // a non-escaping closure: nothing is allocated for it.
            // The closures capture the body alone: capturing `self` would copy the whole
            // registration (a retain of the manager, which every resolving thread shares).
            var built: T?
            let found: FastResolve
            let body = storedBody
            // The node is borrowed, not retained: the manager (or the process) keeps it.
            if let parameterBox {
                found = nodeRef._withUnsafeGuaranteedRef { node in
                    node.fastResolve(key, parameter: parameterBox, kind: scopeKind) { boxed in
                        let value = Self.call(body, parameter)
                        built = value
                        return boxed ? Payload.wrap(value) : nil
                    }
                }
            } else {
                found = nodeRef._withUnsafeGuaranteedRef { node in
                    node.fastResolve(key, kind: scopeKind) { boxed in
                        let value = Self.call(body, parameter)
                        built = value
                        return boxed ? Payload.wrap(value) : nil
                    }
                }
            }
            switch found {
            case .held(let payload):
                return Payload.unwrap(payload, as: T.self)
            case .heldWeakly(let object):
                return Payload.unwrapWeak(object, as: T.self)
            case .built:
                return built.unsafelyUnwrapped
            case .slow:
                break
            }
        }
        return resolveFully(parameter, parameterBox: parameterBox)
    }

    /// Resolves through the container: override lookup, scope storage, build. Inlinable,
    /// so that it is specialised for `T` in the caller: compiled once, generically, it
    /// would look up the metadata of `T?`, `Body` and its closures and copy `T` through
    /// value witnesses on every first build.
    @inlinable
    package func resolveFully(_ parameter: P, parameterBox: ParameterBox?) -> T {
        let manager = node.effective
        let scope = self.scope
        var body = self.storedBody
        var overrideOwner: ScopeNode?
        if let found = manager.override(for: key) {
            guard let box = found.body as? OverrideBox<P, T> else {
                ScopedFailure.stop("the override of \(key) does not produce \(key.typeName) from \(P.self)")
            }
            body = .parameter(box.body)
            overrideOwner = found.owner
        }
        let storageKey = StorageKey(key, box: parameterBox)

        guard let (owner, storage) = manager.holder(of: scope, overriddenIn: overrideOwner) else {
            if scope.kind == .graph {
                return resolveInGraph(storageKey, in: manager) { Self.call(body, parameter) }
            }
            return build(storageKey, in: manager, ownedByChild: false) { Self.call(body, parameter) }
        }
        let context = ResolutionContext.current
        let frame = BuildFrame(storageKey, kind: scopeKind, custom: customScope, ownedByChild: owner.parent != nil)
        var built: T?
        let weakly = scope.kind == .shared
        let outcome = storage.instance(
            for: storageKey, scope: scope, weakly: weakly, reporter: scope.kind == .singleton ? owner : nil, context: context,
            onCycle: { context.reportReentrantBuild(of: frame) },
            build: {
                let value = build(storageKey, in: owner, frame: frame, context: context) { Self.call(body, parameter) }
                built = value
                guard weakly else { return Payload.wrap(value) }
                // `.shared` keeps class instances weakly; a value type cannot be shared
                // weakly, so it behaves as `.unique` (nothing is kept).
                return Payload.isDirect(T.self) ? Payload.wrap(value)
                    : type(of: value as Any) is AnyClass ? value as AnyObject : nil
            }
        )
        let value: T
        switch outcome {
        case .built:
            return built.unsafelyUnwrapped
        case .held(let payload):
            value = Payload.unwrap(payload, as: T.self)
        case .heldWeakly(let object):
            value = Payload.unwrapWeak(object, as: T.self)
        case .closed:
            ScopedFailure.stop(
                "cannot resolve \(frame.description) as .\(scope.name): lifetime scope \(owner.displayName) is closed "
                    + "(resolve it before close(), or from an open child)")
        }
        if EventHub.isActive {
            owner.emit(.reused, key: storageKey, scope: scope, instance: instanceIdentity(of: value))
        }
        return value
    }

    /// Runs the body with a build frame on this thread's stack (cycle and captive
    /// checks) and reports the new instance.
    @usableFromInline
    package func build(_ storageKey: StorageKey, in owner: ScopeNode, ownedByChild: Bool, _ make: () -> T) -> T {
        let context = ResolutionContext.current
        let frame = BuildFrame(storageKey, kind: scopeKind, custom: customScope, ownedByChild: ownedByChild)
        return build(storageKey, in: owner, frame: frame, context: context, make)
    }

    @usableFromInline
    package func build(
        _ storageKey: StorageKey, in owner: ScopeNode, frame: BuildFrame, context: ResolutionContext,
        _ make: () -> T
    ) -> T {
        if EventHub.isActive { reportCaptivity(of: frame, in: owner, context: context) }
        let value = context.building(frame, make)
        if EventHub.isActive {
            owner.emit(.created, key: storageKey, scope: scope, instance: instanceIdentity(of: value))
        }
        return value
    }

    /// `.graph`: one instance per top-level resolve on this thread.
    @usableFromInline
    package func resolveInGraph(_ storageKey: StorageKey, in manager: ScopeNode, _ make: () -> T) -> T {
        let context = ResolutionContext.current
        if let held = context.graphInstance(storageKey) {
            let value = Payload.unwrap(held, as: T.self)
            if EventHub.isActive {
                manager.emit(.reused, key: storageKey, scope: scope, instance: instanceIdentity(of: value))
            }
            return value
        }
        let frame = BuildFrame(storageKey, kind: scopeKind, custom: customScope, ownedByChild: false)
        var value: T?
        context.buildInGraph(storageKey) { shared in
            let built = build(storageKey, in: manager, frame: frame, context: context, make)
            value = built
            return shared ? Payload.wrap(built) : nil
        }
        return value.unsafelyUnwrapped
    }

    /// Reports a captive dependency: an instance held longer (cached, custom, singleton)
    /// whose body is resolving this shorter-lived one (shared, or scoped in a child).
    @usableFromInline
    package func reportCaptivity(of frame: BuildFrame, in owner: ScopeNode, context: ResolutionContext) {
        let shortLived = scopeKind == .shared || (scopeKind == .scoped && frame.ownedByChild)
        guard shortLived, let holder = context.frames.last(where: { $0.kind.rank >= Scope.Kind.cached.rank }) else {
            return
        }
        owner.emit(
            .captiveDependency, key: holder.storageKey, scope: holder.scope,
            dependency: "\(frame.description) \(self.scope.name)")
    }
}

extension Registration {
    /// Stores `body` as this registration's override in the container and drops what
    /// the container holds for it.
    package func register(_ body: @escaping @Sendable (P) -> T) {
        let manager = node.effective
        manager.setOverride(OverrideBox(body: body), for: key)
        dropHeldInstances(in: manager)
    }

    /// Removes the override and drops what the container holds for this registration.
    package func reset() {
        let manager = node.effective
        manager.removeOverride(for: key)
        dropHeldInstances(in: manager)
    }

    /// A root drops its own instances (and the process's singleton of this key); a child
    /// lifetime scope drops only what it owns, so its parent is never touched.
    private func dropHeldInstances(in manager: ScopeNode) {
        var storages = [manager.storage]
        if manager.parent == nil && scopeKind == .singleton { storages.append(manager.singletons) }
        manager.drop(key, from: storages)
    }
}
