// Concurrency rule: the resolve path runs under no lock of its own. It reads the
// override table and the tree under each node's `state` lock (ContainerNode.swift), and
// builds through `InstanceStorage.claim`/`fileBuild`, which record a build in flight
// under the storage's lock and file its instance under it again (InstanceStorage.swift).
// The body runs between `beginBuild` and `finishBuild`, in the typed shell
// (Registration.swift), with no lock held; so do observers.
//
// This is the one file to read for a resolve: its three steps (fast read, begin, finish;
// Internal/README.md describes them) are compiled once, in Scoped. Only the typed shell
// (Registration.swift) is specialised per factory, which keeps the code per factory and
// the stack per nested level small.

// MARK: The lock-free read

/// What a lookup found (the fast read, the storage's tables): one word and a tag.
@usableFromInline
package enum Lookup {
    /// A strongly held ``Payload``, retained for the caller.
    case held(AnyObject)
    /// A live `.shared` instance.
    case heldWeakly(AnyObject)
    /// Nothing readable without a lock (only the fast read answers this): begin a build.
    case miss
    /// The storage is closed (a lifetime scope after `close()`).
    case closed
    /// The held instance as `T`, or nil: the one unwrap of every typed shell.
    @inlinable @inline(__always)
    package func heldInstance<T>(as _: T.Type) -> T? {
        switch self {
        case .held(let payload): Payload.unwrap(payload, as: T.self)
        case .heldWeakly(let object): Payload.unwrapWeak(object, as: T.self)
        case .miss, .closed: nil
        }
    }
    /// The held instance's identity, for events.
    package var heldIdentity: ObjectIdentifier? {
        switch self {
        case .held(let payload): Payload.identity(of: payload)
        case .heldWeakly(let object): ObjectIdentifier(object)
        case .miss, .closed: nil
        }
    }
}

/// What ``ContainerNode/beginBuild(_:parameter:kind:custom:)`` decided.
@usableFromInline
package enum BeginOutcome {
    /// The instance is held (`.held` or `.heldWeakly`): return it.
    case found(Lookup)
    /// Run the body now (the override's if there is one, else the declared one), then hand
    /// what it made, in `form`, to `context`'s ``ResolutionContext/finishBuild(_:)``.
    case build(override: (any OverrideBody)?, form: PayloadForm, context: UnsafeReference<ResolutionContext>)
    /// The held instance as `T`; nil for `.build`.
    @inlinable @inline(__always)
    package func heldInstance<T>(as _: T.Type) -> T? {
        guard case .found(let held) = self else { return nil }
        return held.heldInstance(as: T.self)
    }
}

extension InstanceStorage {
    /// The instance held for `key` (no parameter) from the lock-free index, deadlines
    /// ignored. A storage without one (a child's) is read under its lock, and a miss
    /// records the thread's build there (``readOrClaim(_:in:overridesSeen:)``).
    @inline(__always)
    fileprivate func read(
        _ key: RegistrationKey, weakly: Bool, claimingIn node: ContainerNode, overridesSeen: UInt?
    ) -> Lookup {
        if let readIndex {
            return readIndex.withBorrowed { index in
                index.read(key, weakly: weakly) ?? state.withLock { _ in index.refill(key) }
            }
        }
        return readOrClaim(key, in: node, overridesSeen: overridesSeen)
    }
    /// The instance held for `key`, unless its deadline is past `now` (`.timeToLive`).
    fileprivate func read(_ key: RegistrationKey, weakly: Bool, at now: UInt64) -> Lookup {
        if let readIndex, HeldIndex.holdsDeadlines {
            return readIndex.withBorrowed { index in
                index.read(key, weakly: weakly, at: now) ?? state.withLock { _ in index.refill(key, at: now) }
            }
        }
        return readLocked(key, at: now)
    }
    /// The same, read in the locked table (``Expiry/noClock``: only one without a deadline).
    @inline(__always)
    private func readLocked(_ key: RegistrationKey, at now: UInt64) -> Lookup {
        let hash = key.quickHash
        return state.withLock { $0.table.freshInstance(of: key, hash: hash, at: now) } ?? .miss
    }
    /// The same for a per-parameter instance.
    @inline(__always)
    fileprivate func held(_ key: StorageKey, at now: UInt64) -> Lookup {
        let hash = key.registration.quickHash
        return state.withLock { $0.table.freshInstance(of: key, hash: hash, at: now) } ?? .miss
    }
}

