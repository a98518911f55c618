// Concurrency rule: no state of its own. A route is computed once per attempt of a
// resolve, on the resolving thread or task, from what the nodes' `state` locks answer.
// The build it begins records itself under the storage's lock (InstanceStorage.swift);
// no lock is held when it returns, and the body and observers run after.

/// Where one resolve goes, computed once and passed down: the node of the current
/// container world, the override visible from it and its owner, the scope that decides
/// (the declared one; for a factory declared `.unique`, the override's, as in Factory)
/// and who holds that scope's instances. `ContainerNode.beginBuild` (Resolve.swift) and
/// `resolveAsync` (AsyncResolve.swift) begin with one; what follows is its members.
struct Route {
    /// The current container world's node, or its root's for a build held outside a
    /// view's lifetime scopes (``resolvesAtRootNow(from:)``).
    let node: ContainerNode
    let override: (body: any OverrideBody, owner: ContainerNode)?
    let scope: Scope
    /// Nil for a scope that keeps nothing (`.unique`, `.graph`).
    let holder: (owner: ContainerNode, storage: InstanceStorage)?

    @inline(__always)
    init(_ key: RegistrationKey, from start: ContainerNode, declared: Scope) {
        var node = start.nodeInCurrentWorld()
        if Route.mayResolveAtRoot(from: node), Route.resolvesAtRootNow(from: node) {
            node = node.root.nodeInCurrentWorld()
        }
        let found = Route.overrideAfterAutoRegistration(key, from: node)
        let scope = declared.kind == .unique ? found?.body.scope ?? declared : declared
        self.node = node
        self.override = found
        self.scope = scope
        self.holder = scope.kind.holder(from: node, overriddenIn: found?.owner)
    }

    /// The override of `key` visible from `node`, read once its root's `autoRegister()`
    /// has run for its current registrations. A reset raises the gate before it clears the
    /// overrides, and `autoRegister()`'s registrations count as override changes, so a read
    /// that raced either sees the gate raised or the count moved on, waits, and reads again
    /// (AutoRegistration.swift); the thread that runs `autoRegister()` or resets reads what
    /// is there. One atomic load more than the lookup when nothing races.
    @inline(__always)
    static func overrideAfterAutoRegistration(
        _ key: RegistrationKey, from node: ContainerNode
    ) -> (body: any OverrideBody, owner: ContainerNode)? {
        while true {
            let seen = OverrideChanges.now
            let found = node.override(for: key)
            if node.withRoot({ $0.autoRegistrationPending.load(ordering: .acquiring) != 0 }) {
                if node.withRoot({ $0.runAutoRegistration() }) { return found }  // this thread's own run or reset
            } else if OverrideChanges.now == seen {
                return found
            }
        }
    }

    /// The override's body, nil for the declared one.
    var body: (any OverrideBody)? { override?.body }

    /// Whether a resolve through `node` may go through its root instead
    /// (``resolvesAtRootNow(from:)``): a lifetime scope that a view opened, or any lifetime
    /// scope while a view model is built for a view somewhere.
    @inline(__always)
    static func mayResolveAtRoot(from node: ContainerNode) -> Bool {
        !node.isRoot && (node.isViewBound || InjectionContainers.inUse)
    }

    /// Whether a resolve through the lifetime scope `node` belongs to a build whose
    /// instance a container outside the view's lifetime scopes will hold (`.cached`,
    /// `.singleton`, `.shared`, custom, a `.graph` part, an async build): then it resolves
    /// through the root, as that build would anywhere else (the holder decides what its
    /// build sees). For a scope a view opened: any such build open on this thread or task;
    /// for another (`.container(flow)`): one opened since a view model's build put the
    /// view's containers in force (InjectionContainers.swift).
    @inline(never)
    static func resolvesAtRootNow(from node: ContainerNode) -> Bool {
        let context = ResolutionContext.current
        if node.isViewBound {
            return context.isBuildingForAHolderOutsideViews(after: 0)
                || AsyncBuildChain.frames.contains { $0.kind.isHeldOutsideViews(ownedByChild: $0.ownedByChild) }
        }
        let (containers, depth) = context.injectionContainers
        return !containers.isEmpty && context.isBuildingForAHolderOutsideViews(after: depth)
    }

    /// Whether a synchronous resolve through a closed scope comes from a caller that may
    /// outlive its scope without a programming error — a cancelled task (a request whose
    /// client left, a view's `.task` after its view went), or the body of an async build
    /// that its scope's close ended — and builds for that caller alone instead of stopping.
    static var mayOutliveClosedScope: Bool {
        Task.isCancelled || AsyncBuildChain.isInEndedBuild
    }
}

// MARK: The synchronous build

