// Concurrency rule: the resolve path runs under no lock of its own. It reads the override
// table and the tree under each node's `state` lock (ContainerNode.swift), and builds through
// `InstanceStorage.claim`/`fileBuild`, which record a build in flight under the storage's lock
// and file its instance under it again. The body runs between `beginBuild` and `finishBuild`,
// in the typed shell (Registration.swift), with no lock held; so do observers.
// The three steps of a resolve (Internal/README.md), compiled once: only the typed shell is
// specialised per factory, which keeps the code per factory and the stack per nested level small.

// MARK: The lock-free read

/// What a lookup found (the fast read, the storage's tables): one word and a tag.
@usableFromInline package enum Lookup {
    /// A strongly held ``Payload``, retained for the caller.
    case held(AnyObject)
    /// A live `.shared` instance.
    case heldWeakly(AnyObject)
    /// Nothing readable without a lock (only the fast read answers this): begin a build.
    case miss
    /// A lifetime scope after `close()`.
    case closed
    /// The held instance as `T`, or nil: the one unwrap of every typed shell.
    @inlinable @inline(__always) package func heldInstance<T>(as _: T.Type) -> T? {
        switch self {
        case .held(let payload): Payload.unwrap(payload, as: T.self)
        case .heldWeakly(let object): Payload.unwrapWeak(object, as: T.self)
        case .miss, .closed: nil
        }
    }
    package var heldIdentity: ObjectIdentifier? {
        switch self {
        case .held(let payload): Payload.identity(of: payload)
        case .heldWeakly(let object): ObjectIdentifier(object)
        case .miss, .closed: nil
        }
    }
}

/// What ``ContainerNode/beginBuild(_:parameter:kind:custom:)`` decided.
@usableFromInline package enum BeginOutcome {
    /// `.held` or `.heldWeakly`: return it.
    case found(Lookup)
    /// Run the body (the override's if any), then hand its value, in `form`, to `finishBuild`.
    case build(override: (any OverrideBody)?, form: PayloadForm, context: UnsafeReference<ResolutionContext>)
    @inlinable @inline(__always) package func heldInstance<T>(as _: T.Type) -> T? {
        guard case .found(let held) = self else { return nil }
        return held.heldInstance(as: T.self)
    }
}

extension InstanceStorage {
    /// The instance held for `key` (no parameter) from the lock-free index, deadlines ignored; a
    /// child's storage (none) is read under its lock, and a miss records the thread's build there.
    @inline(__always) fileprivate func read(
        _ key: RegistrationKey, weakly: Bool, claimingIn node: ContainerNode, overridesSeen: UInt?
    ) -> Lookup {
        if let readIndex {
            return readIndex.withBorrowed { index in
                index.read(key, weakly: weakly) ?? state.withLock { _ in index.refill(key) }
            }
        }
        return readOrClaim(key, in: node, overridesSeen: overridesSeen)
    }
    /// The instance held for `key`, unless its deadline is past `now` (`.timeToLive`); without an
    /// index that keeps deadlines, read in the locked table (``Expiry/noClock``: only one without a deadline).
    fileprivate func read(_ key: RegistrationKey, weakly: Bool, at now: UInt64) -> Lookup {
        if let readIndex, HeldIndex.holdsDeadlines {
            return readIndex.withBorrowed { index in
                index.read(key, weakly: weakly, at: now) ?? state.withLock { _ in index.refill(key, at: now) }
            }
        }
        let hash = key.quickHash
        return state.withLock { $0.table.freshInstance(of: key, hash: hash, at: now) } ?? .miss
    }
    /// The same for a per-parameter instance.
    @inline(__always) fileprivate func held(_ key: StorageKey, at now: UInt64) -> Lookup {
        let hash = key.registration.quickHash
        return state.withLock { $0.table.freshInstance(of: key, hash: hash, at: now) } ?? .miss
    }
}