extension ContainerNode {
    /// Step 1: the held instance of a caching scope, read without a lock where the scope
    /// keeps it; `.miss` whenever ``beginBuild(_:parameter:kind:custom:)`` has something to
    /// do (a container world, an observer, an override of `key`, nothing held yet).
    ///
    /// In a child lifetime scope (read under its storage's lock) a miss records this
    /// thread's build in the same critical section, which the typed shell's `beginBuild`
    /// right after opens; async shells read with ``fastReadWithoutClaim(_:kind:)``.
    @usableFromInline
    package func fastRead(_ key: RegistrationKey, kind: Scope.Lifetime) -> Lookup {
        // A root, no override, observer or world anywhere (the common case): its index, with
        // no call but a tail call to the rest (which needs no registers saved here).
        if Switches.now.isDisjoint(with: [.worlds, .observers]), Route.isRootWithoutOverrides(self),
            let index = kind.withHeldStorage(from: self, { $0.readIndex }) ?? nil,
            let found = index.withBorrowed({ $0.readSameLiterals(key, weakly: kind.keepsWeakly) })
        {
            return found
        }
        return fastReadInGeneral(key, kind: kind)
    }
    /// ``fastRead(_:kind:)`` in every other case, out of line.
    @inline(never)
    private func fastReadInGeneral(_ key: RegistrationKey, kind: Scope.Lifetime) -> Lookup {
        guard Route.isUnobservedOutsideWorlds(self) else { return .miss }
        // A root without overrides (the common case): nothing to look up.
        var overridesSeen: UInt? = nil
        if !Route.isRootWithoutOverrides(self) {
            // Read before the override is looked up, as `beginGeneral` does: a child's read
            // records a build only if no override changed since.
            overridesSeen = OverrideChanges.now
            guard Route.seesNoOverride(of: key, from: self) else { return .miss }
        }
        return kind.withHeldStorage(from: self) {
            $0.read(key, weakly: kind.keepsWeakly, claimingIn: self, overridesSeen: overridesSeen)
        } ?? .miss
    }
    /// Step 1 for a `.graph` ``Factory``: the current graph's instance, one probe (whatever the
    /// override or the world: the general way looks it up first too), or `.miss`: an observer
    /// hears of a hit, and a pending `autoRegister()` runs first, on the build's way (which
    /// probes again).
    @usableFromInline
    package func graphRead(_ key: RegistrationKey) -> Lookup {
        guard !Switches.now.contains(.observers), !isAutoRegistrationPending,
            let held = ResolutionContext.graphInstanceIfAny(key)
        else { return .miss }
        return .held(held)
    }
    /// ``fastRead(_:kind:)`` that never records a build: for the async shells.
    @usableFromInline
    package func fastReadWithoutClaim(_ key: RegistrationKey, kind: Scope.Lifetime) -> Lookup {
        guard kind == .scoped && !isRoot else { return fastRead(key, kind: kind) }
        guard Route.mayResolveFast(key, from: self) else { return .miss }
        return storage.readOrClaim(key, in: self, overridesSeen: nil)
    }
    /// The same for a parameter factory (a per-parameter one's key holds the parameter).
    @usableFromInline
    package func fastRead(_ key: RegistrationKey, parameter: UnsafePointer<AnyParameter>, kind: Scope.Lifetime) -> Lookup {
        // One instance whatever the parameter: held ones are read as above.
        guard let box = parameter.pointee.box else { return fastRead(key, kind: kind) }
        guard Route.mayResolveFast(key, from: self) else { return .miss }
        let storageKey = StorageKey(key, box: box)
        return kind.withHeldStorage(from: self) { $0.held(storageKey, at: Expiry.noClock) } ?? .miss
    }
    /// Step 1 for a factory with a time to live: the held instance if it is younger than
    /// its time to live on the monotonic clock (a container world, which may have a test
    /// clock, goes the general way). `parameter`: nil for a ``Factory``.
    @usableFromInline
    package func fastReadExpiring(
        _ key: RegistrationKey, parameter: UnsafePointer<AnyParameter>?, kind: Scope.Lifetime
    ) -> Lookup {
        guard Route.mayResolveFast(key, from: self) else { return .miss }
        let now = Platform.monotonicNanoseconds
        return kind.withHeldStorage(from: self) { storage in
            guard let box = parameter?.pointee.box else { return storage.read(key, weakly: kind.keepsWeakly, at: now) }
            return storage.held(StorageKey(key, box: box), at: now)
        } ?? .miss
    }
}

