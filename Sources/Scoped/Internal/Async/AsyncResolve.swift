// Concurrency rule: no lock of its own. An async resolve takes the same locks as a
// synchronous one (the storage's, briefly, through `claimAsync` and `fileAsyncBuild`)
// and never holds one across an `await` or while a body runs. A caching scope's build
// runs in a task of its own (AsyncBuild.swift) that every caller awaits; a `.unique`
// build runs in the caller's task. The task-local chain of builds (`AsyncBuildChain`, at
// the end of this file: immutable, copied into each task that inherits it; which build
// awaits which is recorded in the one waits-for graph, WaitGraph.swift) carries what the
// synchronous path keeps on the thread's stack: the same frames, checked for cycles and
// captives by the same code (`Frame`, `CaptiveHolder` in Route.swift).

/// The typed shell's part of an async build: runs the declared body, or `override`'s (an
/// `AsyncOverrideBox<P, T>`, or the process stops), and returns the value as a strong
/// ``Payload``.
package typealias MakeInstanceAsync = @Sendable (_ override: (any OverrideBody)?) async throws -> AnyObject

/// What an async resolve needs to carry from its claim to its build: the typed shell's
/// parts, and where the instance goes.
private struct AsyncRequest {
    let parameter: (any Hashable & Sendable)?
    let weakTarget: @Sendable (AnyObject) -> AnyObject?
    let make: MakeInstanceAsync
}

extension ContainerNode {
    /// Resolves an async factory's instance when its fast path found none held: the same
    /// decisions as ``beginBuild(_:parameter:kind:custom:)`` (world, override, holder: both
    /// compute a ``Route``), with one build per key however many tasks ask at once.
    ///
    /// - Parameters:
    ///   - parameter: A per-parameter factory's parameter (part of the storage key).
    ///   - weakTarget: For `.shared`, what to keep weakly of a built payload: the class
    ///     instance in it, or nil for a value (then nothing is kept).
    /// - Returns: `.held` with a strong ``Payload``, or `.heldWeakly` with a `.shared`
    ///   class instance that was kept weakly; and the override in effect (its run-time
    ///   decorators ran), if any.
    package func resolveAsync(
        _ key: RegistrationKey, parameter: (any Hashable & Sendable)?, kind: Scope.Lifetime, custom: Scope?,
        timeToLive: Double? = nil, weakTarget: @escaping @Sendable (AnyObject) -> AnyObject?, make: @escaping MakeInstanceAsync
    ) async throws -> (Lookup, override: (any OverrideBody)?) {
        let request = AsyncRequest(parameter: parameter, weakTarget: weakTarget, make: make)
        // A loop, not a recursion: overrides that keep changing on other threads (a test
        // registering in a loop) must not deepen the stack.
        while true {
            // Read before the override is looked up: a build is recorded only if no
            // override changed since.
            let overridesSeen = OverrideChanges.now
            let route = Route(key, from: self, declared: custom ?? Scope.builtIn(kind))
            if let resolved = try await route.resolveAsync(key, timeToLive: timeToLive, request, overridesSeen: overridesSeen) {
                return (resolved, route.body)
            }
        }
    }

}

extension Route {
    /// One attempt of `ContainerNode.resolveAsync` along this route; nil if an override
    /// changed after it was looked up (``OverrideChanges``, read as `overridesSeen` before
    /// the route): then nothing was claimed, and the caller computes the route again.
    fileprivate func resolveAsync(
        _ key: RegistrationKey, timeToLive: Double?, _ request: AsyncRequest, overridesSeen: UInt
    ) async throws -> Lookup? {
        let (kind, custom) = (scope.kind, scope.isBuiltIn ? nil : scope)
        let timeToLive = timeToLive ?? body?.timeToLive  // the declaration's wins
        // 1. `.unique`: built in this task, under this task's chain.
        guard let (owner, storage) = holder else {
            if let timeToLive { Expiry.stopUnheld(key, seconds: timeToLive, scope: scope) }
            let frame = TaskFrame(
                key, parameter: TaskParameter(value: request.parameter), kind: kind, custom: custom, ownedByChild: false,
                in: node, overridden: override != nil)
            return try await buildUnique(frame, make: request.make)
        }
        // 2. Caching scopes: the held instance, or the one build in flight for the key.
        let frame = TaskFrame(
            key, parameter: TaskParameter(value: request.parameter), kind: kind, custom: custom, ownedByChild: !owner.isRoot,
            in: storage, overridden: override != nil)
        AsyncBuildChain.checkCycle(frame)
        let storageKey = frame.storageKey
        // `.timeToLive`: an instance older than its time to live goes first; its lifespan is
        // measured on this world's clock from when the build stores it (Expiry.swift).
        let clock = timeToLive == nil ? nil : Expiry.currentClock
        if timeToLive != nil { storage.dropExpired(storageKey, reportedBy: owner, clock: clock) }
        let claim = storage.claimAsync(storageKey, scope: scope, overridesSeen: overridesSeen) {
            AsyncBuild(storageKey, description: frame.buildDescription, lock: storage.state)
        }
        let deadline: @Sendable () -> UInt64 = { [lifespan = timeToLive.map { Expiry.lifespan($0, of: key) } ?? Expiry.forever] in
            Expiry.deadline(lifespan: lifespan, on: clock)
        }
        return try await answer(claim, of: frame, owner: owner, storage: storage, request, deadline: deadline)
    }

