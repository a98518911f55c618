import Foundation
import Scoped
import ScopedTesting
import Testing

/// Async factories (issue #19): one build per key however many tasks ask, cancellation of
/// waiters, the lifetime rules while a build is in flight, per-parameter instances,
/// events. Every wait is on a `AsyncGate` the test opens, never on time.
@Suite struct AsyncFactoryTests {
    struct Failure: Error, Equatable { let message: String }

    @Test func uniqueBuildsEachTimeAndCachedOnce() async throws {
        let container = Container()
        let tracker = LifecycleTracker()
        let first = try await container.asyncUnique(tracker)()
        let second = try await container.asyncUnique(tracker)()
        #expect(first !== second)
        let cached = try await container.asyncCached(tracker)()
        #expect(try await container.asyncCached(tracker)() === cached)
        #expect(tracker.inits("unique") == 2)
        #expect(tracker.inits("cached") == 1)
        // Another root has its own.
        #expect(try await Container().asyncCached(tracker)() !== cached)
    }

    @Test func exactlyOneBuildUnderAHundredConcurrentFirstAwaits() async throws {
        let tracker = LifecycleTracker()
        for round in 0..<100 {
            let container = Container()
            let results = try await withThrowingTaskGroup(of: Probe.self) { group in
                for _ in 0..<100 { group.addTask { try await container.asyncYielding(tracker)() } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.count == 100)
            #expect(results.allSatisfy { $0 === results[0] }, "round \(round)")
            #expect(tracker.inits("yielding") == round + 1, "round \(round)")
        }
    }

    @Test func cancelledWaitersStopWaitingWithoutCancellingTheBuildForTheOthers() async throws {
        let container = Container()
        let tracker = LifecycleTracker()
        let gate = AsyncGate()
        let staying = (0..<5).map { _ in Task { try await container.asyncGated(gate, tracker)() } }
        await gate.arrivals(1)  // the build is running
        let leaving = (0..<5).map { _ in Task { try await container.asyncGated(gate, tracker)() } }
        for task in leaving { task.cancel() }
        for task in leaving {
            await #expect(throws: CancellationError.self) { try await task.value }
        }
        gate.open()
        var results: [Probe] = []
        for task in staying { results.append(try await task.value) }
        #expect(results.allSatisfy { $0 === results[0] })
        #expect(tracker.inits("gated") == 1)
        #expect(gate.arrived == 1)
        // Kept: the next resolve returns it without building.
        #expect(try await container.asyncGated(gate, tracker)() === results[0])
    }

    @Test func whenEveryWaiterLeavesTheBuildIsCancelledAndNothingIsKept() async throws {
        let container = Container()
        let tracker = LifecycleTracker()
        let gate = AsyncGate()
        let cancelledBodies = AsyncGate()
        let waiters = (0..<4).map { _ in Task { try await container.asyncAbandonable(gate, cancelledBodies, tracker)() } }
        await gate.arrivals(1)
        for task in waiters { task.cancel() }
        for task in waiters {
            await #expect(throws: CancellationError.self) { try await task.value }
        }
        // Every body that started saw its build cancelled.
        await cancelledBodies.arrivals(gate.arrived)
        #expect(tracker.inits("abandonable") == 0)
        #expect(container.inspection.heldCount == 0)
        // The next resolve starts a new build.
        gate.open()
        let fresh = try await container.asyncAbandonable(gate, cancelledBodies, tracker)()
        #expect(tracker.inits("abandonable") == 1)
        #expect(try await container.asyncAbandonable(gate, cancelledBodies, tracker)() === fresh)
    }

    @Test func aRegisterDuringABuildReachesTheWaitersButIsNotKept() async throws {
        let container = Container()
        let tracker = LifecycleTracker()
        let gate = AsyncGate()
        let live = try await Self.resolve(container.asyncGated(gate, tracker), passing: gate) {
            container.asyncGated(gate, tracker).register { Probe("mock", tracker) }
        }
        #expect(live.name == "gated")
        #expect(try await container.asyncGated(gate, tracker)().name == "mock")
        weak let gone = live
        _ = consume live
        #expect(gone == nil)
    }

    @Test func aResetDuringABuildReachesTheWaitersButIsNotKept() async throws {
        let container = Container()
        let tracker = LifecycleTracker()
        let gate = AsyncGate()
        let first = try await Self.resolve(container.asyncGated(gate, tracker), passing: gate) {
            container.asyncGated(gate, tracker).reset()
        }
        let second = try await container.asyncGated(gate, tracker)()
        #expect(first !== second)
        #expect(tracker.inits("gated") == 2)
    }

    @Test func aCustomScopeResetDuringABuildReachesTheWaitersButIsNotKept() async throws {
        let session = Scope.Cached(name: "asyncSession")
        let container = Container()
        let tracker = LifecycleTracker()
        let gate = AsyncGate()
        let factory = container.asyncInScope(session, gate, tracker)
        let first = try await Self.resolve(factory, passing: gate) { session.reset() }
        let second = try await factory()
        #expect(first !== second)
        #expect(try await factory() === second)
        #expect(tracker.inits("user") == 2)
    }

    @Test func aSingletonIsOnePerProcessOrTestWorld() async throws {
        let tracker = LifecycleTracker()
        try await withContainer {
            let one = try await Container().asyncSingleton(tracker)()
            let two = try await Container().asyncSingleton(tracker)()
            #expect(one === two)
        }
        #expect(tracker.inits("singleton") == 1)
    }

    @Test func aScopedBuildWhoseScopeClosesIsEndedAndKeepsNothing() async throws {
        let tracker = LifecycleTracker()
        let gate = AsyncGate()
        let flow = Container().child("flow")
        // The close ends the build (AsyncRaceTests has the details): its waiter throws.
        await #expect(throws: LifetimeScopeClosedError.self) {
            _ = try await Self.resolve(flow.asyncGated(gate, tracker, scoped: true), passing: gate) { flow.close() }
        }
        #expect(flow.inspection.heldCount == 0)
        #expect(tracker.inits("scoped") == 0)
    }

