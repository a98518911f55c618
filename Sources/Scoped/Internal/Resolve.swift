// Concurrency rule: the full resolve path runs under no lock of its own. It reads the
// override table and the tree under each node's `state` lock (ScopeNode.swift), and
// builds through `InstanceStorage.instance`, which records a build in flight under the
// storage's lock, unlocks, runs the body, and locks again to store (InstanceStorage.swift).
// The typed shell's `make` closure (the factory body) therefore always runs with no lock
// held, as do observers.
//
// This is the one file to read for a resolve. The fast path (`fastResolve`) reads a held
// instance lock-free from the storage's `HeldIndex`, or runs a unique/graph body, when
// no override, observer or container world is in play. Everything else is the full
// path (`resolveSlow`): override or not, where the scope keeps its instances (its
// holder), which lock the build goes under, what is reported. Both are compiled once, in
// Scoped, for every `T`: only the typed shell in Registration.swift (run the body, wrap
// and unwrap the value) is specialised per factory, so an app carries a few hundred
// bytes per factory instead of the whole path.

// MARK: The fast path

/// What a step of a resolve found or did: the fast path (`ScopeNode.fastResolve`), the
/// storage's build protocol (`InstanceStorage.instance`) and the full path
/// (`ScopeNode.resolveSlow`) all answer with one of these.
@usableFromInline
package enum Resolution {
    /// A strongly held ``Payload``, retained for the caller.
    case held(AnyObject)
    /// A live `.shared` instance.
    case heldWeakly(AnyObject)
    /// The body ran (a unique or graph build, or a first build): the caller has the value.
    case built
    /// Nothing done: take the full path (first build, override, observer, isolation,
    /// closed scope). Only the fast path answers this.
    case slow
    /// The storage is closed (a lifetime scope after `close()`). Only the storage answers
    /// this; the full path stops the process instead.
    case closed

    /// The held instance as `T` (`.held`: a ``Payload``; `.heldWeakly`: a `.shared` class
    /// instance), or nil for every other outcome. The one unwrap of every typed shell.
    @inlinable @inline(__always)
    package func heldInstance<T>(as _: T.Type) -> T? {
        switch self {
        case .held(let payload): Payload.unwrap(payload, as: T.self)
        case .heldWeakly(let object): Payload.unwrapWeak(object, as: T.self)
        case .built, .slow, .closed: nil
        }
    }

    /// The held instance's identity, for events.
    package var heldIdentity: ObjectIdentifier? {
        switch self {
        case .held(let payload): Payload.identity(of: payload)
        case .heldWeakly(let object): ObjectIdentifier(object)
        case .built, .slow, .closed: nil
        }
    }
}

extension InstanceStorage {
    /// The instance held for `key` (no parameter); builds, waits and reports nothing: from
    /// the lock-free index, or the locked table of a storage without one.
    @inline(__always)
    fileprivate func read(_ key: RegistrationKey) -> Resolution {
        if let readIndex { return readIndex.withBorrowed { $0.read(key) } }
        let hash = key.quickHash
        return state.withLock { $0.table.liveInstance(of: key, hash: hash) } ?? .slow
    }

    /// The instance held for `key` in the locked table (per-parameter instances, and
    /// every instance of a storage without an index).
    @inline(__always)
    fileprivate func held(_ key: StorageKey) -> Resolution {
        let hash = key.registration.quickHash
        return state.withLock { $0.table.liveInstance(of: key, hash: hash) } ?? .slow
    }
}

