import Foundation
import Scoped
import ScopedTesting
import Testing

// `.timeToLive(_:)`: a held instance older than its time to live is dropped by the next
// resolve, which builds anew. Time is a `TimeToLiveClock` each test advances: no sleeps.

extension Container {
    fileprivate func expiring(_ tracker: LifecycleTracker, _ scope: Scope = .cached, seconds: Double = 60) -> Factory<Probe> {
        self { Probe("expiring", tracker) }.scope(scope).timeToLive(seconds)
    }
    /// The modifier before the scope: the same factory.
    fileprivate func expiringFirst(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("first", tracker) }.timeToLive(60).cached
    }
    fileprivate func expiringItem(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { Probe("item\($0)", tracker) }.cached.perParameter.timeToLive(60)
    }
    fileprivate func expiringParameter(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { Probe("parameter\($0)", tracker) }.cached.timeToLive(60)
    }
    fileprivate func expiringScoped(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("scoped", tracker) }.scoped.timeToLive(60)
    }
    fileprivate func expiringDecorated(_ tracker: LifecycleTracker, _ calls: Collected<String>) -> Factory<Probe> {
        self { Probe("decorated", tracker) }.decorator { calls.append($0.label) }.timeToLive(60).cached
    }
    fileprivate func expiringSlowly(_ tracker: LifecycleTracker, _ builds: Collected<Int>) -> Factory<Probe> {
        self {
            builds.append(1)
            Thread.sleep(forTimeInterval: 0.02)   // long enough for every thread to ask meanwhile
            return Probe("slow", tracker)
        }.cached.timeToLive(60)
    }
    fileprivate func expiringAsync(_ tracker: LifecycleTracker, _ builds: Collected<Int>) -> AsyncFactory<Probe> {
        self {
            builds.append(1)
            try? await Task.sleep(nanoseconds: 20_000_000)   // every task joins meanwhile
            return Probe("async", tracker)
        }.cached.timeToLive(60)
    }
    fileprivate func expiringLongAsync(_ tracker: LifecycleTracker, _ builds: Collected<Int>) -> AsyncFactory<Probe> {
        self {
            builds.append(1)
            return Probe("longAsync", tracker)
        }.cached.timeToLive(3600)
    }
    fileprivate func expiringZeroAsync(_ tracker: LifecycleTracker, _ builds: Collected<Int>) -> AsyncFactory<Probe> {
        self {
            builds.append(1)
            return Probe("zeroAsync", tracker)
        }.cached.timeToLive(0)
    }
    fileprivate func expiringAsyncItem(_ tracker: LifecycleTracker) -> AsyncParameterFactory<Int, Probe> {
        self { id in Probe("asyncItem\(id)", tracker) }.cached.perParameter.timeToLive(60)
    }
    fileprivate func expiringUnique(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("unique", tracker) }.timeToLive(60)
    }
    fileprivate func expiringGraph(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("graph", tracker) }.graph.timeToLive(60)
    }
    fileprivate func expiringAsyncUnique(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { Probe("asyncUnique", tracker) }.timeToLive(60)
    }
    fileprivate func negative(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("negative", tracker) }.cached.timeToLive(-1)
    }
    @MainActor fileprivate func expiringScreen(_ tracker: LifecycleTracker) -> MainActorFactory<Probe> {
        self { @MainActor in Probe("screen", tracker) }.cached.timeToLive(60)
    }
}

/// A custom scope for the tests below (custom scopes live for the process).
private let session = Scope.Cached(name: "ttlSession")

@Suite struct TimeToLiveTests {
    @Test func aCachedInstanceLivesUntilItIsOlderThanItsTimeToLive() {
        let clock = TimeToLiveClock()
        let tracker = LifecycleTracker()
        withContainer(clock: clock) {
            let container = Container()
            weak var expired: Probe?
            do {
                let first = container.expiring(tracker)()
                expired = first
                clock.advance(by: 60)
                #expect(container.expiring(tracker)() === first)   // 60 s old: not older than 60 s
                clock.advance(by: 1)
                let second = container.expiring(tracker)()
                #expect(second !== first)
                #expect(container.expiring(tracker)() === second)
            }
            #expect(expired == nil)   // the expired instance was released by the resolve
            #expect(tracker.log == ["init expiring#1", "init expiring#2", "deinit expiring#1"])
        }
    }