extension Route {
    /// Step 2 along this route: the held instance, or this thread's build opened on
    /// `context`; nil if an override changed since `overridesSeen` (nothing was claimed:
    /// the caller computes the route again).
    @inline(__always)
    consuming func begin(
        _ key: RegistrationKey, parameter: UnsafePointer<BuildParameter>?, context: ResolutionContext,
        timeToLive: Double?, overridesSeen: UInt
    ) -> BuildStep? {
        let (kind, custom) = (scope.kind, scope.isBuiltIn ? nil : scope)
        let timeToLive = timeToLive ?? body?.timeToLive  // the declaration's wins
        // An override's body receives the container its instance belongs to.
        if override != nil { context.overrideContainer = holder?.owner ?? node }
        // 1. Scopes that keep nothing: a new instance (`.unique`), or the current graph's.
        guard let (owner, storage) = holder else {
            if let timeToLive { Expiry.stopUnheld(key, seconds: timeToLive, scope: scope) }
            let frame = BuildFrame(
                key, parameter: parameter, kind: kind, custom: custom, ownedByChild: false, in: node,
                overridden: override != nil)
            return Route.beginUnheld(frame, from: node, override: body, observed: EventHub.isActive, context: context)
        }
        // 2. Scopes that keep their instance: the held one, or this thread's build, recorded
        //    in flight so that other threads wait for it. `created` is reported once the
        //    instance is stored: an observer that resolves the key then finds it, not a cycle.
        let frame = BuildFrame(
            key, parameter: parameter, kind: kind, custom: custom, ownedByChild: !owner.isRoot, in: storage,
            overridden: override != nil, lifespan: timeToLive.map { Expiry.lifespan($0, of: key) } ?? Expiry.forever)
        if timeToLive != nil { storage.dropExpired(frame.storageKey, reportedBy: owner, clock: Expiry.currentClock) }
        switch storage.claim(frame, scope: scope, context: context, overridesSeen: overridesSeen) {
        case .held(let held):
            // A captive dependency whether the shorter-lived instance is built now or held
            // already: the holder keeps it alive either way.
            let observed = EventHub.isActive
            if observed { Route.reportCaptivity(of: frame, from: owner, context: context) }
            return answer(held, of: frame, owner: owner, storage: storage, observed: observed, context: context)
        case .build:
            return Route.openClaimed(frame, owner: owner, storage: storage, override: body, context: context)
        case .overridesChanged:
            return nil
        }
    }

    /// Opens the build of a `.scoped` instance in the child lifetime scope `node`, which
    /// the fast read that just missed recorded in its storage
    /// (`InstanceStorage.readOrClaim`): the route it checked is the declared scope's, held
    /// by `node`, with no override, observer or container world in play.
    static func beginClaimedByFastRead(
        _ key: RegistrationKey, parameter: UnsafePointer<BuildParameter>?, in node: ContainerNode,
        context: ResolutionContext
    ) -> BuildStep {
        let storage = node.storage
        let frame = BuildFrame(key, parameter: parameter, kind: .scoped, custom: nil, ownedByChild: true, in: storage)
        return openClaimed(frame, owner: node, storage: storage, override: nil, context: context)
    }

    /// Opens `frame`'s build, claimed in `storage` (owned by `owner`), on `context`, with
    /// its captive check; the shell runs `override` (the declared body if nil).
    @inline(__always)
    private static func openClaimed(
        _ frame: BuildFrame, owner: consuming ContainerNode, storage: consuming InstanceStorage,
        override: (any OverrideBody)?, context: ResolutionContext
    ) -> BuildStep {
        let observed = EventHub.isActive
        if observed { Route.reportCaptivity(of: frame, from: owner, context: context) }
        // The ending keeps `owner` and `storage` until the build finishes: moved into it,
        // not retained again.
        let ending = BuildEnding(
            filing: .storage(.retaining(consume storage)), reporter: .retaining(consume owner), observed: observed)
        context.open(frame, ending: ending)
        return .build(override: override, form: frame.kind.payloadForm, context: .unretained(context))
    }

    /// What a claim that found `held` in `storage` (owned by `owner`) answers: the
    /// instance, reported and decorated; for a closed scope, a stop, or a build for a
    /// caller that may outlive its scope (``mayOutliveClosedScope``, a property wrapper's
    /// late resolve) or for the body of a build the close overtook.
    private func answer(
        _ held: Lookup, of frame: BuildFrame, owner: ContainerNode, storage: InstanceStorage, observed: Bool,
        context: ResolutionContext
    ) -> BuildStep {
        let scope = frame.scope
        if case .closed = held,
            Route.mayOutliveClosedScope || context.isResolvingForPropertyWrapper
                || context.isInBuildBegunBefore(closedAt: storage.state.withLock { $0.closedAt })
        {
            if context.isResolvingForPropertyWrapper && !Route.mayOutliveClosedScope {
                Route.reportWrapperAfterClose(frame.storageKey, scope: scope, in: owner)
            }
            // A cancelled task, an ended async build's body, a build the close overtook: an
            // instance for this caller alone, kept by nobody, instead of a stop
            // (LifetimeScopeClosedError).
            let ending = BuildEnding(filing: .dropped, reporter: observed ? .retaining(owner) : nil, observed: observed)
            context.open(frame, ending: ending)
            return .build(override: body, form: observed ? .strong : .unused, context: .unretained(context))
        }
        Route.report(held, of: frame, scope: scope, owner: owner)
        body?.decorate(held)  // a decorator given at run time (a build runs it in its body)
        return .found(held)
    }

