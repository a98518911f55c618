// Concurrency rule: no lock of its own. An async resolve takes the storage's lock briefly (`claimAsync`,
// `fileAsyncBuild`), never across an `await` or while a body runs. A caching scope's build runs in a task of its own
// (InFlightTask.swift) that every caller awaits; a `.unique` build runs in the caller's task. The task-local
// `TaskChain` (immutable, inherited by the tasks a body starts) carries the frames a thread keeps on its stack.

/// The typed shell's part of an async build: the declared body, or `override`'s, run.
package typealias MakeInstanceAsync = @Sendable (_ override: (any OverrideBody)?) async throws -> AnyObject

extension ContainerNode {
    /// One build per key however many tasks ask; returns the override in effect too.
    package func resolveAsync(
        _ key: RegistrationKey, parameter: (any Hashable & Sendable)?, kind: Scope.Lifetime, custom: Scope?,
        timeToLive: Double?, make: @escaping MakeInstanceAsync
    ) async throws -> (Lookup, override: (any OverrideBody)?) {
        while true {  // a loop: overrides that keep changing must not deepen the stack
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
    /// One attempt along this route; nil if an override changed since `overridesSeen`.
    fileprivate func resolveAsync(
        _ key: RegistrationKey, parameter: TaskParameter, timeToLive: Double?, _ make: @escaping MakeInstanceAsync, overridesSeen: UInt
    ) async throws -> Lookup? {
        let frame = frame(key, parameter: parameter, timeToLive: timeToLive)
        frame.checkCycle(in: TaskChain.frames.lazy.map { $0.frame }, how: "between async factories")
        guard let (owner, storage) = holder else {  // `.unique`: built in the caller's task
            let observed = Switches.now.contains(.observers)
            let payload = try await TaskChain.run(
                make, override: body, container: node, chain: TaskChain.frames + [(frame: frame, build: nil)])
            if observed { node.emit(.created, key: frame.storageKey, scope: frame.scope, instance: Payload.identity(of: payload)) }
            return .held(payload)
        }
        let clock = frame.lifespan == Expiry.forever ? nil : Expiry.currentClock  // this world's
        let storageKey = frame.storageKey
        let claim = storage.claimAsync(storageKey, scope: scope, overridesSeen: overridesSeen) {
            InFlightTask(frame, key: storageKey, lock: storage.state)
        }
        // A captive dependency whether the shorter-lived instance is built now, joined or held.
        if case .overridesChanged = claim {} else if Switches.now.contains(.observers) {
            Route.reportCaptivity(of: frame, from: owner, context: nil)
        }
        let held: Lookup
        switch claim {
        case .overridesChanged: return nil
        case .held(.miss), .held(.closed):
            // Not a stop: a task may outlive its scope (a cancelled request, a view's `.task`).
            throw owner.closedError(storageKey, scope: frame.scope)
        case .held(let found): held = found
        case .join(let build, let waiter):
            Route.watchForStall(build, of: frame, owner: owner)
            held = .held(try await TaskChain.value(of: build, for: waiter))
        case .run(let build, let waiter):
            start(build, of: frame, owner: owner, storage: storage, make, clock: clock)
            return .held(try await TaskChain.value(of: build, for: waiter))
        }
        // Reused: one event per resolve; the run-time decorators run for this resolve too.
        if Switches.now.contains(.observers) { owner.emit(.reused, key: storageKey, scope: frame.scope, instance: held.heldIdentity) }
        body?.decorate(held)
        return held
    }
    /// The stall watchdog first (before those of the builds its body starts), then the body.
    private func start(
        _ build: InFlightTask, of frame: TaskFrame, owner: ContainerNode, storage: InstanceStorage,
        _ make: @escaping MakeInstanceAsync, clock: ManualClock?
    ) {
        let (scope, override) = (frame.scope, body)
        if Switches.now.contains(.observers) { Route.watchForStall(build, of: frame, owner: owner) }
        let chain = TaskChain.frames + [(frame: frame, build: build)]
        let reporter = frame.kind.storedReporter(owner)
        build.start {
            let result: Result<AnyObject, any Error>
            do {
                result = .success(try await TaskChain.run(make, override: override, container: owner, chain: chain))
            } catch {
                result = .failure(error)
            }
            // `.shared` keeps the class instance weakly, as `Payload.weakTarget(of:)`.
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

extension Route {
    /// Reports `build` if it still runs after the stall threshold: a fault in the log, and `buildStalled` to
    /// observers. Watched from its start while an observer is installed, else from its first joiner's wait.
    fileprivate static func watchForStall(_ build: InFlightTask, of frame: TaskFrame, owner: ContainerNode) {
        guard let threshold = EventHub.stalledBuildThreshold.withLock({ $0 }) else { return }
        build.watch(after: UInt64(min(threshold, 1e9) * 1_000_000_000)) { build, callers in  // ∞: 31 years
            let stall = LifecycleEvent.Stall(seconds: threshold, callers: callers, awaitingBuilds: WaitGraph.buildsAwaiting(build))
            owner.reportStall(of: frame.storageKey, scope: frame.scope, stall, builder: "", waiting: "\(callers) caller(s)",
                cause: "awaits one of them, or something that never resumes")
        }
    }
}

/// One async build in the current task's ancestry (`build`: nil for `.unique`).
package typealias AsyncFrame = (frame: TaskFrame, build: InFlightTask?)
package typealias TaskFrame = Frame<TaskParameter>

/// A per-parameter factory's parameter in a task's chain (nil for every other factory).
package struct TaskParameter: FrameParameter, Sendable {
    let value: (any Hashable & Sendable)?
    package var box: ParameterBox? { value.map { TaskParameter.box($0) } }
    package var description: String? { value.map { "\($0)" } }
    package func isSame(as other: TaskParameter) -> Bool? {
        value.map { AnyHashable($0) } == other.value.map { AnyHashable($0) }
    }
    private static func box(_ parameter: some Hashable & Sendable) -> ParameterBox { TypedParameterBox(parameter) }
}

/// The async builds the current task is part of, outermost first (the tasks a body starts inherit it): what tells a
/// cycle from a wait, and who would capture a shorter-lived one.
package enum TaskChain {
    @TaskLocal package static var frames: [AsyncFrame] = []
    /// The container an async override's body receives (`register { c in … }`).
    @TaskLocal package static var overrideContainer: ContainerNode?
    package static func run(
        _ make: MakeInstanceAsync, override: (any OverrideBody)?, container: ContainerNode, chain: [AsyncFrame]
    ) async throws -> AnyObject {
        try await $frames.withValue(chain) {
            guard override != nil else { return try await make(nil) }
            return try await $overrideContainer.withValue(container) { try await make(override) }
        }
    }
    /// Awaited with the wait recorded in the waits-for graph: a cycle across tasks stops.
    static func value(of build: InFlightTask, for waiter: UInt64) async throws -> AnyObject {
        guard let awaiting = frames.last(where: { $0.build != nil })?.build else { return try await build.value(for: waiter) }
        WaitGraph.willAwait(build, from: awaiting)
        defer { WaitGraph.didWait(ObjectIdentifier(awaiting)) }
        return try await build.value(for: waiter)
    }
    /// In an ended build's body, a resolve through the closed scope builds for it alone.
    package static var isInEndedBuild: Bool { frames.contains { $0.build?.wasEnded == true } }
    /// A reset this build's body makes does not invalidate it.
    package static var innermostBuild: ObjectIdentifier? { frames.last?.build.map(ObjectIdentifier.init) }
}