    @Test(arguments: [Scope.cached, .singleton, session])
    func everyHoldingScopeExpires(_ scope: Scope) {
        let clock = TimeToLiveClock()
        let tracker = LifecycleTracker()
        withContainer(clock: clock) {
            let container = Container()
            let first = container.expiring(tracker, scope)()
            clock.advance(by: 30)
            #expect(container.expiring(tracker, scope)() === first)
            clock.advance(by: 31)
            #expect(container.expiring(tracker, scope)() !== first)
            #expect(tracker.inits("expiring") == 2)
        }
    }

    @Test func aSharedInstanceExpiresWhileItIsHeld() {
        let clock = TimeToLiveClock()
        let tracker = LifecycleTracker()
        withContainer(clock: clock) {
            let container = Container()
            let first = container.expiring(tracker, .shared)()
            #expect(container.expiring(tracker, .shared)() === first)
            clock.advance(by: 61)
            let second = container.expiring(tracker, .shared)()
            #expect(second !== first)   // `first` is still held by this test, yet expired
            #expect(container.expiring(tracker, .shared)() === second)
        }
    }

    @Test func theModifierMayComeBeforeTheScope() {
        let clock = TimeToLiveClock()
        let tracker = LifecycleTracker()
        withContainer(clock: clock) {
            let container = Container()
            let first = container.expiringFirst(tracker)()
            #expect(container.expiringFirst(tracker)() === first)
            clock.advance(by: 61)
            #expect(container.expiringFirst(tracker)() !== first)
        }
    }

    @Test func aLifetimeScopesInstanceExpiresAndTheNewOneIsOwnedByTheScope() {
        let clock = TimeToLiveClock()
        let tracker = LifecycleTracker()
        withContainer(clock: clock) {
            let flow = Container().child("flow")
            weak var second: Probe?
            do {
                let first = flow.expiringScoped(tracker)()
                clock.advance(by: 61)
                let rebuilt = flow.expiringScoped(tracker)()
                #expect(rebuilt !== first)
                second = rebuilt
            }
            #expect(tracker.deinitLog == ["deinit scoped#1"])
            #expect(second != nil)   // held by the scope
            flow.close()
            #expect(second == nil)
        }
    }

    @Test func eachParameterHasItsOwnAge() {
        let clock = TimeToLiveClock()
        let tracker = LifecycleTracker()
        withContainer(clock: clock) {
            let container = Container()
            _ = container.expiringItem(tracker)(1)
            clock.advance(by: 30)
            _ = container.expiringItem(tracker)(2)
            clock.advance(by: 31)   // item 1 is 61 s old, item 2 31 s
            #expect(container.expiringItem(tracker)(1).label == "item1#2")
            #expect(container.expiringItem(tracker)(2).label == "item2#1")
            #expect(tracker.deinitLog == ["deinit item1#1"])
            clock.advance(by: 30)
            #expect(container.expiringItem(tracker)(2).label == "item2#2")
            #expect(container.expiringItem(tracker)(1).label == "item1#2")   // 30 s old
            #expect(tracker.deinitLog == ["deinit item1#1", "deinit item2#1"])
        }
    }

    @Test func aParameterFactoryWithoutPerParameterKeepsOneInstance() {
        let clock = TimeToLiveClock()
        let tracker = LifecycleTracker()
        withContainer(clock: clock) {
            let container = Container()
            let first = container.expiringParameter(tracker)(1)
            #expect(container.expiringParameter(tracker)(2) === first)
            clock.advance(by: 61)
            #expect(container.expiringParameter(tracker)(3).name == "parameter3")
        }
    }

    @Test func decoratorsStillRunOnEveryResolve() {
        let clock = TimeToLiveClock()
        let tracker = LifecycleTracker()
        let calls = Collected<String>()
        withContainer(clock: clock) {
            let container = Container()
            _ = container.expiringDecorated(tracker, calls)()
            _ = container.expiringDecorated(tracker, calls)()
            clock.advance(by: 61)
            _ = container.expiringDecorated(tracker, calls)()
            #expect(calls.all == ["decorated#1", "decorated#1", "decorated#2"])
        }
    }

    @Test func anOverrideExpiresToo() {
        let clock = TimeToLiveClock()
        let tracker = LifecycleTracker()
        withContainer(clock: clock) {
            let container = Container()
            container.expiring(tracker).register { Probe("mock", tracker) }
            let first = container.expiring(tracker)()
            #expect(first.name == "mock")
            #expect(container.expiring(tracker)() === first)
            clock.advance(by: 61)
            let second = container.expiring(tracker)()
            #expect(second !== first && second.name == "mock")
        }
    }