extension ContainerNode {
    /// Step 1: the held instance of a caching scope, lock-free where the scope keeps it; `.miss`
    /// whenever `beginBuild` has something to do (a world, an observer, an override, nothing held).
    /// In a child a miss records this thread's build, which `beginBuild` right after opens.
    @usableFromInline package func fastRead(_ key: RegistrationKey, kind: Scope.Lifetime) -> Lookup {
        // A root, no override, observer or world (the common case): its index, and no call but a
        // tail call to the rest (which needs no registers saved here).
        if Switches.now.isDisjoint(with: [.worlds, .observers]), Route.isRootWithoutOverrides(self),
            let index = kind.withHeldStorage(from: self, { $0.readIndex }) ?? nil,
            let found = index.withBorrowed({ $0.readSameLiterals(key, weakly: kind.keepsWeakly) })
        {
            return found
        }
        return fastReadInGeneral(key, kind: kind)
    }
    @inline(never) private func fastReadInGeneral(_ key: RegistrationKey, kind: Scope.Lifetime) -> Lookup {
        guard Route.isUnobservedOutsideWorlds(self) else { return .miss }
        var overridesSeen: UInt? = nil
        if !Route.isRootWithoutOverrides(self) {
            // Read before the override, as `beginGeneral` does: a child's read records a build
            // only if no override changed since.
            overridesSeen = OverrideChanges.now
            guard Route.seesNoOverride(of: key, from: self) else { return .miss }
        }
        return kind.withHeldStorage(from: self) {
            $0.read(key, weakly: kind.keepsWeakly, claimingIn: self, overridesSeen: overridesSeen)
        } ?? .miss
    }
    /// Step 1 for a `.graph` ``Factory``: the current graph's instance, one probe whatever the override
    /// or world (the general way probes first too); `.miss` for the build's way (which probes again)
    /// if an observer hears of a hit or a pending `autoRegister()` runs first.
    @usableFromInline package func graphRead(_ key: RegistrationKey) -> Lookup {
        guard !Switches.now.contains(.observers), !isAutoRegistrationPending,
            let held = ResolutionContext.graphInstanceIfAny(key)
        else { return .miss }
        return .held(held)
    }
    /// ``fastRead(_:kind:)`` that never records a build: for the async shells.
    @usableFromInline package func fastReadWithoutClaim(_ key: RegistrationKey, kind: Scope.Lifetime) -> Lookup {
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
    /// Step 1 with a time to live: the held instance if younger than it on the monotonic clock (a
    /// world, which may have a test clock, goes the general way). `parameter`: nil for a ``Factory``.
    @usableFromInline package func fastReadExpiring(
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
    /// No world, observer or override of `key` in play from `node`: a resolve may read lock-free, or
    /// build a unique instance without a route (three relaxed loads for a root without overrides).
    @inline(__always) fileprivate static func mayResolveFast(_ key: RegistrationKey, from node: ContainerNode) -> Bool {
        isUnobservedOutsideWorlds(node) && (isRootWithoutOverrides(node) || seesNoOverride(of: key, from: node))
    }
    @inline(__always) fileprivate static func isUnobservedOutsideWorlds(_ node: ContainerNode) -> Bool {
        let on = Switches.now
        return !on.contains(.worlds) && !(on.contains(.observers) && node.isObservedInChain)
    }
    @inline(__always) fileprivate static func isRootWithoutOverrides(_ node: ContainerNode) -> Bool {
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
@usableFromInline package enum PayloadForm {
    /// Nothing: the caller keeps the value (a unique build nobody observes).
    case unused
    /// A ``Payload``, held by a storage or a graph, or described in an event.
    case strong
    /// For `.shared`: the class instance itself, or nil for a value type (nothing is kept).
    case weak
}

/// Where a build files its instance and who reports it (`finishBuild`). Trivial: its references
/// were retained when the build began.
package struct Filing {
    package enum Place {
        /// Nowhere: `.unique`, or a `.graph` resolved at the top (its own whole graph).
        case nowhere
        /// The current graph: a `.graph` build nested in a top-level resolve.
        case graph
        case storage(UnsafeReference<InstanceStorage>)
        /// Nowhere, through a closed scope, for a caller that may outlive it: reported released at once.
        case dropped
        /// The storage of the child that reports the filing, neither retained: the factory value resolving
        /// through it keeps it alive (unobserved). Last: `isUnobservedNowhere` stays one compare.
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
    /// Step 2: the held instance, or the build's frame opened (`.build`: the caller runs the body and
    /// calls `finishBuild`). A unique build with nothing in play opens here; the rest is out of line.
    @usableFromInline package func beginBuild(
        _ key: RegistrationKey, parameter: UnsafePointer<AnyParameter>?, kind: Scope.Lifetime, custom: Scope?
    ) -> BeginOutcome {
        // Out of line with no argument on the stack, not to come back here (`graphRead` answered a hit).
        if kind == .graph { return beginGraphBuild(key, parameter: parameter) }
        guard kind == .unique else {
            return ResolutionContext.withCurrent {
                beginRouted(key, parameter: parameter, kind: kind, custom: custom, context: $0)
            }
        }
        // A unique build through a root without overrides (each level of a chain): only loads before
        // its frame opens. The gate is read after the overrides: a reset raises it before clearing them.
        guard Route.isUnobservedOutsideWorlds(self), Route.isRootWithoutOverrides(self), !isAutoRegistrationPending else {
            return beginUniqueChecked(key, parameter: parameter, custom: custom)
        }
        return ResolutionContext.withCurrent { beginUnique(key, parameter: parameter, context: $0) }
    }
    /// Through a lifetime scope or a root with overrides: out of line, so the build above saves no registers.
    @inline(never) private func beginUniqueChecked(
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
    @inline(__always) private func beginUnique(
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
    /// A `.graph` build with nothing in play opens here (after one more probe of the graph: a
    /// parameter factory's, or a hit an observer hears of); the rest goes the general way.
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
    @inline(never) private func beginRouted(
        _ key: RegistrationKey, parameter: UnsafePointer<AnyParameter>?, kind: Scope.Lifetime, custom: Scope?,
        context: ResolutionContext
    ) -> BeginOutcome {
        beginGeneral(key, parameter: parameter, kind: kind, custom: custom, context: context)
    }
    /// Step 2 with a time to live: the general way, after dropping an instance older than it.
    @usableFromInline @inline(never) package func beginExpiringBuild(
        _ key: RegistrationKey, parameter: UnsafePointer<AnyParameter>?, kind: Scope.Lifetime, custom: Scope?,
        timeToLive: Double
    ) -> BeginOutcome {
        ResolutionContext.withCurrent { context in
            beginGeneral(key, parameter: parameter, kind: kind, custom: custom, context: context, timeToLive: timeToLive)
        }
    }
    /// A caching scope, or anything in play: the held instance, or one build however many threads ask.
    @inline(__always) private func beginGeneral(
        _ key: RegistrationKey, parameter: UnsafePointer<AnyParameter>?, kind: Scope.Lifetime, custom: Scope?,
        context: ResolutionContext, timeToLive: Double? = nil
    ) -> BeginOutcome {
        if context.takeFastReadClaim(in: storage) {
            return Route.beginClaimedByFastRead(key, parameter: parameter, in: self, context: context)
        }
        context.noteOutermostStart()
        // A loop, not a recursion: overrides changing on other threads must not deepen the stack.
        // `overridesSeen` is read before the override is looked up.
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
    /// Step 3: closes this thread's innermost build, whose body just made `payload`; files, reports.
    @usableFromInline package func finishBuild(_ payload: AnyObject?) {
        // A unique build nobody observes (most of a chain): the rest out of line, saving no registers.
        if innermostFiling.isUnobservedNowhere { return closeInnermost() }
        fileAndReport(payload)
    }
    /// Files and reports a build, and releases what `beginBuild` retained.
    @inline(never) private func fileAndReport(_ payload: AnyObject?) {
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
        case .nowhere: break
        case .graph: if let payload { fileInGraph(payload, for: frame) }
        case .storage(let storage):
            kept = file(payload, of: frame, scope: frame.scope, in: storage.takeRetained(), reporter: reporter)
        case .scope, .dropped: kept = false
        }
        guard filing.observed, let reporter else { return }
        Route.reportBuilt(
            frame.storageKey, scope: frame.scope, instance: payload.flatMap(Payload.identity(of:)),
            kept: kept || payload == nil, by: reporter)   // nil: a value under `.shared`, nothing to release
    }
    /// Files `payload` (in `kind.payloadForm`: a weakly kept one is the target itself) in `storage`.
    @inline(__always) private func file(
        _ payload: AnyObject?, of frame: ThreadFrame, scope: Scope, in storage: InstanceStorage, reporter: ContainerNode?
    ) -> Bool {
        storage.fileBuild(
            of: frame, holding: frame.kind.holding(for: payload, weakTarget: { $0 }), scope: scope,
            reporter: frame.kind.storedReporter(reporter), context: self)
    }
}
