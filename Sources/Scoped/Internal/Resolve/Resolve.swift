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
//    `HeldIndex`, when no override, observer or container world is in play.
// 2. `beginBuild`: everything else up to the body — override or not, where the scope
//    keeps its instances (its holder), the held instance or exactly one build across
//    threads, cycle and captive checks. It opens the build's frame on the thread's stack
//    of builds with what is left to do, and answers `.build`: the shell runs the body.
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
    /// The instance held for `key` (no parameter); builds, waits and reports nothing: from
    /// the lock-free index, which does not look at deadlines (``HeldSlot/read()``), or
    /// the locked table of a storage without one, which returns none with a deadline.
    @inline(__always)
    fileprivate func read(_ key: RegistrationKey) -> Lookup {
        if let readIndex { return readIndex.withBorrowed { $0.read(key) } }
        return readLocked(key, at: Expiry.noClock)
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
    @usableFromInline
    package func fastRead(_ key: RegistrationKey, kind: Scope.Lifetime) -> Lookup {
        guard mayResolveFast(key) else { return .miss }
        return withHeldStorage(of: kind) { $0.read(key) } ?? .miss
    }

    /// The same for a parameter factory: for a per-parameter one, the parameter's box is
    /// part of the key.
    @usableFromInline
    package func fastRead(_ key: RegistrationKey, parameter: UnsafePointer<BuildParameter>, kind: Scope.Lifetime) -> Lookup {
        // One instance whatever the parameter: held ones are read as above.
        guard let box = parameter.pointee.box else { return fastRead(key, kind: kind) }
        guard mayResolveFast(key) else { return .miss }
        let storageKey = StorageKey(key, box: box)
        return withHeldStorage(of: kind) { $0.held(storageKey, at: Expiry.noClock) } ?? .miss
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
        guard mayResolveFast(key) else { return .miss }
        let now = Platform.monotonicNanoseconds
        return withHeldStorage(of: kind) { storage in
            guard let box = parameter?.pointee.box else { return storage.read(key, at: now) }
            return storage.held(StorageKey(key, box: box), at: now)
        } ?? .miss
    }

    /// No container world, no observer on this chain, no override of `key` visible. A
    /// root without overrides (the common case) answers with three relaxed atomic loads.
    @inline(__always)
    private func mayResolveFast(_ key: RegistrationKey) -> Bool {
        guard !ContainerWorld.State.isActive, !isObservedInChain else { return false }
        return isRoot && overrideCount.load(ordering: .relaxed) == 0
            || override(for: key) == nil && !(mayResolveAtRoot && resolvesAtRootNow())
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
        // (`locate`) before reading overrides; checked first, so that an override it
        // registers is never missed.
        // The gate is read after the overrides: a reset raises it before it clears them
        // (AutoRegistration.swift), so a read that saw them cleared sees it raised.
        if !kind.holdsInstances, mayResolveFast(key), withRoot({ $0.autoRegistrationPending.load(ordering: .acquiring) == 0 }) {
            return ResolutionContext.withCurrent { context in
                context.noteOutermostStart()
                let frame = BuildFrame(key, parameter: parameter, kind: kind, custom: nil, ownedByChild: false, in: self)
                return beginUnheld(frame, override: nil, observed: false, context: context)
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
        context.noteOutermostStart()
        // A loop, not a recursion: overrides that keep changing on other threads (a test
        // registering in a loop) must not deepen the stack.
        while true {
            let step = beginGeneralOnce(key, parameter: parameter, kind: kind, custom: custom, context: context, timeToLive: timeToLive)
            if let step { return step }
        }
    }

    /// One attempt of `beginGeneral`; nil if an override changed after it was looked up
    /// (``OverrideChanges``): then nothing was claimed, and it looks again.
    @inline(__always)
    private func beginGeneralOnce(
        _ key: RegistrationKey, parameter: UnsafePointer<BuildParameter>?, kind: Scope.Lifetime, custom: Scope?,
        context: ResolutionContext, timeToLive: Double?
    ) -> BuildStep? {
        // Read before the override is looked up: a build is recorded only if no override
        // changed since.
        let overridesSeen = OverrideChanges.now
        let (node, found, holder, scope) = locate(key, scope: custom ?? Scope.builtIn(kind))
        let (kind, custom) = (scope.kind, scope.isBuiltIn ? nil : scope)
        let timeToLive = timeToLive ?? found?.body.timeToLive  // the declaration's wins
        // An override's body receives the container its instance belongs to.
        if found != nil { context.overrideContainer = holder?.owner ?? node }
        // 1. Scopes that keep nothing: a new instance (`.unique`), or the current graph's.
        guard let (owner, storage) = holder else {
            if let timeToLive { Expiry.stopUnheld(key, seconds: timeToLive, scope: scope) }
            let frame = BuildFrame(
                key, parameter: parameter, kind: kind, custom: custom, ownedByChild: false, in: node,
                overridden: found != nil)
            return node.beginUnheld(frame, override: found?.body, observed: EventHub.isActive, context: context)
        }
        // 2. Scopes that keep their instance in `storage`, owned by `owner`: the held one,
        //    or this thread's build, recorded in flight so that other threads wait for it.
        //    `created` is reported once the instance is stored, not while its build is still
        //    in flight: an observer that resolves the same key then finds it, not a cycle.
        let frame = BuildFrame(
            key, parameter: parameter, kind: kind, custom: custom, ownedByChild: !owner.isRoot, in: storage,
            overridden: found != nil, lifespan: timeToLive.map { Expiry.lifespan($0, of: key) } ?? Expiry.forever)
        if timeToLive != nil { owner.dropExpired(frame.storageKey, from: storage, clock: Expiry.currentClock) }
        let held: Lookup?
        switch storage.claim(frame, scope: scope, context: context, overridesSeen: overridesSeen) {
        case .held(let found): held = found
        case .build: held = nil
        case .overridesChanged: return nil   // an override changed after it was looked up
        }
        // A captive dependency whether the shorter-lived instance is built now or held
        // already: the holder keeps it alive either way.
        let observed = EventHub.isActive
        if observed { owner.reportCaptivity(of: frame, scope: scope, context: context) }
        if let held {
            return owner.answer(held, of: frame, in: storage, override: found?.body, observed: observed, context: context)
        }
        // The ending keeps `owner` and `storage` until the build finishes: moved into it,
        // not retained again.
        let ending = BuildEnding(
            filing: .storage(.retaining(consume storage)), reporter: .retaining(consume owner), observed: observed)
        context.open(frame, ending: ending)
        return .build(override: found?.body, form: kind.payloadForm, context: .unretained(context))
    }

    /// What a claim that found `held` in `storage` (owned by this node) answers: the
    /// instance, reported and decorated; for a closed scope, a stop, or a build for a
    /// caller that may outlive its scope (``mayOutliveClosedScope``, a property wrapper's
    /// late resolve) or for the body of a build the close overtook.
    private func answer(
        _ held: Lookup, of frame: BuildFrame, in storage: InstanceStorage, override: (any OverrideBody)?,
        observed: Bool, context: ResolutionContext
    ) -> BuildStep {
        let scope = frame.scope
        if case .closed = held,
            ContainerNode.mayOutliveClosedScope || context.isResolvingForPropertyWrapper
                || context.isInBuildBegunBefore(closedAt: storage.state.withLock { $0.closedAt })
        {
            if context.isResolvingForPropertyWrapper && !ContainerNode.mayOutliveClosedScope {
                reportWrapperAfterClose(frame.storageKey, scope: scope)
            }
            // A cancelled task, an ended async build's body, a build the close overtook: an
            // instance for this caller alone, kept by nobody, instead of a stop
            // (LifetimeScopeClosedError).
            let ending = BuildEnding(filing: .dropped, reporter: observed ? .retaining(self) : nil, observed: observed)
            context.open(frame, ending: ending)
            return .build(override: override, form: observed ? .strong : .unused, context: .unretained(context))
        }
        report(held, of: frame, scope: scope)
        override?.decorate(held)  // a decorator given at run time (a build runs it in its body)
        return .found(held)
    }

    /// Where a resolve of `key` from here goes: the node of the current container world,
    /// the override visible from it (and its owner), the scope (the factory's `declared`
    /// one; for a factory declared `.unique`, the override's, given at run time, as in
    /// Factory) and who holds that scope's instance
    /// (nil: a scope that keeps nothing). The synchronous and the async paths both ask this.
    /// Inlined: outside a container world the node is this one, and no reference to it is
    /// taken.
    @inline(__always)
    func locate(_ key: RegistrationKey, scope declared: Scope) -> (
        node: ContainerNode, override: (body: any OverrideBody, owner: ContainerNode)?,
        holder: (owner: ContainerNode, storage: InstanceStorage)?, scope: Scope
    ) {
        var node = nodeInCurrentWorld()
        // A build held outside a view's lifetime scopes resolves as it would at the root.
        if node.mayResolveAtRoot, node.resolvesAtRootNow() { node = node.root.nodeInCurrentWorld() }
        let found = node.overrideAfterAutoRegistration(key)
        let scope = declared.kind == .unique ? found?.body.scope ?? declared : declared
        return (node, found, node.holder(of: scope, overriddenIn: found?.owner), scope)
    }

    /// `.unique` and `.graph`: the current graph's instance, or a build (reported by this
    /// node when `observed`).
    @inline(__always)
    private func beginUnheld(
        _ frame: BuildFrame, override: (any OverrideBody)?, observed: Bool, context: ResolutionContext
    ) -> BuildStep {
        var filing = BuildEnding.Filing.nowhere
        if frame.kind.home == .graph {
            let storageKey = frame.storageKey
            if let held = context.graphInstance(storageKey) {
                if observed { emit(.reused, key: storageKey, scope: frame.scope, instance: Payload.identity(of: held)) }
                return .found(.held(held))
            }
            // A graph resolved at the top is its own whole graph: nothing else shares it.
            if context.isBuilding { filing = .graph }
        }
        guard observed else {
            context.open(frame, ending: .unobserved(filing))
            return .build(override: override, form: filing.isGraph ? .strong : .unused, context: .unretained(context))
        }
        return beginObserved(frame, filing: filing, override: override, context: context)
    }

    /// An observed unique or graph build: its captive check, and a reporter.
    @inline(never)
    private func beginObserved(
        _ frame: BuildFrame, filing: BuildEnding.Filing, override: (any OverrideBody)?, context: ResolutionContext
    ) -> BuildStep {
        reportCaptivity(of: frame, scope: frame.scope, context: context)
        context.open(frame, ending: BuildEnding(filing: filing, reporter: .retaining(self), observed: true))
        // An event describes the instance: it comes back as a payload.
        return .build(override: override, form: .strong, context: .unretained(context))
    }

    /// Whether a synchronous resolve through a closed scope comes from a caller that may
    /// outlive its scope without a programming error — a cancelled task (a request whose
    /// client left, a view's `.task` after its view went), or the body of an async build
    /// that its scope's close ended — and builds for that caller alone instead of stopping.
    static var mayOutliveClosedScope: Bool {
        Task.isCancelled || AsyncBuildChain.isInEndedBuild
    }

    /// Reports a property wrapper's resolve of `key` through this lifetime scope after it
    /// closed (``ResolutionContext/resolvingForPropertyWrapper(_:)``): built for the caller
    /// alone, kept by nobody.
    @inline(never)
    func reportWrapperAfterClose(_ key: StorageKey, scope: Scope) {
        reportMisuse(
            .resolvedAfterScopeClosed,
            "\(key) was resolved through a property wrapper (@LazyInjected, @WeakLazyInjected, @DynamicInjected) "
                + "after its lifetime scope \(displayName) closed (a .task resuming after its view went, a sink): "
                + "built for that caller alone and kept by nobody, instead of stopping; end the work when the "
                + "scope closes (check the view's lifetimeScope?.isClosed, or Task.isCancelled in a .task)",
            key: key, scope: scope)
    }

    /// Reports the instance a build made: `created`, and `released` right after when the
    /// storage did not keep it (the build was invalidated, or its scope closed meanwhile).
    func reportBuilt(_ key: StorageKey, scope: Scope, instance: ObjectIdentifier?, kept: Bool) {
        emit(.created, key: key, scope: scope, instance: instance)
        if !kept { emit(.released, key: key, scope: scope, instance: instance) }
    }

    /// After a held scope's lookup: reports a held instance (`reused`), or stops for a
    /// closed scope.
    @inline(never)
    private func report(_ outcome: Lookup, of frame: BuildFrame, scope: Scope) {
        switch outcome {
        case .held, .heldWeakly:
            if EventHub.isActive { emit(.reused, key: frame.storageKey, scope: scope, instance: outcome.heldIdentity) }
        case .closed, .miss:
            closedScope(frame.storageKey, scope: scope, owner: self)
        }
    }

    /// Reports a captive dependency: an instance held longer (cached, custom, singleton)
    /// whose body is resolving this shorter-lived one (shared, or scoped in a child).
    ///
    /// The holder is the innermost such build on this thread's stack or, in an async
    /// factory's body, in its task's chain of async builds.
    @inline(never)
    fileprivate func reportCaptivity(of frame: BuildFrame, scope: Scope, context: ResolutionContext) {
        guard frame.kind.isShortLived(ownedByChild: frame.ownedByChild) else { return }
        // The builds after the holder (`.unique`, `.graph` bodies) are the steps between.
        let frames = context.frames
        var holder: CaptiveHolder?
        if let index = frames.lastIndex(where: { $0.kind.outlivesLifetimeScopes }) {
            holder = CaptiveHolder(
                key: frames[index].storageKey, scope: frames[index].scope,
                through: frames[(index + 1)...].map(\.storageKey))
        } else if let outer = AsyncBuildChain.captiveHolder {
            holder = CaptiveHolder(key: outer.key, scope: outer.scope, through: outer.through + frames.map(\.storageKey))
        }
        reportCaptive(frame.storageKey, scope: scope, heldBy: holder)
    }

    /// Reports that `holder`'s build (if any) is resolving `key`, a shorter-lived instance.
    func reportCaptive(_ key: StorageKey, scope: Scope, heldBy holder: CaptiveHolder?) {
        guard let holder else { return }
        emit(
            .captiveDependency, key: holder.key, scope: holder.scope, dependency: "\(key) \(scope.name)", captured: key,
            capturedThrough: holder.through)
    }

    @inline(never)
    func closedScope(_ key: StorageKey, scope: Scope, owner: ContainerNode) -> Never {
        // As every stop: the builds whose bodies made this resolve close the message.
        let chain = ResolutionContext.current.chain()
        ScopedFailure.stop(
            owner.closedError(key, scope: scope).description + chain.suffix, declaredBy: [key.registration] + chain.keys)
    }

    /// What resolving `key` through this closed scope is: the error an async resolve
    /// throws, the message a synchronous one stops with.
    func closedError(_ key: StorageKey, scope: Scope) -> LifetimeScopeClosedError {
        LifetimeScopeClosedError(key, as: scope, in: displayName, isRoot: isRoot)
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
                of: frame, slot: frame.kind.slot(for: payload, weakTarget: { $0 }), scope: scope,
                reporter: frame.kind.storedReporter(reporter), context: self)
        case .dropped:
            kept = false
        }
        guard ending.observed, let reporter else { return }
        reporter.reportBuilt(
            frame.storageKey, scope: scope, instance: payload.flatMap(Payload.identity(of:)),
            kept: kept || payload == nil)   // nil: a value under `.shared`, nothing to release
    }
}

/// The build that would hold a shorter-lived instance resolved now (a captive
/// dependency), and the builds between it and that resolve, outermost first.
package struct CaptiveHolder {
    package let key: StorageKey
    package let scope: Scope
    package let through: [StorageKey]
}
