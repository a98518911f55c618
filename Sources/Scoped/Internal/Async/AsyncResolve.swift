// Concurrency rule: no lock of its own. An async resolve takes the storage's lock briefly
// (`claimAsync`, `fileAsyncBuild`), never across an `await` or while a body runs. A
// caching scope's build runs in a task of its own (InFlightTask.swift) that every caller
// awaits; a `.unique` build runs in the caller's task. The task-local chain of builds
// (`TaskChain`: immutable, inherited by the tasks a body starts) carries what a
// thread keeps on its stack: the same frames, checked for cycles and captives by the same
// code (Route.swift).

/// The typed shell's part of an async build: runs the declared body, or `override`'s (an
/// `AsyncOverrideBox<P, T>`), and returns the value as a strong ``Payload``.
package typealias MakeInstanceAsync = @Sendable (_ override: (any OverrideBody)?) async throws -> AnyObject

extension ContainerNode {
    /// Resolves an async factory's instance that its fast read did not find: along the
    /// ``Route`` `beginBuild` computes, with one build per key however many tasks ask.
    /// Returns the instance (`.held`, or `.heldWeakly` for a `.shared` one kept weakly) and
    /// the override in effect, whose run-time decorators ran.
    package func resolveAsync(
        _ key: RegistrationKey, parameter: (any Hashable & Sendable)?, kind: Scope.Lifetime, custom: Scope?,
        timeToLive: Double?, make: @escaping MakeInstanceAsync
    ) async throws -> (Lookup, override: (any OverrideBody)?) {
        // A loop, as `beginGeneral`'s (Resolve.swift): overrides that keep changing on other
        // threads must not deepen the stack.
        while true {
            let overridesSeen = OverrideChanges.now  // before the override is looked up
            let route = Route(key, from: self, declared: custom ?? Scope.builtIn(kind))
            if let found = try await route.resolveAsync(
                key, parameter: TaskParameter(value: parameter), timeToLive: timeToLive, make, overridesSeen: overridesSeen)
            {
                return (found, route.body)
            }
        }
    }
}

extension Route {
    /// One attempt along this route; nil if an override changed since `overridesSeen`
    /// (nothing was claimed: the caller computes the route again).
    fileprivate func resolveAsync(
        _ key: RegistrationKey, parameter: TaskParameter, timeToLive: Double?, _ make: @escaping MakeInstanceAsync, overridesSeen: UInt
    ) async throws -> Lookup? {
        let frame = frame(key, parameter: parameter, timeToLive: timeToLive)
        TaskChain.checkCycle(frame)
        guard let (owner, storage) = holder else { return try await buildUnique(frame, make: make) }
        // Lifespans are measured on this world's clock from when the build stores the instance.
        let clock = frame.lifespan == Expiry.forever ? nil : Expiry.currentClock
        let storageKey = frame.storageKey
        let claim = storage.claimAsync(storageKey, scope: scope, overridesSeen: overridesSeen) {
            InFlightTask(frame, key: storageKey, lock: storage.state)
        }
        return try await answer(claim, of: frame, owner: owner, storage: storage, make, clock: clock)
    }

    /// What a claim of `frame`'s key in `storage` (owned by `owner`) answers: the held
    /// instance, the joined build's, or a started build's; nil if overrides changed.
    private func answer(
        _ claim: InstanceStorage.AsyncClaimed, of frame: TaskFrame, owner: ContainerNode, storage: InstanceStorage,
        _ make: @escaping MakeInstanceAsync, clock: ManualClock?
    ) async throws -> Lookup? {
        let (storageKey, scope) = (frame.storageKey, frame.scope)
        // A captive dependency whether the shorter-lived instance is built now, joined or held.
        if case .overridesChanged = claim {} else if Switches.now.contains(.observers) {
            Route.reportCaptivity(of: frame, from: owner, context: nil)
        }
        let held: Lookup
        switch claim {
        case .overridesChanged:
            return nil
        case .held(.miss), .held(.closed):
            // Not a stop: a task may outlive its scope without a programming error (a
            // cancelled request, a view's `.task`).
            throw owner.closedError(storageKey, scope: scope)
        case .held(let found):
            held = found
        case .join(let build, let waiter):
            held = .held(try await TaskChain.value(of: build, for: waiter))
        case .run(let build, let waiter):
            start(build, of: frame, owner: owner, storage: storage, make, clock: clock)
            return .held(try await TaskChain.value(of: build, for: waiter))
        }
        // A held or joined instance is reused: one event per resolve, as for a thread that
        // waited for another's build; the run-time decorators run for this resolve too (a
        // build runs them in its body, for the caller that started it).
        if Switches.now.contains(.observers) { owner.emit(.reused, key: storageKey, scope: scope, instance: held.heldIdentity) }
        body?.decorate(held)
        return held
    }