extension Route {
    /// No container world, observer or override of `key` in play from `node`: a resolve may
    /// read lock-free, or build a unique instance without a route (three relaxed loads for
    /// a root without overrides).
    @inline(__always)
    fileprivate static func mayResolveFast(_ key: RegistrationKey, from node: ContainerNode) -> Bool {
        isUnobservedOutsideWorlds(node) && (isRootWithoutOverrides(node) || seesNoOverride(of: key, from: node))
    }
    /// No container world, no observer on `node`'s chain.
    @inline(__always)
    fileprivate static func isUnobservedOutsideWorlds(_ node: ContainerNode) -> Bool {
        let on = Switches.now
        return !on.contains(.worlds) && !(on.contains(.observers) && node.isObservedInChain)
    }
    /// A root with no override registered.
    @inline(__always)
    fileprivate static func isRootWithoutOverrides(_ node: ContainerNode) -> Bool {
        node.isRoot && node.overrideCount.load(ordering: .relaxed) == 0
    }
    /// No override of `key` visible from `node`, and no resolve through its root now.
    @inline(__always)
    fileprivate static func seesNoOverride(of key: RegistrationKey, from node: ContainerNode) -> Bool {
        node.override(for: key) == nil && !(mayResolveAtRoot(from: node) && resolvesAtRootNow(from: node))
    }
}

// MARK: Builds

/// How `beginBuild` wants the body's value back, for ``ResolutionContext/finishBuild(_:)``.
@usableFromInline
package enum PayloadForm {
    /// The caller keeps the value; return nothing (a unique build nobody observes).
    case unused
    /// As a ``Payload`` (held strongly by a storage or a graph, or described in an event).
    case strong
    /// For `.shared`: the class instance itself, or nil for a value type (nothing is kept).
    case weak
}

/// Where a build files its instance and who reports it, carried out by
/// ``ResolutionContext/finishBuild(_:)``. Trivial: its references were retained when the
/// build began.
package struct Filing {
    package enum Place {
        /// Nowhere: `.unique`, or a `.graph` resolved at the top (its own whole graph).
        case nowhere
        /// The current graph: a `.graph` build nested in a top-level resolve.
        case graph
        case storage(UnsafeReference<InstanceStorage>)
        /// Nowhere, through a closed scope, for a caller that may outlive it: reported as
        /// released at once.
        case dropped
        /// The storage of the child lifetime scope that is the filing's reporter, neither
        /// retained: the factory value resolving through it keeps it alive (unobserved). Last:
        /// the cases before keep their encoding (`isUnobservedNowhere` stays one compare).
        case scope
        var isGraph: Bool {
            if case .graph = self { return true }
            return false
        }
    }
    var isUnobservedNowhere: Bool {
        @inline(__always) get {
            switch place {
            case .nowhere, .dropped: !observed
            case .graph, .storage, .scope: false
            }
        }
    }
    package let place: Place
    /// The node that reports the build and owns a stored one; nil on the fast path.
    package let reporter: UnsafeReference<ContainerNode>?
    package let observed: Bool
    static func unobserved(_ place: Place) -> Filing {
        Filing(place: place, reporter: nil, observed: false)
    }
}

