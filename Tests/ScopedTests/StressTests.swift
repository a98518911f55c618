import Foundation
import Scoped
import ScopedTesting
import Testing

// Concurrency promises, proved with real threads released together by a barrier
// (`onThreads`): exactly one build per caching scope under racing first resolves, no
// deadlock in nested graphs, resets racing resolves, a deinit resolving during a reset,
// and a slow build of one key never blocking resolves of another.

private let threads = 8
private let rounds = 100

extension Container {
    fileprivate func raceCached(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("cached", tracker) }.cached }
    fileprivate func raceShared(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("shared", tracker) }.shared }
    fileprivate func raceScoped(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("scoped", tracker) }.scoped }
    fileprivate func raceSingleton(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("singleton", tracker) }.singleton
    }
    fileprivate func raceCustom(_ tracker: LifecycleTracker, _ scope: Scope) -> Factory<Probe> {
        self { Probe("custom", tracker) }.scope(scope)
    }
    fileprivate func racePerParameter(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { Probe("item\($0)", tracker) }.cached.perParameter
    }

    // A nested cached graph: top → middle → leaf, and side → leaf.
    fileprivate func graphTop(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("top", tracker, holding: [self.graphMiddle(tracker)()]) }.cached
    }
    fileprivate func graphMiddle(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("middle", tracker, holding: [self.graphLeaf(tracker)()]) }.cached
    }
    fileprivate func graphSide(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("side", tracker, holding: [self.graphLeaf(tracker)()]) }.cached
    }
    fileprivate func graphLeaf(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("leaf", tracker) }.cached }

    fileprivate func slow(_ tracker: LifecycleTracker, entered: DispatchSemaphore, proceed: DispatchSemaphore) -> Factory<Probe> {
        self {
            entered.signal()
            proceed.wait()
            return Probe("slow", tracker)
        }.cached
    }
    fileprivate func fast(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("fast", tracker) }.cached }
    fileprivate func fresh(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("fresh", tracker) }.cached }

    /// A cached instance whose `deinit` resolves from the same container.
    fileprivate func deinitResolver(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { [weak self] in
            Probe("resolver", tracker, onDeinit: { [weak self] in _ = self?.raceCached(tracker)() })
        }.cached
    }
}

/// Races `threads` first resolves of `resolve` in `rounds` fresh worlds and expects
/// one init and one instance per round; `afterRound` runs once the round's instances
/// are no longer held by the race.
private func raceFirstResolves(
    rounds: Int = rounds, makeWorld: () -> (tracker: LifecycleTracker, resolve: @Sendable (Int) -> Probe),
    afterRound: (LifecycleTracker) -> Void
) {
    for round in 0..<rounds {
        let (tracker, resolve) = makeWorld()
        do {
            let seen = Collected<Probe>()   // held until the checks are done, so `.shared` stays alive
            onThreads(threads) { index in seen.append(resolve(index)) }
            let distinct = Set(seen.all.map(ObjectIdentifier.init)).count
            #expect(seen.all.count == threads)
            #expect(distinct == 1, "round \(round): \(distinct) instances")
            #expect(tracker.log.filter { $0.hasPrefix("init ") }.count == 1, "round \(round): \(tracker.log)")
        }
        afterRound(tracker)
    }
}

@Suite struct StressTests {
    @Test func cachedBuildsOnceUnderRacingFirstResolves() {
        raceFirstResolves(makeWorld: {
            let container = Container()
            let tracker = LifecycleTracker()
            return (tracker, { _ in container.raceCached(tracker)() })
        }, afterRound: { _ in })
    }

    @Test func sharedBuildsOnceUnderRacingFirstResolves() {
        raceFirstResolves(makeWorld: {
            let container = Container()
            let tracker = LifecycleTracker()
            return (tracker, { _ in container.raceShared(tracker)() })
        }, afterRound: { _ in })
    }

    @Test func scopedBuildsOnceAtTheRootAndInAChild() {
        raceFirstResolves(makeWorld: {
            let container = Container()
            let tracker = LifecycleTracker()
            return (tracker, { _ in container.raceScoped(tracker)() })
        }, afterRound: { _ in })
        raceFirstResolves(makeWorld: {
            let flow = Container().child("flow")
            let tracker = LifecycleTracker()
            return (tracker, { _ in flow.raceScoped(tracker)() })
        }, afterRound: { _ in })
    }

    @Test func customScopeBuildsOnceUnderRacingFirstResolves() {
        let scope = Scope.Cached(name: "race")
        raceFirstResolves(makeWorld: {
            let container = Container()
            let tracker = LifecycleTracker()
            return (tracker, { _ in container.raceCustom(tracker, scope)() })
        }, afterRound: { _ in })
    }