    /// A `.unique` async build, in the caller's task.
    private func buildUnique(_ frame: TaskFrame, make: MakeInstanceAsync) async throws -> Lookup {
        let observed = Switches.now.contains(.observers)
        let chain = TaskChain.frames + [AsyncFrame(frame: frame, build: nil)]
        let payload = try await TaskChain.run(make, override: body, container: node, chain: chain)
        if observed { node.emit(.created, key: frame.storageKey, scope: frame.scope, instance: Payload.identity(of: payload)) }
        return .held(payload)
    }

    /// Starts `build`, claimed in `storage` (owned by `owner`) for `frame`: its stall
    /// watchdog, then its body in a task of its own, which files the instance and hands it
    /// to every waiter.
    private func start(
        _ build: InFlightTask, of frame: TaskFrame, owner: ContainerNode, storage: InstanceStorage,
        _ make: @escaping MakeInstanceAsync, clock: ManualClock?
    ) {
        let (scope, override) = (frame.scope, body)
        // The watchdog first: a build's is set before those of the builds its body starts.
        if Switches.now.contains(.observers), let threshold = EventHub.stalledBuildThreshold.withLock({ $0 }) {
            build.watch(after: UInt64(threshold * 1_000_000_000)) { build, callers in
                owner.emit(
                    .buildStalled, key: frame.storageKey, scope: scope,
                    stall: LifecycleEvent.Stall(seconds: threshold, callers: callers, awaitingBuilds: WaitGraph.buildsAwaiting(build)))
            }
        }
        let chain = TaskChain.frames + [AsyncFrame(frame: frame, build: build)]
        let reporter = frame.kind.storedReporter(owner)
        build.start {
            let result: Result<AnyObject, any Error>
            do {
                result = .success(try await TaskChain.run(make, override: override, container: owner, chain: chain))
            } catch {
                result = .failure(error)
            }
            // A strong payload (every waiter gets it), of which `.shared` keeps the class
            // instance weakly: what `Payload.weakTarget(of:)` keeps of the value.
            let weakTarget = { (payload: AnyObject) in (payload as? AnyInstanceBox).map(\.classInstance) ?? payload }
            let kept = storage.fileAsyncBuild(
                of: frame.storageKey, holding: frame.kind.holding(for: try? result.get(), weakTarget: weakTarget),
                scope: scope, reporter: reporter, build: build,
                deadline: frame.lifespan == Expiry.forever ? 0 : Expiry.deadline(lifespan: frame.lifespan, on: clock),
                builtThrough: Switches.now.recordsLeakChains ? chain.dropLast().map(\.frame.storageKey) : [])
            if case .success(let payload) = result, Switches.now.contains(.observers) {
                Route.reportBuilt(frame.storageKey, scope: scope, instance: Payload.identity(of: payload), kept: kept, by: owner)
            }
            build.deliver(result)
        }
    }
}

// MARK: The task's chain of builds

/// One async build in progress in the current task's ancestry: its ``Frame``, and for a
/// caching scope the ``InFlightTask`` every caller shares (nil for `.unique`).
package struct AsyncFrame: Sendable {
    package let frame: TaskFrame
    package let build: InFlightTask?
}

/// A task's frame: a per-parameter factory's parameter as the part of its storage key.
package typealias TaskFrame = Frame<TaskParameter>

/// A per-parameter factory's parameter in a task's chain (nil for every other factory:
/// its builds are one, whatever the parameter).
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

/// The async builds the current task is part of, outermost first: an async body runs with
/// its own frame appended, and the tasks it starts inherit the chain. It tells a cycle (a
/// body awaiting its own factory, directly or through others) from a wait, and which
/// caching build a shorter-lived instance would be captured by.
package enum TaskChain {
    @TaskLocal package static var frames: [AsyncFrame] = []
    /// The container an async override's body receives (`register { c in … }`), as
    /// ``ResolutionContext/overrideContainer`` for a synchronous one; set only while it runs.
    @TaskLocal package static var overrideContainer: ContainerNode?

    /// Runs `make` with `override` (nil: the declared body) under `chain`.
    package static func run(
        _ make: MakeInstanceAsync, override: (any OverrideBody)?, container: ContainerNode, chain: [AsyncFrame]
    ) async throws -> AnyObject {
        try await $frames.withValue(chain) {
            guard override != nil else { return try await make(nil) }
            return try await $overrideContainer.withValue(container) { try await make(override) }
        }
    }

    /// Stops the process if `frame`'s build is already in progress in this task's chain
    /// (the one cycle check, ``Frame/checkCycle(in:how:)``).
    package static func checkCycle(_ frame: TaskFrame) {
        frame.checkCycle(in: frames.lazy.map { $0.frame }, how: "between async factories")
    }

    /// `build`'s result for `waiter`, awaited with the record in the waits-for graph
    /// (WaitGraph.swift) that this task's innermost build waits for it: a cycle of such
    /// waits across tasks stops instead of waiting forever.
    static func value(of build: InFlightTask, for waiter: UInt64) async throws -> AnyObject {
        guard let awaiting = frames.last(where: { $0.build != nil })?.build else { return try await build.value(for: waiter) }
        WaitGraph.willAwait(build, from: awaiting)
        defer { WaitGraph.didWait(ObjectIdentifier(awaiting)) }
        return try await build.value(for: waiter)
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