    /// `.unique` and `.graph` resolved through `node`: the current graph's instance, or a
    /// build (reported by `node` when `observed`).
    @inline(__always)
    static func beginUnheld(
        _ frame: BuildFrame, from node: ContainerNode, override: (any OverrideBody)?, observed: Bool,
        context: ResolutionContext
    ) -> BuildStep {
        var filing = BuildEnding.Filing.nowhere
        if frame.kind.home == .graph {
            let storageKey = frame.storageKey
            if let held = context.graphInstance(storageKey) {
                if observed { node.emit(.reused, key: storageKey, scope: frame.scope, instance: Payload.identity(of: held)) }
                return .found(.held(held))
            }
            // A graph resolved at the top is its own whole graph: nothing else shares it.
            if context.isBuilding { filing = .graph }
        }
        guard observed else {
            context.open(frame, ending: .unobserved(filing))
            return .build(override: override, form: filing.isGraph ? .strong : .unused, context: .unretained(context))
        }
        return beginObserved(frame, from: node, filing: filing, override: override, context: context)
    }

    /// An observed unique or graph build: its captive check, and a reporter.
    @inline(never)
    private static func beginObserved(
        _ frame: BuildFrame, from node: ContainerNode, filing: BuildEnding.Filing, override: (any OverrideBody)?,
        context: ResolutionContext
    ) -> BuildStep {
        reportCaptivity(of: frame, from: node, context: context)
        context.open(frame, ending: BuildEnding(filing: filing, reporter: .retaining(node), observed: true))
        // An event describes the instance: it comes back as a payload.
        return .build(override: override, form: .strong, context: .unretained(context))
    }
}

// MARK: Reports

extension Route {
    /// Reports a property wrapper's resolve of `key` through `node` after it closed
    /// (``ResolutionContext/resolvingForPropertyWrapper(_:)``).
    @inline(never)
    static func reportWrapperAfterClose(_ key: StorageKey, scope: Scope, in node: ContainerNode) {
        node.reportMisuse(
            .resolvedAfterScopeClosed,
            "\(key) was resolved through a property wrapper (@LazyInjected, @WeakLazyInjected, @DynamicInjected) "
                + "after its lifetime scope \(node.displayName) closed (a .task resuming after its view went, a sink): "
                + "built for that caller alone and kept by nobody, instead of stopping; end the work when the "
                + "scope closes (check the view's lifetimeScope?.isClosed, or Task.isCancelled in a .task)",
            key: key, scope: scope)
    }

    /// Reports the instance a build made: `created`, and `released` right after when the
    /// storage did not keep it (invalidated, or its scope closed meanwhile).
    static func reportBuilt(
        _ key: StorageKey, scope: Scope, instance: ObjectIdentifier?, kept: Bool, by reporter: ContainerNode
    ) {
        reporter.emit(.created, key: key, scope: scope, instance: instance)
        if !kept { reporter.emit(.released, key: key, scope: scope, instance: instance) }
    }

    /// Reports a held instance found in `owner`'s storage (`reused`), or stops for a
    /// closed scope.
    @inline(never)
    private static func report(_ outcome: Lookup, of frame: BuildFrame, scope: Scope, owner: ContainerNode) {
        switch outcome {
        case .held, .heldWeakly:
            if EventHub.isActive {
                owner.emit(.reused, key: frame.storageKey, scope: scope, instance: outcome.heldIdentity)
            }
        case .closed, .miss:
            closedScope(frame.storageKey, scope: scope, owner: owner)
        }
    }

    /// Reports a captive dependency: an instance held longer (cached, custom, singleton)
    /// whose body resolves `frame`'s shorter-lived one (shared, or scoped in a child); the
    /// holder is the innermost such build on this thread or in this task's chain.
    @inline(never)
    fileprivate static func reportCaptivity(of frame: BuildFrame, from node: ContainerNode, context: ResolutionContext) {
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
        reportCaptive(frame.storageKey, scope: frame.scope, heldBy: holder, by: node)
    }

    /// Reports that `holder`'s build (if any) resolves `key`, a shorter-lived instance.
    static func reportCaptive(_ key: StorageKey, scope: Scope, heldBy holder: CaptiveHolder?, by node: ContainerNode) {
        guard let holder else { return }
        node.emit(
            .captiveDependency, key: holder.key, scope: holder.scope, dependency: "\(key) \(scope.name)", captured: key,
            capturedThrough: holder.through)
    }

    /// Stops for a synchronous resolve of `key` through `owner`, a closed lifetime scope.
    @inline(never)
    static func closedScope(_ key: StorageKey, scope: Scope, owner: ContainerNode) -> Never {
        // As every stop: the builds whose bodies made this resolve close the message.
        let chain = ResolutionContext.current.chain()
        ScopedFailure.stop(
            owner.closedError(key, scope: scope).description + chain.suffix, declaredBy: [key.registration] + chain.keys)
    }
}

/// The build that would hold a shorter-lived instance resolved now (a captive
/// dependency), and the builds between it and that resolve, outermost first.
package struct CaptiveHolder {
    package let key: StorageKey
    package let scope: Scope
    package let through: [StorageKey]
}