extension ScopeNode {
    /// The resolve fast path, non-generic so that it is compiled once: returns the held
    /// instance of a caching scope (from the storage's lock-free ``HeldIndex``), or runs
    /// `build` for a unique or graph registration (with its frame on this thread's stack,
    /// so cycles still stop). `build(true)` must return the value as a ``Payload``, for
    /// the current graph.
    ///
    /// Returns `.slow` whenever the full path has something to do: a container world
    /// or an observer is active, an override of `key` is visible from here, or no
    /// instance is held yet.
    @usableFromInline
    package func fastResolve(_ key: RegistrationKey, kind: Scope.Kind, build: (_ boxed: Bool) -> AnyObject?) -> Resolution {
        guard mayResolveFast(key) else { return .slow }
        // The storages of `holder(of:overriddenIn:)` with no override, without taking a
        // reference to the owner (a retain per resolve that this path does not need).
        // Written out here and below rather than shared: a shared `StorageKey` entry or a
        // storage-picking helper each cost 25–50 of the ~450–500 instructions of a cached,
        // singleton or scoped resolve (callgrind, `Benchmarks/Scripts/instructions.sh`).
        switch kind.home {
        case .root: return rootStorage.withBorrowed { $0.read(key) }
        case .lifetimeScope: return storage.read(key)
        case .process: return singletons.read(key)
        case .none, .graph: return buildFast(key, kind: kind, build: build)
        }
    }

    /// The fast path of a parameter factory: `parameter` tells its builds apart (its
    /// frame holds it) and, for a per-parameter factory, its box is part of the key.
    @usableFromInline
    package func fastResolve(
        _ key: RegistrationKey, parameter: UnsafePointer<BuildParameter>, kind: Scope.Kind,
        build: (_ boxed: Bool) -> AnyObject?
    ) -> Resolution {
        guard mayResolveFast(key) else { return .slow }
        guard let box = parameter.pointee.box else {
            // One instance whatever the parameter: held ones are read as above.
            switch kind.home {
            case .root: return rootStorage.withBorrowed { $0.read(key) }
            case .lifetimeScope: return storage.read(key)
            case .process: return singletons.read(key)
            case .none, .graph: return buildFast(key, box: nil, parameter: parameter, kind: kind, build: build)
            }
        }
        let storageKey = StorageKey(key, box: box)
        switch kind.home {
        case .root: return (isRoot ? storage : root.storage).held(storageKey)
        case .lifetimeScope: return storage.held(storageKey)
        case .process: return singletons.held(storageKey)
        case .none, .graph: return buildFast(key, box: box, parameter: parameter, kind: kind, build: build)
        }
    }

    /// No container world, no observer on this chain, no override of `key` visible. A
    /// root without overrides (the common case) answers with three relaxed atomic loads.
    @inline(__always)
    private func mayResolveFast(_ key: RegistrationKey) -> Bool {
        guard !ContainerWorld.isActive, !isObservedInChain else { return false }
        return isRoot && overrideCount.load(ordering: .relaxed) == 0 || override(for: key) == nil
    }


    /// `.unique` or `.graph`: nothing is held, the body runs with its frame on the stack.
    /// Takes the registration key, not a ``StorageKey``: a unique build then never makes
    /// (and destroys, through a value witness: a release call per resolve) a storage key.
    @inline(__always)
    private func buildFast(_ key: RegistrationKey, kind: Scope.Kind, build: (_ boxed: Bool) -> AnyObject?) -> Resolution {
        ResolutionContext.withCurrent { context in
            let frame = BuildFrame(key, parameter: nil, kind: kind, custom: nil, ownedByChild: false, in: self)
            if kind.home == .none {
                _ = context.building(frame) { build(false) }
                return .built
            }
            let storageKey = StorageKey(key)
            if let held = context.graphInstance(storageKey) { return .held(held) }
            context.buildInGraph(storageKey) { shared in context.building(frame) { build(shared) } }
            return .built
        }
    }

    /// The same for a parameter factory, its frame holding `parameter`. Written out twice:
    /// passing a nil parameter through the other one costs every plain unique or graph
    /// build two instructions (this function is not inlined into its caller).
    @inline(__always)
    private func buildFast(
        _ key: RegistrationKey, box: ParameterBox?, parameter: UnsafePointer<BuildParameter>, kind: Scope.Kind,
        build: (_ boxed: Bool) -> AnyObject?
    ) -> Resolution {
        ResolutionContext.withCurrent { context in
            let frame = BuildFrame(key, parameter: parameter, kind: kind, custom: nil, ownedByChild: false, in: self)
            if kind.home == .none {
                _ = context.building(frame) { build(false) }
                return .built
            }
            let storageKey = StorageKey(key, box: box)
            if let held = context.graphInstance(storageKey) { return .held(held) }
            context.buildInGraph(storageKey) { shared in context.building(frame) { build(shared) } }
            return .built
        }
    }
}