    /// What a claim by an async resolve of `frame`'s key in `storage` (owned by `owner`)
    /// answers: the held instance, the joined build's, or a started build's; nil if an
    /// override changed after it was looked up (nothing was claimed).
    private func answer(
        _ claim: InstanceStorage.AsyncClaimed, of frame: TaskFrame, owner: ContainerNode, storage: InstanceStorage,
        _ request: AsyncRequest, deadline: @escaping @Sendable () -> UInt64
    ) async throws -> Lookup? {
        let (storageKey, scope) = (frame.storageKey, frame.scope)
        // A captive dependency whether the shorter-lived instance is built now, joined or
        // held already.
        if case .overridesChanged = claim {} else if EventHub.isActive {
            Route.reportCaptivity(of: frame, from: owner, context: nil)
        }
        switch claim {
        case .held(let outcome):
            let held = try Route.heldAsync(outcome, key: storageKey, scope: scope, owner: owner)
            body?.decorate(held)  // a decorator given at run time (a build runs it in its body)
            return held
        case .join(let build, let waiter):
            let payload = try await AsyncBuildChain.waiting(for: build) { try await build.value(for: waiter) }
            // A caller that joined a build reuses its instance: one event per resolve,
            // as a thread that waited for another's build reports.
            if EventHub.isActive { owner.emit(.reused, key: storageKey, scope: scope, instance: Payload.identity(of: payload)) }
            // Its run-time decorators run for this resolve too, as for a held instance (the
            // build's body ran them for the caller that started it).
            body?.decorate(.held(payload))
            return .held(payload)
        case .run(let build, let waiter):
            Route.start(build, of: frame, owner: owner, storage: storage, override: body, request, deadline: deadline)
            return .held(try await AsyncBuildChain.waiting(for: build) { try await build.value(for: waiter) })
        case .overridesChanged:
            return nil
        }
    }

    /// A `.unique` async build, in the caller's task.
    private func buildUnique(_ frame: TaskFrame, make: MakeInstanceAsync) async throws -> Lookup {
        AsyncBuildChain.checkCycle(frame)
        let observed = EventHub.isActive
        let chain = AsyncBuildChain.frames + [AsyncFrame(frame: frame, build: nil)]
        let payload = try await AsyncBuildChain.run(make, override: body, container: node, chain: chain)
        if observed { node.emit(.created, key: frame.storageKey, scope: frame.scope, instance: Payload.identity(of: payload)) }
        return .held(payload)
    }

    /// Starts `build`, recorded in flight in `storage` for `frame`'s key, owned by
    /// `owner`: its stall watchdog, then its body in a task of its own, which files the
    /// instance and hands it to every waiter.
    private static func start(
        _ build: AsyncBuild, of frame: TaskFrame, owner: ContainerNode, storage: InstanceStorage,
        override: (any OverrideBody)?, _ request: AsyncRequest, deadline: @escaping @Sendable () -> UInt64
    ) {
        let scope = frame.scope
        // The watchdog first: a build's is set before the builds its body starts.
        if EventHub.isActive, let threshold = EventHub.stalledBuildThreshold.withLock({ $0 }) {
            build.watch(after: UInt64(threshold * 1_000_000_000)) { build, callers in
                owner.emit(
                    .buildStalled, key: frame.storageKey, scope: scope,
                    stall: LifecycleEvent.Stall(
                        seconds: threshold, callers: callers, awaitingBuilds: WaitGraph.buildsAwaiting(build)))
            }
        }
        let chain = AsyncBuildChain.frames + [AsyncFrame(frame: frame, build: build)]
        let reporter = frame.kind.storedReporter(owner)
        build.start {
            let result: Result<AnyObject, any Error>
            do {
                result = .success(try await AsyncBuildChain.run(request.make, override: override, container: owner, chain: chain))
            } catch {
                result = .failure(error)
            }
            let kept = storage.fileAsyncBuild(
                of: frame.storageKey, holding: frame.kind.holding(for: try? result.get(), weakTarget: request.weakTarget),
                scope: scope, reporter: reporter, build: build, deadline: deadline(),
                builtThrough: LeakCheck.isArmed ? chain.dropLast().map(\.frame.storageKey) : [])
            if case .success(let payload) = result, EventHub.isActive {
                Route.reportBuilt(frame.storageKey, scope: scope, instance: Payload.identity(of: payload), kept: kept, by: owner)
            }
            build.deliver(result)
        }
    }

