// Concurrency rule: a `Registration` is an immutable value; all shared state it
// touches lives in `ContainerManager`/`InstanceStorage` locks, and no lock is held
// while the body runs (see InstanceStorage.swift). Bodies may resolve other
// factories on the same thread (nested graphs) or on other threads. `resolve` is
// inlinable so that callers specialise it for `T`: its fast path reads held
// instances through the non-generic `ContainerManager.fastResolve` (one lock, taken
// and released inside it) and runs unique/graph bodies outside any lock; everything
// else (first builds, overrides, observers, isolation) goes to `resolveFully`.

/// An override body stored in a container (`register { }`), type-erased.
package protocol OverrideBody: Sendable {}

package struct OverrideBox<P, T>: OverrideBody {
    let body: @Sendable (P) -> T
}

/// What ``Factory`` and ``ParameterFactory`` share: a key, a body, a scope and the
/// container to resolve in. `Factory<T>` is a `Registration<Void, T>`.
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

    @usableFromInline package let manager: ContainerManager
    @usableFromInline package let key: RegistrationKey
    @usableFromInline package var storedBody: Body
    @usableFromInline package var scope: Scope = .unique
    /// Precedence of the context override now in `body` (0: the declared body).
    package var contextRank: UInt8 = 0
    /// For per-parameter factories: turns the parameter into part of the storage key.
    @usableFromInline package var parameterKey: (@Sendable (P) -> AnyHashable)?

    package init(manager: ContainerManager, key: RegistrationKey, body: @escaping @Sendable (P) -> T) {
        self.manager = manager
        self.key = key
        self.storedBody = .parameter(body)
    }

    package init(manager: ContainerManager, key: RegistrationKey, plainBody: @escaping @Sendable () -> T) {
        self.manager = manager
        self.key = key
        self.storedBody = .plain(plainBody)
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

    @inlinable
    package func callBody(_ parameter: P) -> T {
        Self.call(storedBody, parameter)
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
    @inlinable
    package func resolve(_ parameter: P) -> T {
        do {
            // The body runs inside `fastResolve` (its frame on the thread's stack) through
            // a non-escaping closure: nothing is allocated for it.
            var built: T?
            let found: FastResolve
            if let parameterKey {
                found = manager.fastResolve(key, parameter: parameterKey(parameter), scope: scope) { boxed in
                    let value = callBody(parameter)
                    built = value
                    return boxed ? InstanceBox(value) : nil
                }
            } else {
                found = manager.fastResolve(key, scope: scope) { boxed in
                    let value = callBody(parameter)
                    built = value
                    return boxed ? InstanceBox(value) : nil
                }
            }
            switch found {
            case .held(let box):
                return unsafeDowncast(box, to: InstanceBox<T>.self).value
            case .heldWeakly(let object):
                return object as! T
            case .built:
                return built.unsafelyUnwrapped
            case .slow:
                break
            }
        }
        return resolveFully(parameter)
    }

    /// Resolves through the container: override lookup, scope storage, build.
    @usableFromInline
    package func resolveFully(_ parameter: P) -> T {
        let manager = self.manager.effective
        var body = self.storedBody
        var overrideOwner: ContainerManager?
        if let found = manager.override(for: key) {
            guard let box = found.body as? OverrideBox<P, T> else {
                ScopedFailure.stop("the override of \(key) does not produce \(key.typeName) from \(P.self)")
            }
            body = .parameter(box.body)
            overrideOwner = found.owner
        }
        let parameterID = parameterKey?(parameter)
        let storageKey = StorageKey(key, parameter: parameterID)

        guard let (owner, storage) = manager.holder(of: scope, overriddenIn: overrideOwner) else {
            if scope.kind == .graph {
                return resolveInGraph(storageKey, in: manager) { Self.call(body, parameter) }
            }
            return build(storageKey, in: manager, ownedByChild: false) { Self.call(body, parameter) }.value
        }
        let context = ResolutionContext.current
        let frame = BuildFrame(key: key, parameter: parameterID, scope: scope, ownedByChild: owner.parent != nil)
        let result = storage.instance(
            for: storageKey, scope: scope, weakly: scope.kind == .shared, reporter: scope.kind == .singleton ? owner : nil, context: context,
            onCycle: { context.reportReentrantBuild(of: frame) },
            build: { build(storageKey, in: owner, frame: frame, context: context) { Self.call(body, parameter) }.value }
        )
        guard let result else {
            ScopedFailure.stop(
                "cannot resolve \(frame.description) as .\(scope.name): lifetime scope \(owner.displayName) is closed "
                    + "(resolve it before close(), or from an open child)")
        }
        if EventHub.isActive, !result.created {
            owner.emit(.reused, key: storageKey, scope: scope, instance: instanceIdentity(of: result.value))
        }
        return result.value
    }

    /// Runs the body with a build frame on this thread's stack (cycle and captive
    /// checks) and reports the new instance.
    @inline(__always)
    private func build(
        _ storageKey: StorageKey, in owner: ContainerManager, ownedByChild: Bool, _ make: () -> T
    ) -> (value: T, created: Bool) {
        let context = ResolutionContext.current
        let frame = BuildFrame(key: key, parameter: storageKey.parameter, scope: scope, ownedByChild: ownedByChild)
        return build(storageKey, in: owner, frame: frame, context: context, make)
    }

    @inline(__always)
    private func build(
        _ storageKey: StorageKey, in owner: ContainerManager, frame: BuildFrame, context: ResolutionContext,
        _ make: () -> T
    ) -> (value: T, created: Bool) {
        if EventHub.isActive { reportCaptivity(of: frame, in: owner, context: context) }
        let value = context.building(frame, make)
        if EventHub.isActive {
            owner.emit(.created, key: storageKey, scope: scope, instance: instanceIdentity(of: value))
        }
        return (value, true)
    }

    /// `.graph`: one instance per top-level resolve on this thread.
    private func resolveInGraph(_ storageKey: StorageKey, in manager: ContainerManager, _ make: () -> T) -> T {
        let context = ResolutionContext.current
        if let held = context.graph[storageKey] {
            if EventHub.isActive {
                manager.emit(.reused, key: storageKey, scope: scope, instance: instanceIdentity(of: held))
            }
            return unsafeDowncast(held, to: InstanceBox<T>.self).value
        }
        let frame = BuildFrame(key: key, parameter: storageKey.parameter, scope: scope, ownedByChild: false)
        var value: T?
        context.buildInGraph(storageKey) { shared in
            let built = build(storageKey, in: manager, frame: frame, context: context, make).value
            value = built
            return shared ? InstanceBox(built) : nil
        }
        return value.unsafelyUnwrapped
    }

    /// Reports a captive dependency: an instance held longer (cached, custom, singleton)
    /// whose body is resolving this shorter-lived one (shared, or scoped in a child).
    private func reportCaptivity(of frame: BuildFrame, in owner: ContainerManager, context: ResolutionContext) {
        let shortLived = scope.kind == .shared || (scope.kind == .scoped && frame.ownedByChild)
        guard shortLived, let holder = context.frames.last(where: { $0.scope.rank >= Scope.cached.rank }) else {
            return
        }
        owner.emit(
            .captiveDependency, key: StorageKey(holder.key, parameter: holder.parameter), scope: holder.scope,
            dependency: "\(frame.description) \(scope.name)")
    }
}

extension Registration {
    /// Stores `body` as this registration's override in the container and drops what
    /// the container holds for it.
    package func register(_ body: @escaping @Sendable (P) -> T) {
        let manager = self.manager.effective
        manager.setOverride(OverrideBox(body: body), for: key)
        dropHeldInstances(in: manager)
    }

    /// Removes the override and drops what the container holds for this registration.
    package func reset() {
        let manager = self.manager.effective
        manager.removeOverride(for: key)
        dropHeldInstances(in: manager)
    }

    /// A root drops its own instances (and the process's singleton of this key); a child
    /// lifetime scope drops only what it owns, so its parent is never touched.
    private func dropHeldInstances(in manager: ContainerManager) {
        var storages = [manager.storage]
        if manager.parent == nil && scope.kind == .singleton { storages.append(manager.singletons) }
        manager.drop(key, from: storages)
    }
}
