// Concurrency rule: the resolve path runs under no lock of its own. It reads the
// override table and the tree under each node's `state` lock (ContainerNode.swift), and
// builds through `InstanceStorage.claim`/`fileBuild`, which record a build in flight
// under the storage's lock and file its instance under it again (InstanceStorage.swift).
// The body runs between `beginBuild` and `finishBuild`, in the typed shell
// (Registration.swift), with no lock held; so do observers.
//
// This is the one file to read for a resolve. A resolve is at most three calls from the
// typed shell, each compiled once, in Scoped, for every `T`:
//
// 1. `fastRead`: the held instance of a caching scope, read lock-free from the storage's
//    `HeldIndex`, when no override, observer or container world is in play. A child
//    lifetime scope's storage is read under its lock, and a miss there records the
//    thread's build in the same critical section: `beginBuild` then only opens it.
// 2. `beginBuild`: everything else up to the body. It computes the resolve's route once
//    (Route.swift: override or not, where the scope keeps its instances, its holder);
//    along it, the held instance or exactly one build across threads, cycle and captive
//    checks. It opens the build's frame on the thread's stack of builds with what is left
//    to do, and answers `.build`: the shell runs the body.
// 3. `ResolutionContext.finishBuild`: closes the frame and does what was left: file the
//    instance in its storage or the current graph, report it.
//
// Only the shell (run the body, wrap and unwrap the value) is specialised per factory,
// so an app carries a few hundred bytes per factory instead of the whole path, and a
// nested build keeps only the shell's frame on the stack while its body runs: nothing of
// steps 1–3 (issue #14: stack per nested level).

// MARK: The lock-free read