extension ContainerNode {
    /// Step 2: everything before the body. Returns the held instance (`.found`), or opens
    /// the build's frame and returns `.build`: the caller runs the body and calls
    /// ``ResolutionContext/finishBuild(_:)``. `parameter`: nil for a ``Factory``. A unique
    /// build with nothing in play opens its frame here; the rest is out of line.
    @usableFromInline
    package func beginBuild(
        _ key: RegistrationKey, parameter: UnsafePointer<AnyParameter>?, kind: Scope.Lifetime, custom: Scope?
    ) -> BeginOutcome {
        // A `.graph` build goes out of line with no argument on the stack, so that it need not
        // come back here (a `Factory`'s hit was answered by `graphRead`).
        if kind == .graph { return beginGraphBuild(key, parameter: parameter) }
        guard kind == .unique else {
            return ResolutionContext.withCurrent {
                beginRouted(key, parameter: parameter, kind: kind, custom: custom, context: $0)
            }
        }
        // A unique build through a root without overrides (each level of a chain): nothing but
        // loads before its frame opens. The gate is read after the overrides: a reset raises it
        // before it clears them.
        guard Route.isUnobservedOutsideWorlds(self), Route.isRootWithoutOverrides(self), !isAutoRegistrationPending else {
            return beginUniqueChecked(key, parameter: parameter, custom: custom)
        }
        return ResolutionContext.withCurrent { beginUnique(key, parameter: parameter, context: $0) }
    }
    /// A unique build through a lifetime scope or a root with overrides: the override looked
    /// up under the nodes' locks, out of line so that the build above saves no registers for it.
    @inline(never)
    private func beginUniqueChecked(
        _ key: RegistrationKey, parameter: UnsafePointer<AnyParameter>?, custom: Scope?
    ) -> BeginOutcome {
        ResolutionContext.withCurrent { context in
            guard Route.mayResolveFast(key, from: self), !isAutoRegistrationPending else {
                return beginRouted(key, parameter: parameter, kind: .unique, custom: custom, context: context)
            }
            return beginUnique(key, parameter: parameter, context: context)
        }
    }
    /// Opens a unique build with nothing in play: the caller keeps the value, nobody hears of it.
    @inline(__always)
    private func beginUnique(
        _ key: RegistrationKey, parameter: UnsafePointer<AnyParameter>?, context: ResolutionContext
    ) -> BeginOutcome {
        context.noteOutermostStart()
        let frame = ThreadFrame(key, parameter: parameter, kind: .unique, custom: nil, ownedByChild: false, in: self)
        context.open(frame, filing: .unobserved(.nowhere))
        return .build(override: nil, form: .unused, context: .unretained(context))
    }
    private var isAutoRegistrationPending: Bool {
        @inline(__always) get { withRoot { $0.autoRegistrationPending.load(ordering: .acquiring) != 0 } }
    }
    /// A `.graph` build with nothing in play opens its frame here (after one more probe of the
    /// current graph: a parameter factory's, or a hit an observer hears of); the rest goes the
    /// general way.
    @inline(never)
    private func beginGraphBuild(_ key: RegistrationKey, parameter: UnsafePointer<AnyParameter>?) -> BeginOutcome {
        ResolutionContext.withCurrent { context in
            guard Route.mayResolveFast(key, from: self), !isAutoRegistrationPending else {
                return beginRouted(key, parameter: parameter, kind: .graph, custom: nil, context: context)
            }
            context.noteOutermostStart()
            let frame = ThreadFrame(key, parameter: parameter, kind: .graph, custom: nil, ownedByChild: false, in: self)
            return Route.beginUnheld(frame, from: self, override: nil, observed: false, context: context)
        }
    }
    /// ``beginGeneral(_:parameter:kind:custom:context:timeToLive:)``, out of line.
    @inline(never)
    private func beginRouted(
        _ key: RegistrationKey, parameter: UnsafePointer<AnyParameter>?, kind: Scope.Lifetime, custom: Scope?,
        context: ResolutionContext
    ) -> BeginOutcome {
        beginGeneral(key, parameter: parameter, kind: kind, custom: custom, context: context)
    }
    /// Step 2 for a factory with a time to live: the general way, after dropping a held
    /// instance older than `timeToLive` seconds.
    @usableFromInline @inline(never)
    package func beginExpiringBuild(
        _ key: RegistrationKey, parameter: UnsafePointer<AnyParameter>?, kind: Scope.Lifetime, custom: Scope?,
        timeToLive: Double
    ) -> BeginOutcome {
        ResolutionContext.withCurrent { context in
            beginGeneral(key, parameter: parameter, kind: kind, custom: custom, context: context, timeToLive: timeToLive)
        }
    }
    /// `beginBuild` for a caching scope, or with anything in play: the held instance, or
    /// exactly one build however many threads ask at once.
    @inline(__always)
    private func beginGeneral(
        _ key: RegistrationKey, parameter: UnsafePointer<AnyParameter>?, kind: Scope.Lifetime, custom: Scope?,
        context: ResolutionContext, timeToLive: Double? = nil
    ) -> BeginOutcome {
        if context.takeFastReadClaim(in: storage) {
            return Route.beginClaimedByFastRead(key, parameter: parameter, in: self, context: context)
        }
        context.noteOutermostStart()
        // A loop, not a recursion: overrides changing on other threads must not deepen the
        // stack. `overridesSeen` is read before the override is looked up.
        while true {
            let overridesSeen = OverrideChanges.now
            let route = Route(key, from: self, declared: custom ?? Scope.builtIn(kind))
            if let step = route.begin(
                key, parameter: parameter, context: context, timeToLive: timeToLive, overridesSeen: overridesSeen)
            {
                return step
            }
        }
    }
}

