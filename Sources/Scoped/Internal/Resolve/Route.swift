// Concurrency rule: no state of its own. A route is computed per attempt of a resolve from what the
// nodes' `state` locks answer; the build it begins records itself under the storage's lock, and no
// lock is held when it returns. A frame belongs to the thread or task that opened it.

/// Where one resolve goes, computed once: the current world's node, the override visible from it,
/// the scope that decides (the declared one; for a factory declared `.unique`, the override's, as in
/// Factory) and who holds its instances. Both drivers begin with one.
struct Route {
    /// Or its root's for a build held outside a view's lifetime scopes.
    let node: ContainerNode
    let override: (body: any OverrideBody, owner: ContainerNode)?
    let scope: Scope
    /// Nil for a scope that keeps nothing (`.unique`, `.graph`).
    let holder: (owner: ContainerNode, storage: InstanceStorage)?
    @inline(__always) init(_ key: RegistrationKey, from start: ContainerNode, declared: Scope) {
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
    /// The override of `key` visible from `node` once its root's `autoRegister()` has run; a read
    /// that raced a reset or `autoRegister()` reads again.
    @inline(__always) static func overrideAfterAutoRegistration(
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
    var body: (any OverrideBody)? { override?.body }
    /// Whether a resolve through `node` may go through its root instead: a view's lifetime scope, or
    /// any while a view model is built for a view.
    @inline(__always) static func mayResolveAtRoot(from node: ContainerNode) -> Bool {
        !node.isRoot && (node.isViewBound || Switches.now.contains(.injectionContainers))
    }
    /// Whether a resolve through the lifetime scope `node` belongs to a build held outside the views'
    /// scopes (then it goes through the root): for a view's scope, any such build open on this thread
    /// or task; for another, one opened since a view model's build put the view's containers in force.
    @inline(never) static func resolvesAtRootNow(from node: ContainerNode) -> Bool {
        let context = ResolutionContext.current
        if node.isViewBound {
            return context.isBuildingForAHolderOutsideViews(after: 0)
                || TaskChain.frames.contains { $0.frame.kind.isHeldOutsideViews(ownedByChild: $0.frame.ownedByChild) }
        }
        let (containers, depth) = context.injectionContainers
        return !containers.isEmpty && context.isBuildingForAHolderOutsideViews(after: depth)
    }
    /// Whether a resolve through a closed scope comes from a caller that may outlive it (a cancelled
    /// task, an async build the close ended): it builds for that caller alone.
    static var mayOutliveClosedScope: Bool { Task.isCancelled || TaskChain.isInEndedBuild }
}

// MARK: The synchronous build

extension Route {
    /// Step 2 along this route: the held instance, or this thread's build opened on `context`; nil
    /// if an override changed since `overridesSeen` (nothing claimed).
    @inline(__always) consuming func begin(
        _ key: RegistrationKey, parameter: UnsafePointer<AnyParameter>?, context: ResolutionContext,
        timeToLive: Double?, overridesSeen: UInt
    ) -> BeginOutcome? {
        // An override's body receives the container its instance belongs to.
        if override != nil { context.overrideContainer = holder?.owner ?? node }
        let frame = frame(key, parameter: parameter, timeToLive: timeToLive)
        guard let (owner, storage) = holder else {
            return Route.beginUnheld(frame, from: node, override: body, observed: Switches.now.contains(.observers), context: context)
        }
        switch storage.claim(frame, scope: scope, context: context, overridesSeen: overridesSeen, reporter: owner) {
        case .held(let held):
            let observed = Switches.now.contains(.observers)
            if observed { Route.reportCaptivity(of: frame, from: owner, context: context) }
            return answer(held, of: frame, owner: owner, storage: storage, observed: observed, context: context)
        case .build: return Route.openClaimed(frame, owner: owner, storage: storage, override: body, context: context)
        case .overridesChanged: return nil
        }
    }
    /// The frame of this route's build, for both drivers; an instance past its time to live is dropped.
    @inline(__always)
    func frame<P: FrameParameter>(_ key: RegistrationKey, parameter: P, timeToLive: Double?) -> Frame<P> {
        let (kind, custom) = (scope.kind, scope.isBuiltIn ? nil : scope)
        let timeToLive = timeToLive ?? body?.timeToLive  // the declaration's wins
        guard let (owner, storage) = holder else {
            if let timeToLive { Expiry.stopUnheld(key, seconds: timeToLive, scope: scope) }
            return Frame(
                key, parameter: parameter, kind: kind, custom: custom, ownedByChild: false, in: node,
                overridden: override != nil)
        }
        let frame = Frame(
            key, parameter: parameter, kind: kind, custom: custom, ownedByChild: !owner.isRoot, in: storage,
            overridden: override != nil, lifespan: timeToLive.map { Expiry.lifespan($0, of: key) } ?? Expiry.forever)
        if timeToLive != nil { storage.dropExpired(frame.storageKey, reportedBy: owner, clock: Expiry.currentClock) }
        return frame
    }
    /// Opens the `.scoped` build the fast read that just missed in the child `node` recorded.
    static func beginClaimedByFastRead(
        _ key: RegistrationKey, parameter: UnsafePointer<AnyParameter>?, in node: ContainerNode,
        context: ResolutionContext
    ) -> BeginOutcome {
        let storage = node.storage
        let frame = ThreadFrame(key, parameter: parameter, kind: .scoped, custom: nil, ownedByChild: true, in: storage)
        return openClaimed(frame, owner: node, storage: storage, override: nil, context: context, borrowed: true)
    }
    @inline(__always) private static func openClaimed(
        _ frame: ThreadFrame, owner: consuming ContainerNode, storage: consuming InstanceStorage,
        override: (any OverrideBody)?, context: ResolutionContext, borrowed: Bool = false
    ) -> BeginOutcome {
        let observed = Switches.now.contains(.observers)
        if observed { Route.reportCaptivity(of: frame, from: owner, context: context) }
        // Moved into the filing, which keeps them until the build finishes; `borrowed`: the scope's
        // own storage, kept by the factory value resolving through it.
        let filing =
            borrowed && !observed
            ? Filing(place: .scope, reporter: .unretained(owner), observed: false)
            : Filing(place: .storage(.retaining(consume storage)), reporter: .retaining(consume owner), observed: observed)
        context.open(frame, filing: filing)
        return .build(override: override, form: frame.kind.payloadForm, context: .unretained(context))
    }
    /// What a claim that found `held` answers: the instance, reported and decorated; for a closed
    /// scope, a stop, or a build for a caller that may outlive the scope.
    private func answer(
        _ held: Lookup, of frame: ThreadFrame, owner: ContainerNode, storage: InstanceStorage, observed: Bool,
        context: ResolutionContext
    ) -> BeginOutcome {
        let scope = frame.scope
        if case .closed = held,
            Route.mayOutliveClosedScope || context.isResolvingForPropertyWrapper
                || context.isInBuildBegunBefore(closedAt: storage.state.withLock { $0.closedAt })
        {
            if context.isResolvingForPropertyWrapper && !Route.mayOutliveClosedScope {
                Route.reportWrapperAfterClose(frame.storageKey, scope: scope, in: owner)
            }
            let filing = Filing(place: .dropped, reporter: observed ? .retaining(owner) : nil, observed: observed)
            context.open(frame, filing: filing)
            return .build(override: body, form: observed ? .strong : .unused, context: .unretained(context))
        }
        Route.report(held, of: frame, scope: scope, owner: owner)
        body?.decorate(held)  // a run-time decorator (a build runs it in its body)
        return .found(held)
    }
    /// `.unique` and `.graph` through `node`: the current graph's instance, or a build.
    @inline(__always) static func beginUnheld(
        _ frame: ThreadFrame, from node: ContainerNode, override: (any OverrideBody)?, observed: Bool,
        context: ResolutionContext
    ) -> BeginOutcome {
        var place = Filing.Place.nowhere
        if frame.kind.home == .graph {
            if let held = context.graphInstance(frame.key, parameter: frame.parameter) {
                if observed {
                    node.emit(.reused, key: frame.storageKey, scope: frame.scope, instance: Payload.identity(of: held))
                }
                return .found(.held(held))
            }
            if context.isBuilding { place = .graph }
        }
        guard observed else {
            context.open(frame, filing: .unobserved(place))
            return .build(override: override, form: place.isGraph ? .strong : .unused, context: .unretained(context))
        }
        return beginObserved(frame, from: node, place: place, override: override, context: context)
    }
    @inline(never) private static func beginObserved(
        _ frame: ThreadFrame, from node: ContainerNode, place: Filing.Place, override: (any OverrideBody)?,
        context: ResolutionContext
    ) -> BeginOutcome {
        reportCaptivity(of: frame, from: node, context: context)
        context.open(frame, filing: Filing(place: place, reporter: .retaining(node), observed: true))
        return .build(override: override, form: .strong, context: .unretained(context))
    }
}

// MARK: Reports

extension Route {
    @inline(never) static func reportWrapperAfterClose(_ key: StorageKey, scope: Scope, in node: ContainerNode) {
        node.reportMisuse(
            .resolvedAfterScopeClosed,
            "\(key) was resolved through a property wrapper (@LazyInjected, @WeakLazyInjected, @DynamicInjected) "
                + "after its lifetime scope \(node.displayName) closed (a .task resuming after its view went, a sink): "
                + "built for that caller alone and kept by nobody, instead of stopping; end the work when the "
                + "scope closes (check the view's lifetimeScope?.isClosed, or Task.isCancelled in a .task)",
            key: key, scope: scope)
    }
    static func reportBuilt(
        _ key: StorageKey, scope: Scope, instance: ObjectIdentifier?, kept: Bool, by reporter: ContainerNode
    ) {
        reporter.emit(.created, key: key, scope: scope, instance: instance)
        if !kept { reporter.emit(.released, key: key, scope: scope, instance: instance) }
    }
    @inline(never)
    private static func report(_ outcome: Lookup, of frame: ThreadFrame, scope: Scope, owner: ContainerNode) {
        switch outcome {
        case .held, .heldWeakly:
            if Switches.now.contains(.observers) {
                owner.emit(.reused, key: frame.storageKey, scope: scope, instance: outcome.heldIdentity)
            }
        case .closed, .miss:
            closedScope(frame.storageKey, scope: scope, owner: owner)
        }
    }
    /// The one captive check, for both drivers: reports an instance held longer whose body resolves
    /// `frame`'s shorter-lived one. An async resolve passes no context.
    @inline(never)
    static func reportCaptivity<P>(of frame: Frame<P>, from node: ContainerNode, context: ResolutionContext?) {
        guard frame.kind.isShortLived(ownedByChild: frame.ownedByChild) else { return }
        // The holder: the innermost build that outlives lifetime scopes, on the thread, else in the task.
        let threadFrames = context?.frames ?? []
        guard let holder = innermostHolder(in: threadFrames, then: [])
            ?? innermostHolder(in: TaskChain.frames.lazy.map { $0.frame }, then: threadFrames.map(\.storageKey))
        else { return }
        let key = frame.storageKey
        node.emit(
            .captiveDependency, key: holder.key, scope: holder.scope, dependency: "\(key) \(frame.scope.name)",
            captured: key, capturedThrough: holder.through)
    }
    /// The innermost of `frames` that outlives lifetime scopes, and the builds after it, outermost first.
    private static func innermostHolder<P>(
        in frames: some BidirectionalCollection<Frame<P>>, then later: [StorageKey]
    ) -> (key: StorageKey, scope: Scope, through: [StorageKey])? {
        guard let index = frames.lastIndex(where: { $0.kind.outlivesLifetimeScopes }) else { return nil }
        let through = frames[frames.index(after: index)...].map(\.storageKey)
        return (frames[index].storageKey, frames[index].scope, through + later)
    }
    @inline(never) static func closedScope(_ key: StorageKey, scope: Scope, owner: ContainerNode) -> Never {
        let context = ResolutionContext.current
        let chain = context.chain()
        let releasing = context.closeRelease.map { " (while close() of \($0.node.displayName) released \($0.key))" } ?? ""
        ScopedFailure.stop(
            owner.closedError(key, scope: scope).description + chain.suffix + releasing,
            declaredBy: [key.registration] + chain.keys + (context.closeRelease.map { [$0.key] } ?? []))
    }
}

// MARK: The frame of a build

/// One build in progress, as both drivers record it: a thread on its stack, a task in its chain;
/// only the parameter part differs. Trivial for a thread's frame: the custom scope is unretained
/// (custom scopes live for the process), the parameter points at the shell's stack.
package struct Frame<Parameter: FrameParameter> {
    package let key: RegistrationKey
    let parameter: Parameter
    package unowned(unsafe) let custom: Scope?
    /// The storage that will keep the instance, or for `.unique` and `.graph` the resolving container:
    /// a body resolving its own registration elsewhere is not a cycle.
    let holderID: ObjectIdentifier
    /// How long the instance lives once stored, in nanoseconds.
    package let lifespan: UInt64
    package let kind: Scope.Lifetime
    package let ownedByChild: Bool
    package let overridden: Bool
    package init(
        _ key: RegistrationKey, parameter: Parameter, kind: Scope.Lifetime, custom: Scope?, ownedByChild: Bool,
        in holder: AnyObject, overridden: Bool = false, lifespan: UInt64 = .max
    ) {
        self.key = key
        self.parameter = parameter
        self.custom = custom
        self.holderID = ObjectIdentifier(holder)
        self.lifespan = lifespan
        self.kind = kind
        self.ownedByChild = ownedByChild
        self.overridden = overridden
    }
    package var storageKey: StorageKey { StorageKey(key, box: parameter.box) }
    package var scope: Scope { custom ?? Scope.builtIn(kind) }
    package var description: String { storageKey.description }
    /// As cycle messages name it: `member[parameter] (Type)`, `member (Type, override)`.
    package var buildDescription: String { "\(buildName) (\(key.typeName)\(overridden ? ", override" : ""))" }
    package var buildName: String { key.memberName + (parameter.description.map { "[\($0)]" } ?? "") }
    /// Same registration, same place, equal parameter (or one that cannot be compared).
    @inline(__always) func isSameBuild(as other: Frame) -> Bool {
        guard key == other.key, holderID == other.holderID else { return false }
        return parameter.isSame(as: other.parameter) ?? true
    }
    /// The one cycle check, for both drivers: stops if one of `open` builds this frame's.
    @inline(__always) func checkCycle(in open: some Collection<Frame>, how: String? = nil) {
        guard let start = open.firstIndex(where: { $0.isSameBuild(as: self) }) else { return }
        stopCycle(after: Array(open[start...]), how: how)
    }
    /// Stops with the chain `a (A) → b (B) → a`: `steps`, this frame, `note`.
    @inline(never) func stopCycle(after steps: [Frame], how: String? = nil, note: String = "") -> Never {
        ScopedFailure.stopCycle(
            how, steps.map(\.buildDescription) + [buildName], note: note, declaredBy: steps.map(\.key) + [key])
    }
}

extension Frame: Sendable where Parameter: Sendable {}

/// The parameter part of a ``Frame``: a pointer (thread), a key value (task).
package protocol FrameParameter {
    var box: ParameterBox? { get }
    /// The parameter as messages print it (`3`); nil for none or a non-`Hashable` one.
    var description: String? { get }
    /// Whether `other` is an equal parameter; nil when that cannot be told.
    func isSame(as other: Self) -> Bool?
}