// MARK: The full path

/// How the full path wants a built value back from the typed shell's `make`.
@usableFromInline
package enum PayloadForm {
    /// The caller keeps the value; return nothing (a unique build nobody observes).
    case none
    /// As a ``Payload`` (held strongly by a storage or a graph, or described in an event).
    case strong
    /// For `.shared`: the class instance itself, or nil for a value type (nothing is kept).
    case weak
}

/// The typed shell's part of a build: runs the declared body, or `override`'s (an
/// `OverrideBox<P, T>`, or the process stops), keeps the value for its caller, and
/// returns it in `form`.
@usableFromInline
package typealias MakeInstance = (_ override: (any OverrideBody)?, _ form: PayloadForm) -> AnyObject?

extension ScopeNode {
    /// Resolves `key` through this container when the fast path could not: an override,
    /// an observer, a container world, or a first build. `parameter`: a parameter
    /// factory's (see ``fastResolve(_:parameter:kind:build:)``); nil for a ``Factory``.
    ///
    /// - Returns: `.held` / `.heldWeakly` with the instance, or `.built` when `make` ran
    ///   and the caller has the value. Never `.slow`.
    @usableFromInline
    package func resolveSlow(
        _ key: RegistrationKey, parameter: UnsafePointer<BuildParameter>?, kind: Scope.Kind, custom: Scope?,
        make: MakeInstance
    ) -> Resolution {
        let scope = custom ?? Scope.builtIn(kind)
        let (node, found, holder) = place(key, scope: scope)
        // 1. Scopes that keep nothing: a new instance (`.unique`), or the current graph's.
        guard let (owner, storage) = holder else {
            return node.resolveUnheld(key, parameter: parameter, kind: kind, custom: custom, override: found?.body, make: make)
        }

        // 2. Scopes that keep their instance in `storage`, owned by `owner`: the held one,
        //    or exactly one build however many threads ask at once.
        //    `created` is reported once the instance is stored, not while its build is still
        //    in flight: an observer that resolves the same key then finds it, not a cycle.
        //    This frame stays on the stack while the body runs (nested first builds stack
        //    up one per level): what is rare — events, waits, misuse — is out of line.
        let context = ResolutionContext.current
        let frame = BuildFrame(
            key, parameter: parameter, kind: kind, custom: custom, ownedByChild: !owner.isRoot, in: storage)
        if let held = storage.claim(frame, scope: scope, context: context) {
            owner.report(held, of: frame, scope: scope, created: nil)
            return held
        }
        let observed = EventHub.isActive
        if observed { owner.reportCaptivity(of: frame, scope: scope, context: context) }
        let weakly = kind.keepsWeakly
        let payload = context.building(frame) { make(found?.body, weakly ? .weak : .strong) }
        storage.finishBuild(
            of: frame, payload: payload, weakly: weakly, scope: scope, reporter: kind.home == .process ? owner : nil,
            context: context)
        if observed { owner.report(.built, of: frame, scope: scope, created: payload) }
        return .built
    }

    /// Where a resolve of `key` from here goes: the node of the current isolation, the
    /// override visible from it (and its owner), and who holds `scope`'s instance. Out of
    /// line, so that none of it is on the stack while the body runs.
    @inline(never)
    func place(_ key: RegistrationKey, scope: Scope) -> (
        node: ScopeNode, override: (body: any OverrideBody, owner: ScopeNode)?,
        holder: (owner: ScopeNode, storage: InstanceStorage)?
    ) {
        let node = inCurrentWorld
        let found = node.override(for: key)
        return (node, found, node.holder(of: scope, overriddenIn: found?.owner))
    }