    /// Resolves `factory` in a task of its own, runs `meanwhile` while its body waits at
    /// `gate`, then opens the gate and returns what the resolve got (the task is gone by
    /// then: a finished task would keep its result alive).
    static func resolve(
        _ factory: AsyncFactory<Probe>, passing gate: AsyncGate, meanwhile: () -> Void
    ) async throws -> Probe {
        let waiter = Task { try await factory() }
        await gate.arrivals(1)
        meanwhile()
        gate.open()
        return try await waiter.value
    }

    @Test func oneScopedInstancePerLifetimeScope() async throws {
        let tracker = LifecycleTracker()
        let gate = AsyncGate()
        gate.open()
        let root = Container()
        let one = root.child("one")
        let two = root.child("two")
        let first = try await one.asyncGated(gate, tracker, scoped: true)()
        #expect(try await one.asyncGated(gate, tracker, scoped: true)() === first)
        #expect(try await two.asyncGated(gate, tracker, scoped: true)() !== first)
        weak let released = first
        _ = consume first
        one.close()
        #expect(released == nil)
    }

    @Test func sharedKeepsItsInstanceOnlyWhileSomeoneHoldsIt() async throws {
        let container = Container()
        let tracker = LifecycleTracker()
        var held: Probe? = try await container.asyncShared(tracker)()
        #expect(try await container.asyncShared(tracker)() === held)
        held = nil
        _ = try await container.asyncShared(tracker)()
        #expect(tracker.inits("shared") == 2)
        _ = held
    }

    @Test func perParameterInstances() async throws {
        let container = Container()
        let tracker = LifecycleTracker()
        let one = try await container.asyncDetail(tracker)(1)
        #expect(try await container.asyncDetail(tracker)(1) === one)
        let two = try await container.asyncDetail(tracker)(2)
        #expect(two !== one)
        #expect(two.name == "detail2")
        // Without .perParameter a caching scope keeps the first build's.
        let anyParameter = try await container.asyncAnyDetail(tracker)(1)
        #expect(try await container.asyncAnyDetail(tracker)(2) === anyParameter)
    }

    @Test func aThrowingBodyReachesEveryWaiterAndNothingIsKept() async throws {
        let container = Container()
        let tracker = LifecycleTracker()
        let attempts = Locked(0)
        let gate = AsyncGate()
        let factory = container.asyncFailingOnce(gate, attempts, tracker)
        let waiters = (0..<3).map { _ in Task { try await factory() } }
        await gate.arrivals(1)
        gate.open()
        for task in waiters {
            await #expect(throws: Failure(message: "offline")) { try await task.value }
        }
        let second = try await factory()
        #expect(second.name == "failing")
        #expect(attempts.withLock { $0 } == 2)
    }

    @Test func asyncBodiesResolveSynchronousFactoriesAndOthers() async throws {
        let container = Container()
        let tracker = LifecycleTracker()
        let session = try await container.asyncSession(tracker)()
        #expect(session.dependencies.count == 2)
        #expect(session.dependencies[0] === container.syncStore(tracker)())
        #expect(try session.dependencies[1] === (await container.asyncCached(tracker)()))
    }

    @Test func overridesAndContextOverridesApply() async throws {
        let container = Container()
        let tracker = LifecycleTracker()
        #expect(try await container.asyncTestOnly(tracker)().name == "under test")
        container.asyncCached(tracker).register { Probe("mock", tracker) }
        #expect(try await container.asyncCached(tracker)().name == "mock")
        container.asyncCached(tracker).reset()
        #expect(try await container.asyncCached(tracker)().name == "cached")
    }

    @Test func eventsReportCreatedReusedAndCaptiveDependencies() async throws {
        let tracker = LifecycleTracker()
        let events = Locked<[LifecycleEvent]>([])
        let root = Container()
        let observation = root.observe { event in events.withLock { $0.append(event) } }
        let flow = root.child("flow")
        _ = try await flow.asyncHoldingScoped(tracker)()
        _ = try await flow.asyncHoldingScoped(tracker)()
        observation.cancel()
        let seen = events.withLock { $0 }.filter { $0.registration?.hasPrefix("async") == true }
        let kinds = seen.map { "\($0.kind) \($0.registration ?? "")" }
        #expect(kinds.contains("created asyncHoldingScoped(_:)"))
        #expect(kinds.contains("reused asyncHoldingScoped(_:)"))
        let captive = seen.first { $0.kind == .captiveDependency }
        #expect(captive?.registration == "asyncHoldingScoped(_:)")
        #expect(captive?.captured?.registration == "asyncInnerScoped(_:)")
    }