/// What a lookup found: the fast read (`ContainerNode.fastRead`), the storage's tables
/// (`InstanceStorage.claim`, `EntryTable`, `HeldIndex`) answer with one of these. One word
/// and a tag, as every table lookup returns one.
@usableFromInline
package enum Lookup {
    /// A strongly held ``Payload``, retained for the caller.
    case held(AnyObject)
    /// A live `.shared` instance.
    case heldWeakly(AnyObject)
    /// Nothing held that can be read without a lock: begin a build (which may still find
    /// one). Only the fast read answers this.
    case miss
    /// The storage is closed (a lifetime scope after `close()`). Only the storage answers
    /// this; `beginBuild` stops the process instead.
    case closed

    /// The held instance as `T` (`.held`: a ``Payload``; `.heldWeakly`: a `.shared` class
    /// instance), or nil for every other outcome. The one unwrap of every typed shell.
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
package enum BuildStep {
    /// The instance is held (`.held` or `.heldWeakly`): return it.
    case found(Lookup)
    /// Run the body now: the override's (an `OverrideBox<P, T>`) if there is one, else the
    /// declared one; then hand what it made, in `form`, to `context`'s
    /// ``ResolutionContext/finishBuild(_:)``, which must be called.
    case build(override: (any OverrideBody)?, form: PayloadForm, context: UnsafeReference<ResolutionContext>)

    /// The held instance as `T`; nil for `.build`.
    @inlinable @inline(__always)
    package func heldInstance<T>(as _: T.Type) -> T? {
        guard case .found(let held) = self else { return nil }
        return held.heldInstance(as: T.self)
    }
}

extension InstanceStorage {
    /// The instance held for `key` (no parameter), from the lock-free index, which does not
    /// look at deadlines (``HeldSlot/read()``); builds, waits and reports nothing.
    ///
    /// A storage without one (a child lifetime scope's) is read under its lock, and on a
    /// miss records the build of `key` for the thread, which the typed shell's `beginBuild`
    /// then opens (``readOrClaim(_:in:overridesSeen:)``).
    @inline(__always)
    fileprivate func read(_ key: RegistrationKey, claimingIn node: ContainerNode, overridesSeen: UInt?) -> Lookup {
        if let readIndex { return readIndex.withBorrowed { $0.read(key) } }
        return readOrClaim(key, in: node, overridesSeen: overridesSeen)
    }

    /// The instance held for `key`, as ``read(_:)`` reads it, if it has no deadline or
    /// `now` is not past it (`.timeToLive`).
    fileprivate func read(_ key: RegistrationKey, at now: UInt64) -> Lookup {
        if let readIndex, HeldIndex.holdsDeadlines { return readIndex.withBorrowed { $0.read(key, at: now) } }
        return readLocked(key, at: now)
    }

    /// The instance held for `key` in the locked table, if it has no deadline or `now` is
    /// not past it (``Expiry/noClock``: only one without a deadline).
    @inline(__always)
    private func readLocked(_ key: RegistrationKey, at now: UInt64) -> Lookup {
        let hash = key.quickHash
        return state.withLock { $0.table.freshInstance(of: key, hash: hash, at: now) } ?? .miss
    }

    /// The instance held for `key` in the locked table (per-parameter instances), as
    /// ``readLocked(_:at:)`` decides.
    @inline(__always)
    fileprivate func held(_ key: StorageKey, at now: UInt64) -> Lookup {
        let hash = key.registration.quickHash
        return state.withLock { $0.table.freshInstance(of: key, hash: hash, at: now) } ?? .miss
    }
}

extension ContainerNode {
    /// Step 1, the held instance read without a lock: from the storage's lock-free
    /// ``HeldIndex`` (a child's storage: its locked table) where the scope keeps it.
    /// Non-generic, so that it is compiled once. The typed shell asks only for scopes
    /// that hold instances (`kind.holdsInstances`).
    ///
    /// Returns `.miss` whenever ``beginBuild(_:parameter:kind:custom:)`` has something to
    /// do: a scope that keeps nothing, a container world or an observer in play, an
    /// override of `key` visible from here, or no instance held yet.
    ///
    /// In a child lifetime scope, whose own instances are read under its storage's lock,
    /// a miss that nothing else decides records this thread's build there in the same
    /// critical section (``InstanceStorage/readOrClaim(_:in:overridesSeen:)``):
    /// the typed shell calls `beginBuild` right after, which opens it. An async shell, which
    /// does not, reads with ``fastReadWithoutClaim(_:kind:)``.
    @usableFromInline
    package func fastRead(_ key: RegistrationKey, kind: Scope.Lifetime) -> Lookup {
        guard Route.isUnobservedOutsideWorlds(self) else { return .miss }
        // A root without overrides (the common case): nothing to look up, and every
        // storage it reads has a lock-free index.
        var overridesSeen: UInt? = nil
        if !Route.isRootWithoutOverrides(self) {
            // Read before the override is looked up, as `beginGeneral` does: a child's read
            // records a build only if no override changed since.
            overridesSeen = OverrideChanges.now
            guard Route.seesNoOverride(of: key, from: self) else { return .miss }
        }
        return kind.withHeldStorage(from: self) { $0.read(key, claimingIn: self, overridesSeen: overridesSeen) } ?? .miss
    }

    /// ``fastRead(_:kind:)`` that never records a build: for the async shells.
    @usableFromInline
    package func fastReadWithoutClaim(_ key: RegistrationKey, kind: Scope.Lifetime) -> Lookup {
        guard kind == .scoped && !isRoot else { return fastRead(key, kind: kind) }
        guard Route.mayResolveFast(key, from: self) else { return .miss }
        return storage.readOrClaim(key, in: self, overridesSeen: nil)
    }

    /// The same for a parameter factory: for a per-parameter one, the parameter's box is
    /// part of the key.
    @usableFromInline
    package func fastRead(_ key: RegistrationKey, parameter: UnsafePointer<BuildParameter>, kind: Scope.Lifetime) -> Lookup {
        // One instance whatever the parameter: held ones are read as above.
        guard let box = parameter.pointee.box else { return fastRead(key, kind: kind) }
        guard Route.mayResolveFast(key, from: self) else { return .miss }
        let storageKey = StorageKey(key, box: box)
        return kind.withHeldStorage(from: self) { $0.held(storageKey, at: Expiry.noClock) } ?? .miss
    }

    /// Step 1 for a factory with a time to live (`.timeToLive(_:)`): the held instance
    /// as ``fastRead(_:kind:)`` reads it, if it is younger than its time to live on the
    /// platform's monotonic clock. A container world (which may have a test clock) goes
    /// the general way, as every world does. `parameter`: a parameter factory's, nil for a
    /// ``Factory``.
    @usableFromInline
    package func fastReadExpiring(
        _ key: RegistrationKey, parameter: UnsafePointer<BuildParameter>?, kind: Scope.Lifetime
    ) -> Lookup {
        guard Route.mayResolveFast(key, from: self) else { return .miss }
        let now = Platform.monotonicNanoseconds
        return kind.withHeldStorage(from: self) { storage in
            guard let box = parameter?.pointee.box else { return storage.read(key, at: now) }
            return storage.held(StorageKey(key, box: box), at: now)
        } ?? .miss
    }
}

extension Route {
    /// No container world, no observer on this chain, no override of `key` visible from
    /// `node`: a resolve may read lock-free, or build a unique instance without a route.
    /// A root without overrides (the common case) answers with three relaxed atomic loads.
    @inline(__always)
    fileprivate static func mayResolveFast(_ key: RegistrationKey, from node: ContainerNode) -> Bool {
        isUnobservedOutsideWorlds(node) && (isRootWithoutOverrides(node) || seesNoOverride(of: key, from: node))
    }

    /// No container world, no observer on `node`'s chain.
    @inline(__always)
    fileprivate static func isUnobservedOutsideWorlds(_ node: ContainerNode) -> Bool {
        !WorldNode.isActive && !node.isObservedInChain
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

/// What a build still has to do once its body returned: recorded with its frame by
/// ``ContainerNode/beginBuild(_:parameter:kind:custom:)``, carried out by
/// ``ResolutionContext/finishBuild(_:)``. Trivial, as the stack of open builds requires:
/// its references were retained when the build began and are released when it finishes.
package struct BuildEnding {
    /// Where the instance goes.
    package enum Filing {
        /// Nowhere (`.unique`, or a `.graph` resolved at the top: its own whole graph).
        case nowhere
        /// The current graph (a `.graph` build nested in a top-level resolve).
        case graph
        /// The storage that holds the scope's instances.
        case storage(UnsafeReference<InstanceStorage>)
        /// Nowhere, through a closed scope, for a caller that may outlive it (a cancelled
        /// task, an ended async build): reported as released at once.
        case dropped

        var isGraph: Bool {
            if case .graph = self { return true }
            return false
        }
    }

    package let filing: Filing
    /// The node that reports the build (when observed) and, filed in a storage, owns it;
    /// nil on the fast path (nothing to report, nothing stored).
    package let reporter: UnsafeReference<ContainerNode>?
    package let observed: Bool

    /// A unique or graph build with no observer: nothing to release, nothing to report.
    static func unobserved(_ filing: Filing) -> BuildEnding {
        BuildEnding(filing: filing, reporter: nil, observed: false)
    }
}

extension ContainerNode {
    /// Step 2: everything a resolve does before its body runs. Returns the held instance
    /// (`.found`: `.held` or `.heldWeakly`), or opens the build's frame and returns `.build`;
    /// the caller then runs the body and calls ``ResolutionContext/finishBuild(_:)``.
    /// `parameter`: a parameter factory's (its frame holds it, so that a body resolving
    /// its own factory with another parameter is not a cycle); nil for a ``Factory``.
    ///
    /// A unique or graph build with no override, observer or container world opens its
    /// frame here; the rest is out of line.
    @usableFromInline
    package func beginBuild(
        _ key: RegistrationKey, parameter: UnsafePointer<BuildParameter>?, kind: Scope.Lifetime, custom: Scope?
    ) -> BuildStep {
        // A root whose `autoRegister()` is pending goes the general way, which runs it
        // (`Route.init`) before reading overrides; checked first, so that an override it
        // registers is never missed.
        // The gate is read after the overrides: a reset raises it before it clears them
        // (AutoRegistration.swift), so a read that saw them cleared sees it raised.
        if !kind.holdsInstances, Route.mayResolveFast(key, from: self), withRoot({ $0.autoRegistrationPending.load(ordering: .acquiring) == 0 }) {
            return ResolutionContext.withCurrent { context in
                context.noteOutermostStart()
                let frame = BuildFrame(key, parameter: parameter, kind: kind, custom: nil, ownedByChild: false, in: self)
                return Route.beginUnheld(frame, from: self, override: nil, observed: false, context: context)
            }
        }
        return beginGeneral(key, parameter: parameter, kind: kind, custom: custom)
    }

    /// `beginBuild` with an override, an observer or a container world in play, or a
    /// caching scope: where the instance lives, the held one, or exactly one build however
    /// many threads ask at once.
    @inline(never)
    private func beginGeneral(
        _ key: RegistrationKey, parameter: UnsafePointer<BuildParameter>?, kind: Scope.Lifetime, custom: Scope?
    ) -> BuildStep {
        // The thread's context, borrowed: the thread keeps it alive.
        ResolutionContext.withCurrent { context in
            beginGeneral(key, parameter: parameter, kind: kind, custom: custom, context: context)
        }
    }

    /// Step 2 for a factory with a time to live (`.timeToLive(_:)`, Expiry.swift), which
    /// never reads lock-free: `beginBuild`'s general path, after dropping the held instance
    /// if it is older than `timeToLive` seconds. Stops for a scope that keeps nothing.
    @usableFromInline @inline(never)
    package func beginExpiringBuild(
        _ key: RegistrationKey, parameter: UnsafePointer<BuildParameter>?, kind: Scope.Lifetime, custom: Scope?,
        timeToLive: Double
    ) -> BuildStep {
        ResolutionContext.withCurrent { context in
            beginGeneral(key, parameter: parameter, kind: kind, custom: custom, context: context, timeToLive: timeToLive)
        }
    }

    @inline(__always)
    private func beginGeneral(
        _ key: RegistrationKey, parameter: UnsafePointer<BuildParameter>?, kind: Scope.Lifetime, custom: Scope?,
        context: ResolutionContext, timeToLive: Double? = nil
    ) -> BuildStep {
        // The fast read that just missed in this child lifetime scope recorded the build
        // (and noted the outermost start before it): no route to compute, nothing to claim.
        if context.takeFastReadClaim(in: storage) {
            return Route.beginClaimedByFastRead(key, parameter: parameter, in: self, context: context)
        }
        context.noteOutermostStart()
        // A loop, not a recursion: overrides that keep changing on other threads (a test
        // registering in a loop) must not deepen the stack. Each attempt computes the route
        // once; nil: an override changed after it was looked up, and nothing was claimed.
        while true {
            // Read before the override is looked up: a build is recorded only if no
            // override changed since.
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
    /// Step 3: closes this thread's innermost build, whose body just made `payload` (in
    /// the form `beginBuild` asked for), and does what its ending says: file the instance
    /// in its storage or the current graph, report it.
    @usableFromInline
    package func finishBuild(_ payload: AnyObject?) {
        let ending = innermostEnding
        guard !ending.observed else { return fileAndReport(ending, payload: payload) }
        switch ending.filing {
        case .nowhere, .dropped:
            closeInnermost()
        case .graph:
            let key = innermostFrame.storageKey
            closeInnermost()
            if let payload { fileInGraph(payload, for: key) }
        case .storage:
            fileAndReport(ending, payload: payload)
        }
    }

    /// A build that is stored or reported: files it, reports it, and releases what
    /// `beginBuild` retained.
    @inline(never)
    private func fileAndReport(_ ending: BuildEnding, payload: AnyObject?) {
        let frame = innermostFrame
        closeInnermost()
        let scope = frame.scope
        let reporter = ending.reporter?.takeRetained()
        var kept = true
        switch ending.filing {
        case .nowhere:
            break
        case .graph:
            if let payload { fileInGraph(payload, for: frame.storageKey) }
        case .storage(let storage):
            // `payload` came in `kind.payloadForm`: a weakly kept one is the target itself.
            kept = storage.takeRetained().fileBuild(
                of: frame, holding: frame.kind.holding(for: payload, weakTarget: { $0 }), scope: scope,
                reporter: frame.kind.storedReporter(reporter), context: self)
        case .dropped:
            kept = false
        }
        guard ending.observed, let reporter else { return }
        Route.reportBuilt(
            frame.storageKey, scope: scope, instance: payload.flatMap(Payload.identity(of:)),
            kept: kept || payload == nil, by: reporter)   // nil: a value under `.shared`, nothing to release
    }
}