extension ResolutionContext {
    /// Step 3: closes this thread's innermost build, whose body just made `payload`, and
    /// files and reports the instance.
    @usableFromInline
    package func finishBuild(_ payload: AnyObject?) {
        // A unique build nobody observes (most builds of a chain): the rest out of line, so
        // that this path saves no registers.
        if innermostFiling.isUnobservedNowhere { return closeInnermost() }
        fileAndReport(payload)
    }
    /// A build that is filed or reported: files it, reports it, and releases what
    /// `beginBuild` retained.
    @inline(never)
    private func fileAndReport(_ payload: AnyObject?) {
        let (frame, filing) = (innermostFrame, innermostFiling)
        closeInnermost()
        if case .scope = filing.place {  // borrowed, unobserved (`Route.openClaimed`)
            return filing.reporter.unsafelyUnwrapped.withBorrowed {
                _ = file(payload, of: frame, scope: frame.scope, in: $0.storage, reporter: nil)
            }
        }
        let reporter = filing.reporter?.takeRetained()
        var kept = true
        switch filing.place {
        case .nowhere:
            break
        case .graph:
            if let payload { fileInGraph(payload, for: frame) }
        case .storage(let storage):
            kept = file(payload, of: frame, scope: frame.scope, in: storage.takeRetained(), reporter: reporter)
        case .scope, .dropped:
            kept = false
        }
        guard filing.observed, let reporter else { return }
        Route.reportBuilt(
            frame.storageKey, scope: frame.scope, instance: payload.flatMap(Payload.identity(of:)),
            kept: kept || payload == nil, by: reporter)   // nil: a value under `.shared`, nothing to release
    }
    /// Files `payload` (in `kind.payloadForm`: a weakly kept one is the target itself) in `storage`.
    @inline(__always)
    private func file(
        _ payload: AnyObject?, of frame: ThreadFrame, scope: Scope, in storage: InstanceStorage, reporter: ContainerNode?
    ) -> Bool {
        storage.fileBuild(
            of: frame, holding: frame.kind.holding(for: payload, weakTarget: { $0 }), scope: scope,
            reporter: frame.kind.storedReporter(reporter), context: self)
    }
}