    /// The captured `.scoped` instance built before the holder: reported all the same.
    @Test func aCapturedInstanceHeldAlreadyIsReported() async throws {
        let tracker = LifecycleTracker()
        let events = Locked<[LifecycleEvent]>([])
        let root = Container()
        let flow = root.child("flow")
        let inner = try await flow.asyncInnerScoped(tracker)()
        let observation = root.observe { event in events.withLock { $0.append(event) } }
        let holder = try await flow.asyncHoldingScoped(tracker)()
        observation.cancel()
        #expect(holder.dependencies.first === inner)
        let captive = events.withLock { $0 }.filter { $0.kind == .captiveDependency }
        #expect(captive.count == 1)
        #expect(captive.first?.description.hasSuffix(
            "captiveDependency asyncHoldingScoped(_:) (Probe) cached captures asyncInnerScoped(_:) (Probe) scoped "
                + "in \(flow.inspection.displayName)") == true)
        flow.close()
    }

    @Test func aMainActorBodyRunsOnTheMainActor() async throws {
        let container = Container()
        let ranOnMain = Flag()
        let screen = try await Task.detached { try await container.asyncMainActor(ranOnMain)() }.value
        #expect(ranOnMain.isSet)
        #expect(try await container.asyncMainActor(ranOnMain)() === screen)
    }
}

/// A main-actor object an async factory makes.
@MainActor final class AsyncScreen {
    init() {}
}

extension Container {
    fileprivate func asyncUnique(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { Probe("unique", tracker) }
    }
    fileprivate func asyncCached(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { await Task.yield(); return Probe("cached", tracker) }.cached
    }
    fileprivate func asyncYielding(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self {
            for _ in 0..<3 { await Task.yield() }
            return Probe("yielding", tracker)
        }.cached
    }
    /// A `.cached` probe whose body waits at `gate` (`.scoped` and named "scoped" with
    /// `scoped: true`; no test uses both on one container).
    fileprivate func asyncGated(_ gate: AsyncGate, _ tracker: LifecycleTracker, scoped: Bool = false)
        -> AsyncFactory<Probe>
    {
        let factory = self {
            try await gate.wait()
            return Probe(scoped ? "scoped" : "gated", tracker)
        }
        return scoped ? factory.scoped : factory.cached
    }
    fileprivate func asyncAbandonable(_ gate: AsyncGate, _ cancelled: AsyncGate, _ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self {
            do {
                try await gate.wait()
            } catch {
                cancelled.arrive()
                throw error
            }
            return Probe("abandonable", tracker)
        }.cached
    }
    fileprivate func asyncInScope(_ scope: Scope, _ gate: AsyncGate, _ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self {
            try await gate.wait()
            return Probe("user", tracker)
        }.scope(scope)
    }
    fileprivate func asyncSingleton(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { Probe("singleton", tracker) }.singleton
    }
    fileprivate func asyncShared(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { Probe("shared", tracker) }.shared
    }
    fileprivate func asyncDetail(_ tracker: LifecycleTracker) -> AsyncParameterFactory<Int, Probe> {
        self { id in Probe("detail\(id)", tracker) }.cached.perParameter
    }
    fileprivate func asyncAnyDetail(_ tracker: LifecycleTracker) -> AsyncParameterFactory<Int, Probe> {
        self { id in Probe("anyDetail\(id)", tracker) }.cached
    }
    fileprivate func asyncFailingOnce(_ gate: AsyncGate, _ attempts: Locked<Int>, _ tracker: LifecycleTracker)
        -> AsyncFactory<Probe>
    {
        self {
            try await gate.wait()
            let attempt = attempts.withLock { $0 += 1; return $0 }
            if attempt == 1 { throw AsyncFactoryTests.Failure(message: "offline") }
            return Probe("failing", tracker)
        }.cached
    }
    fileprivate func syncStore(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("store", tracker) }.cached
    }
    fileprivate func asyncSession(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { Probe("session", tracker, holding: [self.syncStore(tracker)(), try await self.asyncCached(tracker)()]) }
            .cached
    }
    fileprivate func asyncTestOnly(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { Probe("live", tracker) }.onTest { Probe("under test", tracker) }
    }
    fileprivate func asyncInnerScoped(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { Probe("inner", tracker) }.scoped
    }
    fileprivate func asyncHoldingScoped(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { Probe("holder", tracker, holding: [try await self.asyncInnerScoped(tracker)()]) }.cached
    }
    fileprivate func asyncMainActor(_ ranOnMain: Flag) -> AsyncFactory<AsyncScreen> {
        self { @MainActor in
            MainActor.assertIsolated()
            ranOnMain.set()
            return AsyncScreen()
        }.cached
    }
}
