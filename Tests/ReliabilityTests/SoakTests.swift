import Foundation
import Scoped
import Testing

/// Concurrent soak: the model test's operations from many threads at once, a bounded
/// number of times, with invariants checked at quiescent points (between barriers).
///
/// `SCOPED_SOAK_ROUNDS` / `SCOPED_SOAK_OPERATIONS` scale it (rounds; churn operations per
/// thread per round).
@Suite struct SoakTests {
    static let threads = 8
    static let rounds = ModelBasedTests.environmentInt("SCOPED_SOAK_ROUNDS") ?? 25
    static let churnOperations = ModelBasedTests.environmentInt("SCOPED_SOAK_OPERATIONS") ?? 1000

    /// Each round: set up (coordinator) → first resolves (all threads) → check exactly-once
    /// → churn (all threads) → check. After the last round everything is dropped and
    /// reset, and nothing may be alive, nor any lifetime scope left.
    @Test func eightThreadsAgreeOnEveryInstanceAndLeakNothing() async {
        let world = SoakWorld(threads: Self.threads)
        let rounds = Self.rounds
        let churn = Self.churnOperations
        let finished = await withWatchdog("soak with \(Self.threads) threads") { progress in
            onThreads(world.threads) { thread in
                world.enter { Self.runRounds(world, thread: thread, rounds: rounds, churn: churn, progress: progress) }
            }
        }
        guard finished else { return }
        var leftover: [WeakContainer] = []
        world.enter {
            leftover = world.state.withLock { $0.children }.map(WeakContainer.init)
            world.setUpRound(rounds)   // the final teardown and its checks
            for child in world.state.withLock({ $0.children }) { child.close() }
            world.state.withLock { state in
                state.children = []
                state.lazies = []
            }
            world.root.reset()
            Scope.singleton.reset()
        }
        let failures = world.state.withLock { $0.failures }
        #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
        #expect(world.tracker.alive.isEmpty, "alive after the soak: \(world.tracker.alive.sorted())")
        #expect(world.tracker.anomalies.isEmpty)
        #expect(leftover.allSatisfy { $0.container == nil }, "a lifetime scope outlived the soak")
        let (operations, first) = world.state.withLock { ($0.operations, $0.firstResolves) }
        #expect(operations == Self.threads * rounds * churn)
        print("soak: \(Self.threads) threads × \(rounds) rounds: \(first) concurrent first resolves, "
            + "\(operations) churn operations, \(world.tracker.created) instances created and released")
    }

    private static func runRounds(
        _ world: SoakWorld, thread: Int, rounds: Int, churn: Int, progress: ScenarioProgress
    ) {
        for round in 0..<rounds {
            if thread == 0 { world.setUpRound(round) }
            world.barrier.arriveAndWait()
            let createdBefore = world.tracker.created
            world.barrier.arriveAndWait()
            var held = world.firstResolves(thread: thread, round: round)
            progress.advance()
            world.barrier.arriveAndWait()
            if thread == 0 { world.checkFirstResolves(round: round, createdBefore: createdBefore) }
            held = []
            _ = held
            let cachedBefore = SoakWorld.cachedBuilds(world.tracker.createdByTag)
            let dropsBefore = world.state.withLock { $0.cachedDrops }
            world.barrier.arriveAndWait()
            world.churn(thread: thread, round: round, count: churn, progress: progress)
            world.barrier.arriveAndWait()
            if thread == 0 { world.checkChurn(round: round, cachedBuiltBefore: cachedBefore, dropsBefore: dropsBefore) }
            progress.advance()
            world.barrier.arriveAndWait()
        }
    }

    /// 200 rounds of 8 threads released at once on the first resolve of one key, in a
    /// fresh root each time: the body runs once and every thread gets its instance. In an
    /// isolated world: a slow cached body, a slow per-parameter singleton, a cached holder
    /// of a scoped and a shared instance. In the production world (where later resolves
    /// take the fast path): the slow cached body, a per-parameter cached body, the holder.
    @Test(arguments: [false, true])
    func racingFirstResolvesBuildOnce(inProductionWorld production: Bool) async {
        let tracker = Tracker()
        let world = production ? nil : WorldNode(name: "race", parent: nil)
        @Sendable func inWorld(_ body: () -> Void) {
            if let world { world.enter(body) } else { body() }
        }
        let barrier = Barrier(parties: Self.threads)
        let results = Locked<[Int: Set<Int>]>([:])
        let roots = (0..<200).map { _ in ModelContainer() }
        let registrations: [ModelRegistration] = [.cachedProbe, production ? .cachedParam : .singletonParam, .holder]
        // Bodies that yield the processor a while, so that racing threads arrive while the
        // first build is still in flight.
        @Sendable func slowly(_ tag: String, _ parameter: Int? = nil) -> Probe {
            for _ in 0..<50 { sched_yield() }
            return Probe(tag, parameter: parameter)
        }
        inWorld {
            for root in roots {
                root.cachedProbe.register { slowly("cached") }
                if !production { root.singletonParam.register { slowly("singletonParam", $0) } }
            }
        }
        let finished = await withWatchdog("racing first resolves") { progress in
            onThreads(Self.threads) { _ in
                Tracker.$current.withValue(tracker) {
                    inWorld {
                        for (round, root) in roots.enumerated() {
                            barrier.arriveAndWait()
                            let probe = root.resolve(registrations[round % 3], round)
                            _ = results.withLock { $0[round, default: []].insert(probe.id) }
                            progress.advance()
                        }
                    }
                }
            }
        }
        guard finished else { return }
        let all = results.withLock { $0 }
        #expect(all.count == roots.count)
        #expect(all.values.allSatisfy { $0.count == 1 }, "rounds with several instances: \(all.filter { $0.value.count > 1 })")
        // holder builds 3 (itself, a scoped and a shared probe); the others 1.
        #expect(tracker.created == roots.indices.reduce(0) { $0 + ($1 % 3 == 2 ? 3 : 1) })
    }
}

/// A weak reference to a container, to prove it went away.
final class WeakContainer {
    weak var container: ModelContainer?
    init(_ container: ModelContainer) { self.container = container }
}