    /// A held instance found by an async resolve in `owner`'s storage: reported as reused;
    /// a closed lifetime scope throws ``LifetimeScopeClosedError`` (a task may outlive its
    /// scope without a programming error: a cancelled request, a view's `.task`).
    private static func heldAsync(_ outcome: Lookup, key: StorageKey, scope: Scope, owner: ContainerNode) throws -> Lookup {
        switch outcome {
        case .held, .heldWeakly:
            if EventHub.isActive { owner.emit(.reused, key: key, scope: scope, instance: outcome.heldIdentity) }
            return outcome
        case .miss, .closed:
            throw owner.closedError(key, scope: scope)
        }
    }
}

// MARK: The task's chain of builds

/// One async build in progress in the current task's ancestry: its ``Frame`` (what it
/// builds, under which scope; named, compared and checked as a thread's), and for a
/// caching scope the ``AsyncBuild`` every caller shares.
package struct AsyncFrame: Sendable {
    package let frame: TaskFrame
    /// The shared build (nil for a `.unique` build, which runs in the caller's task).
    package let build: AsyncBuild?
}

/// A task's frame: a per-parameter factory's parameter as the part of its storage key.
package typealias TaskFrame = Frame<TaskParameter>

/// A per-parameter factory's parameter in a task's chain (nil for every other build: its
/// builds are one, whatever the parameter).
package struct TaskParameter: FrameParameter, Sendable {
    let value: (any Hashable & Sendable)?

    package var box: ParameterBox? { value.map { TaskParameter.box($0) } }
    package var description: String? { value.map { "\($0)" } }

    package func isSame(as other: TaskParameter) -> Bool? {
        switch (value, other.value) {
        case (nil, nil): true
        case (let mine?, let theirs?): AnyHashable(mine) == AnyHashable(theirs)
        default: false
        }
    }

    private static func box(_ parameter: some Hashable & Sendable) -> ParameterBox {
        TypedParameterBox(parameter)
    }
}

/// The async builds the current task is part of, outermost first: an async body runs
/// with its own frame appended, and the tasks it starts inherit the chain. It is what
/// tells a cycle (an async body awaiting its own factory, directly or through others)
/// from a wait, and which caching build a shorter-lived instance would be captured by.
package enum AsyncBuildChain {
    @TaskLocal package static var frames: [AsyncFrame] = []
    /// The container an async override's body receives (`register { c in … }`): the one
    /// its instance belongs to, as ``ResolutionContext/overrideContainer`` for a
    /// synchronous one. Set only while an override's body runs.
    @TaskLocal package static var overrideContainer: ContainerNode?

    /// Runs `make` with `override` (nil: the declared body) under `chain`; an override's
    /// body sees `container` as ``overrideContainer``.
    package static func run(
        _ make: MakeInstanceAsync, override: (any OverrideBody)?, container: ContainerNode, chain: [AsyncFrame]
    ) async throws -> AnyObject {
        try await $frames.withValue(chain) {
            guard override != nil else { return try await make(nil) }
            return try await $overrideContainer.withValue(container) { try await make(override) }
        }
    }

    /// Stops the process if `frame`'s build is already in progress in this task's chain:
    /// `a (A) → b (B) → a` (the one cycle check, ``Frame/checkCycle(in:how:)``).
    package static func checkCycle(_ frame: TaskFrame) {
        frame.checkCycle(in: frames.lazy.map { $0.frame }, how: "between async factories")
    }

    /// Runs `wait` (awaiting `target`) with the record, in the waits-for graph
    /// (WaitGraph.swift), that the innermost build of this task waits for it; stops first
    /// if `target` waits, directly or through other builds, for that build (each would wait
    /// for the other forever).
    package static func waiting<R>(for target: AsyncBuild, _ wait: () async throws -> R) async throws -> R {
        guard let waiter = frames.last(where: { $0.build != nil })?.build else { return try await wait() }
        WaitGraph.willAwait(target, from: waiter)
        defer { WaitGraph.didWait(ObjectIdentifier(waiter)) }
        return try await wait()
    }

    /// Whether this task runs the body of an async build that its scope's close ended (or
    /// of a build nested in one): a synchronous resolve through the closed scope then
    /// builds for the body alone instead of stopping.
    package static var isInEndedBuild: Bool {
        frames.contains { $0.build?.wasEnded == true }
    }

    /// The shared build this task's body belongs to, if any: a reset it makes is part of
    /// that build (it does not invalidate it).
    package static var innermostBuild: ObjectIdentifier? {
        frames.last?.build.map(ObjectIdentifier.init)
    }
}