    @Test func threadsThatFindAnExpiredInstanceRebuildItOnce() {
        let clock = TimeToLiveClock()
        let tracker = LifecycleTracker()
        let builds = Collected<Int>()
        let world = withContainer(clock: clock) { ContainerWorld.current }
        let container = world.enter { Container() }
        let first = world.enter { container.expiringSlowly(tracker, builds)() }
        clock.advance(by: 61)
        let seen = Collected<ObjectIdentifier>()
        onThreads(8) { _ in
            world.enter { seen.append(ObjectIdentifier(container.expiringSlowly(tracker, builds)())) }
        }
        #expect(builds.all.count == 2)
        #expect(Set(seen.all).count == 1)
        #expect(!seen.all.contains(ObjectIdentifier(first)))
    }

    @Test func tasksThatFindAnExpiredAsyncInstanceJoinOneRebuild() async throws {
        let clock = TimeToLiveClock()
        let tracker = LifecycleTracker()
        let builds = Collected<Int>()
        try await withContainer(clock: clock) {
            let container = Container()
            let first = try await container.expiringAsync(tracker, builds)()
            #expect(try await container.expiringAsync(tracker, builds)() === first)
            clock.advance(by: 61)
            let seen = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<16 { group.addTask { ObjectIdentifier(try await container.expiringAsync(tracker, builds)()) } }
                return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
            }
            #expect(builds.all.count == 2)
            #expect(seen.count == 1)
            #expect(!seen.contains(ObjectIdentifier(first)))
        }
    }

    @Test func asyncPerParameterInstancesHaveTheirOwnAges() async throws {
        let clock = TimeToLiveClock()
        let tracker = LifecycleTracker()
        try await withContainer(clock: clock) {
            let container = Container()
            let one = try await container.expiringAsyncItem(tracker)(1)
            clock.advance(by: 30)
            let two = try await container.expiringAsyncItem(tracker)(2)
            clock.advance(by: 31)
            #expect(try await container.expiringAsyncItem(tracker)(1) !== one)
            #expect(try await container.expiringAsyncItem(tracker)(2) === two)
        }
    }

    @MainActor @Test func aMainActorFactoryExpires() {
        let clock = TimeToLiveClock()
        let tracker = LifecycleTracker()
        withContainer(clock: clock) {
            let container = Container()
            let first = container.expiringScreen(tracker)()
            #expect(container.expiringScreen(tracker)() === first)
            clock.advance(by: 61)
            #expect(container.expiringScreen(tracker)() !== first)
        }
    }

    @Test func anExpiryIsReportedAsTheReleaseOfTheOldInstance() {
        let clock = TimeToLiveClock()
        let tracker = LifecycleTracker()
        withContainer(clock: clock) {
            let container = Container()
            let events = Collected<LifecycleEvent>()
            let observation = container.observe { events.append($0) }
            let first = container.expiring(tracker)()
            _ = container.expiring(tracker)()
            clock.advance(by: 61)
            let second = container.expiring(tracker)()
            withExtendedLifetime(observation) {}
            let steps = events.all.filter { $0.registration == "expiring(_:_:seconds:)" }
            #expect(steps.map(\.kind) == [.created, .reused, .released, .created])
            #expect(steps[2].instance == ObjectIdentifier(first))
            #expect(steps[3].instance == ObjectIdentifier(second))
        }
    }

    @Test func theRealClockExpiresAZeroTimeToLiveAndKeepsALongOne() {
        let tracker = LifecycleTracker()
        let container = Container()
        let long = container.expiring(tracker, seconds: 3600)()
        #expect(container.expiring(tracker, seconds: 3600)() === long)
        let short = Container()
        let first = short.expiring(tracker, seconds: 0)()
        // The monotonic clock moves on between two resolves: a zero time to live expires.
        #expect(short.expiring(tracker, seconds: 0)() !== first)
    }

    /// Outside any container world a held instance with a time to live is read without a
    /// lock, its deadline checked beside it (HeldIndex.swift). In a process of its own, so
    /// that no other test's world sends these resolves the general way.
    @Test func theLockFreeReadKeepsAYoungInstanceAndDropsAnExpiredOne() async {
        await #expect(processExitsWith: .success) {
            let tracker = LifecycleTracker()
            // A container per scope: the scopes would share one entry of the same key.
            for scope in [Scope.cached, .singleton, session] {
                let container = Container()
                let kept = container.expiring(tracker, scope, seconds: 3600)()
                #expect(container.expiring(tracker, scope, seconds: 3600)() === kept)
                if scope === Scope.singleton { container.expiring(tracker, scope).reset() }
            }
            let root = Container()
            let flow = root.child("flow")
            let keptInFlow = flow.expiringScoped(tracker)()
            #expect(flow.expiringScoped(tracker)() === keptInFlow)
            let item = root.expiringItem(tracker)(1)
            #expect(root.expiringItem(tracker)(1) === item)
            #expect(tracker.inits("expiring") == 3)
            // A zero time to live: the clock has moved on by the next resolve.
            for scope in [Scope.cached, .shared, .singleton, session] {
                let container = Container()
                let first = container.expiring(tracker, scope, seconds: 0)()
                let second = container.expiring(tracker, scope, seconds: 0)()
                #expect(second !== first)
                #expect(container.expiring(tracker, scope, seconds: 0)() !== second)
                if scope === Scope.singleton { container.expiring(tracker, scope).reset() }
            }
            #expect(tracker.inits("expiring") == 3 + 12)
            // An async factory's held instance is read the same way.
            let asyncBuilds = Collected<Int>()
            let kept = try await root.expiringLongAsync(tracker, asyncBuilds)()
            #expect(try await root.expiringLongAsync(tracker, asyncBuilds)() === kept)
            let first = try await root.expiringZeroAsync(tracker, asyncBuilds)()
            #expect(try await root.expiringZeroAsync(tracker, asyncBuilds)() !== first)
            #expect(asyncBuilds.all.count == 3)
            flow.close()
        }
    }

    /// Lock-free reads of instances with a deadline while other threads expire them,
    /// reset them and publish new ones (run under ThreadSanitizer in CI): every resolve
    /// returns a live instance, every instance built is released in the end. In a process
    /// of its own, so that the reads are the lock-free ones.
    @Test func lockFreeReadsRaceExpiriesAndResets() async {
        await #expect(processExitsWith: .success) {
            let tracker = LifecycleTracker()
            let container = Container()
            onThreads(4) { index in
                for round in 0..<500 {
                    switch index {
                    case 0 where round % 10 == 0: container.expiring(tracker, seconds: 3600).reset()
                    case 1: _ = container.expiring(tracker, seconds: 0)()   // expires on every read
                    default: precondition(container.expiring(tracker, seconds: 3600)().name == "expiring")
                    }
                }
            }
            container.reset()
            #expect(tracker.inits("expiring") > 1)
            #expect(tracker.deinits("expiring") == tracker.inits("expiring"))
        }
    }

    @Test func testClocksOfParallelWorldsAreIndependentAndNestedWorldsShareThem() {
        let one = TimeToLiveClock()
        let two = TimeToLiveClock()
        one.advance(by: 1.5)
        #expect(one.elapsed == 1.5)
        #expect(two.elapsed == 0)
        let tracker = LifecycleTracker()
        withContainer(clock: one) {
            let first = Container.shared.expiring(tracker)()
            withContainer {
                // A nested world: fresh instances, the same clock.
                let inner = Container.shared.expiring(tracker)()
                one.advance(by: 61)
                #expect(Container.shared.expiring(tracker)() !== inner)
            }
            #expect(Container.shared.expiring(tracker)() !== first)
        }
    }

    @Test func uniqueWithATimeToLiveStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container().expiringUnique(LifecycleTracker())()
        }
        #expect(standardError(of: result).contains(
            "Scoped: expiringUnique(_:) (Probe) has .timeToLive(60.0) but its scope, unique, keeps no instance to expire; "
                + "give it a caching scope (.cached, .shared, .scoped, .singleton or a custom one) or remove .timeToLive"))
    }

    @Test func graphWithATimeToLiveStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container().expiringGraph(LifecycleTracker())()
        }
        #expect(standardError(of: result).contains(
            "Scoped: expiringGraph(_:) (Probe) has .timeToLive(60.0) but its scope, graph, keeps no instance to expire"))
    }

    @Test func anAsyncUniqueWithATimeToLiveStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = try? await Container().expiringAsyncUnique(LifecycleTracker())()
        }
        #expect(standardError(of: result).contains(
            "Scoped: expiringAsyncUnique(_:) (Probe) has .timeToLive(60.0) but its scope, unique, keeps no instance to expire"))
    }

    @Test func aNegativeTimeToLiveStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container().negative(LifecycleTracker())()
        }
        #expect(standardError(of: result).contains(
            "Scoped: negative(_:) (Probe) has .timeToLive(-1.0); give a number of seconds of 0 or more"))
    }
}