    /// `.unique` and `.graph`: a new instance, or the current graph's.
    @inline(never)
    private func resolveUnheld(
        _ key: RegistrationKey, parameter: UnsafePointer<BuildParameter>?, kind: Scope.Kind, custom: Scope?,
        override: (any OverrideBody)?, make: MakeInstance
    ) -> Resolution {
        let scope = custom ?? Scope.builtIn(kind)
        let context = ResolutionContext.current
        let frame = BuildFrame(key, parameter: parameter, kind: kind, custom: custom, ownedByChild: false, in: self)
        guard kind.home == .graph else {
            _ = build(frame, scope: scope, context: context) { make(override, $0 ? .strong : .none) }
            return .built
        }
        let storageKey = frame.storageKey
        if let held = context.graphInstance(storageKey) {
            if EventHub.isActive { emit(.reused, key: storageKey, scope: scope, instance: Payload.identity(of: held)) }
            return .held(held)
        }
        context.buildInGraph(storageKey) { shared in
            build(frame, scope: scope, context: context) { make(override, shared || $0 ? .strong : .none) }
        }
        return .built
    }

    /// After a held scope's lookup: reports what it found (`created` for an observed
    /// build, `reused` for a held instance) or stops for a closed scope.
    @inline(never)
    private func report(_ outcome: Resolution, of frame: BuildFrame, scope: Scope, created: AnyObject?) {
        switch outcome {
        case .built:
            emit(.created, key: frame.storageKey, scope: scope, instance: created.flatMap(Payload.identity(of:)))
        case .held, .heldWeakly:
            if EventHub.isActive { emit(.reused, key: frame.storageKey, scope: scope, instance: outcome.heldIdentity) }
        case .closed, .slow:
            closedScope(frame.storageKey, scope: scope, owner: self)
        }
    }

    /// Runs `make` with `frame` on this thread's stack (cycle and captive checks) and
    /// reports the new instance. `make(observed)` must return the instance as a
    /// ``Payload`` when `observed` (an event describes it); otherwise whatever the caller
    /// needs kept.
    @inline(never)
    private func build(
        _ frame: BuildFrame, scope: Scope, context: ResolutionContext, _ make: (_ observed: Bool) -> AnyObject?
    ) -> AnyObject? {
        guard EventHub.isActive else { return context.building(frame) { make(false) } }
        reportCaptivity(of: frame, scope: scope, context: context)
        let payload = context.building(frame) { make(true) }
        emit(.created, key: frame.storageKey, scope: scope, instance: payload.flatMap(Payload.identity(of:)))
        return payload
    }

    /// Reports a captive dependency: an instance held longer (cached, custom, singleton)
    /// whose body is resolving this shorter-lived one (shared, or scoped in a child).
    ///
    /// The holder is the innermost such build on this thread's stack or, in an async
    /// factory's body, in its task's chain of async builds.
    @inline(never)
    private func reportCaptivity(of frame: BuildFrame, scope: Scope, context: ResolutionContext) {
        guard frame.kind.isShortLived(ownedByChild: frame.ownedByChild) else { return }
        let holder = context.frames.last(where: { $0.kind.outlivesLifetimeScopes }).map { ($0.storageKey, $0.scope) }
        reportCaptive(frame.storageKey, scope: scope, heldBy: holder ?? AsyncBuildChain.captiveHolder)
    }

    /// Reports that `holder`'s build (if any) is resolving `key`, a shorter-lived instance.
    func reportCaptive(_ key: StorageKey, scope: Scope, heldBy holder: (key: StorageKey, scope: Scope)?) {
        guard let holder else { return }
        emit(.captiveDependency, key: holder.key, scope: holder.scope, dependency: "\(key) \(scope.name)", captured: key)
    }

    @inline(never)
    func closedScope(_ key: StorageKey, scope: Scope, owner: ScopeNode) -> Never {
        // A closed root has no open child to resolve from.
        let what = owner.isRoot ? "container" : "lifetime scope"
        let hint = owner.isRoot ? "(resolve it before close())" : "(resolve it before close(), or from an open child)"
        ScopedFailure.stop(
            "cannot resolve \(key) as .\(scope.name): \(what) \(owner.displayName) is closed \(hint)",
            declaredBy: [key.registration])
    }
}