    /// One singleton per process, raced from a different root container on each thread.
    @Test func singletonBuildsOnceAcrossContainers() {
        raceFirstResolves(makeWorld: {
            let tracker = LifecycleTracker()
            return (tracker, { _ in Container().raceSingleton(tracker)() })
        }, afterRound: { tracker in
            Container().raceSingleton(tracker).reset()
            #expect(tracker.liveCount == 0)
        })
    }

    @Test func perParameterBuildsOncePerParameter() {
        for _ in 0..<rounds {
            let container = Container()
            let tracker = LifecycleTracker()
            let seen = Collected<Probe>()
            onThreads(threads) { index in seen.append(container.racePerParameter(tracker)(index % 2)) }
            #expect(tracker.inits("item0") == 1)
            #expect(tracker.inits("item1") == 1)
            #expect(Set(seen.all.map(ObjectIdentifier.init)).count == 2)
        }
    }

    /// Threads enter the graph at different registrations, so each waits on builds
    /// another thread started from inside a body.
    @Test func nestedCachedGraphsBuildOnceUnderContention() {
        for round in 0..<rounds {
            let container = Container()
            let tracker = LifecycleTracker()
            let resolvers: [@Sendable () -> Probe] = [
                { container.graphTop(tracker)() }, { container.graphSide(tracker)() },
                { container.graphMiddle(tracker)() }, { container.graphLeaf(tracker)() },
            ]
            let finished = finishes(progress: { tracker.changes }) {
                onThreads(threads) { index in _ = resolvers[index % resolvers.count]() }
            }
            #expect(finished, "round \(round) deadlocked")
            for name in ["top", "middle", "side", "leaf"] {
                #expect(tracker.inits(name) == 1, "round \(round): \(name)")
            }
            let top = container.graphTop(tracker)()
            #expect(top.dependencies[0] === container.graphMiddle(tracker)())
            #expect(top.dependencies[0].dependencies[0] === container.graphLeaf(tracker)())
            #expect(container.graphSide(tracker)().dependencies[0] === container.graphLeaf(tracker)())
        }
    }

    /// Half the threads resolve, half reset (the container, the factory, the custom
    /// scope); nothing crashes, every resolve gets a whole instance, and once the last
    /// reset is done every instance has been released.
    @Test func resetsRacingResolvesLoseNoInstance() {
        for _ in 0..<20 {
            let container = Container()
            let tracker = LifecycleTracker()
            let scope = Scope.Cached(name: "race")
            let flow = container.child("flow")
            onThreads(threads) { index in
                for step in 0..<50 {
                    switch (index % 2, step % 3) {
                    case (0, 0): #expect(container.raceCached(tracker)().name == "cached")
                    case (0, 1): #expect(flow.raceScoped(tracker)().name == "scoped")
                    case (0, _): #expect(container.raceCustom(tracker, scope)().name == "custom")
                    case (_, 0): container.reset()
                    case (_, 1): flow.raceScoped(tracker).reset()
                    case (_, _): scope.reset()
                    }
                }
            }
            container.reset()
            flow.close()
            #expect(tracker.liveCount == 0, "\(tracker.live)")
        }
    }

    @Test func aSlowBuildDoesNotBlockResolvesOfOtherKeys() {
        let container = Container()
        let tracker = LifecycleTracker()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let fast = container.fast(tracker)()
        let slowResults = Collected<Probe>()
        let slowDone = DispatchGroup()
        for _ in 0..<2 {   // the builder, and a resolve of the same key that must wait for it
            slowDone.enter()
            Thread {
                slowResults.append(container.slow(tracker, entered: entered, proceed: proceed)())
                slowDone.leave()
            }.start()
        }
        entered.wait()   // the slow body runs now, and stays in until `proceed`
        let others = Collected<Probe>()
        let unblocked = finishes(progress: { others.all.count }) {
            others.append(container.fast(tracker)())
            others.append(container.fresh(tracker)())
        }
        proceed.signal()
        slowDone.wait()
        #expect(unblocked, "a resolve of another key waited for the slow build")
        #expect(others.all.first === fast)
        #expect(others.all.last?.name == "fresh")
        #expect(tracker.inits("slow") == 1)
        #expect(slowResults.all.count == 2)
        #expect(slowResults.all.first === slowResults.all.last)
    }

    /// `reset()` releases instances whose `deinit` resolves from the same container,
    /// while other threads resolve: nobody deadlocks.
    @Test func aDeinitThatResolvesDuringResetDoesNotDeadlock() {
        for round in 0..<rounds {
            let container = Container()
            let tracker = LifecycleTracker()
            let finished = finishes(progress: { tracker.changes }) {
                onThreads(threads) { index in
                    for _ in 0..<5 {
                        if index == 0 {
                            container.reset()
                        } else {
                            _ = container.deinitResolver(tracker)()
                            _ = container.raceCached(tracker)()
                        }
                    }
                }
            }
            #expect(finished, "round \(round) deadlocked")
            guard finished else { return }
        }
    }
}
