import Foundation
import Scoped
import Testing

/// Scenarios that deadlock a container holding a lock while user code runs. Each runs
/// under a watchdog (``withWatchdog(_:stallSeconds:sourceLocation:_:)``) and reports every
/// operation it completes: a scenario that completes none for 30 s fails the test instead
/// of hanging the run, however long the whole scenario takes.
@Suite struct DeadlockTests {
    /// Three builds in three containers are in progress at once (they meet at a
    /// rendezvous inside their bodies), then each resolves into the next container:
    /// a.x → b.y, b.y2 → c.z, c.z2 → a.w. A per-container lock held during builds
    /// deadlocks here; a global one never lets the three builds meet.
    @Test func buildsInThreeContainersResolveIntoEachOtherAtOnce() async {
        let tracker = Tracker()
        let a = TrioA(), b = TrioB(), c = TrioC()
        let meet = Barrier(parties: 3)
        let met = Locked(0)
        @Sendable func rendezvous() {
            if meet.arriveAndWait(stallSeconds: 10) { met.withLock { $0 += 1 } }
        }
        a.x.register { [unowned b] in rendezvous(); return Probe("a.x", deps: [b.y()]) }
        b.y2.register { [unowned c] in rendezvous(); return Probe("b.y2", deps: [c.z()]) }
        c.z2.register { [unowned a] in rendezvous(); return Probe("c.z2", deps: [a.w()]) }
        let results = Locked<[Int]>([])
        let finished = await withWatchdog("a.x → b.y, b.y2 → c.z, c.z2 → a.w on three threads") { progress in
            onThreads(3) { thread in
                Tracker.$current.withValue(tracker) {
                    let probe = [{ a.x() }, { b.y2() }, { c.z2() }][thread]()
                    results.withLock { $0.append(probe.deps[0].id) }
                    progress.advance()
                }
            }
        }
        guard finished else { return }   // recorded by the watchdog; a stuck thread may hold locks
        #expect(met.withLock { $0 } == 3, "the three builds never were in progress at the same time")
        #expect(results.withLock { $0.count } == 3)
        #expect(tracker.created == 6)
    }

    /// Eight threads at once, 50 times, resolve a chain that nests across three fresh
    /// containers (a.chain → b.chain → c.chain, the last `.scoped` in a child of c), each
    /// thread entering it at a different container: one instance per container, linked.
    @Test func chainsAcrossThreeContainersResolvedFromEightThreads() async {
        let tracker = Tracker()
        let barrier = Barrier(parties: 8)
        let rounds = 50
        let trios = (0..<rounds).map { _ in (TrioA(), TrioB(), TrioC()) }
        let flows = trios.map { $0.2.child("flow") }
        for (index, (a, b, _)) in trios.enumerated() {
            let flow = flows[index]
            a.chain.register { [unowned b] in Probe("a.chain", deps: [b.chain()]) }
            b.chain.register { [unowned flow] in Probe("b.chain", deps: [flow.chain()]) }
        }
        let seen = Locked<[Int: [String: Set<Int>]]>([:])
        let finished = await withWatchdog("chains across three containers, eight threads") { progress in
            onThreads(8) { thread in
                Tracker.$current.withValue(tracker) {
                    for round in 0..<rounds {
                        barrier.arriveAndWait()
                        let (a, b, _) = trios[round]
                        var ids: [String: Int] = [:]
                        switch thread % 3 {
                        case 0:
                            let top = a.chain()
                            ids = ["a": top.id, "b": top.deps[0].id, "c": top.deps[0].deps[0].id]
                        case 1:
                            let middle = b.chain()
                            ids = ["b": middle.id, "c": middle.deps[0].id]
                        default:
                            ids = ["c": flows[round].chain().id]
                        }
                        seen.withLock { seen in
                            for (name, id) in ids { seen[round, default: [:]][name, default: []].insert(id) }
                        }
                        progress.advance()
                    }
                }
            }
        }
        guard finished else { return }   // recorded by the watchdog; a stuck thread may hold locks
        let all = seen.withLock { $0 }
        #expect(all.count == rounds)
        #expect(all.values.allSatisfy { $0.values.allSatisfy { $0.count == 1 } })
        #expect(tracker.created == rounds * 3)
        for flow in flows { flow.close() }
    }

    /// Instances whose `deinit` resolves from the container, released by `reset()`,
    /// `Scope.cached.reset()`, a factory's `reset()`, `close()` and a dropped child, on
    /// four threads at once; everything is released in the end.
    @Test func deinitsThatResolveDuringResetsAndCloses() async {
        let tracker = Tracker()
        let world = WorldNode(name: "deinit-resolves", parent: nil)
        let container = HookContainer()
        let finished = await withWatchdog("deinits resolving during reset and close") { progress in
            onThreads(4) { thread in
                Tracker.$current.withValue(tracker) {
                    world.enter {
                        for round in 0..<300 {
                            switch thread {
                            case 0:
                                _ = container.hooked()
                                container.reset()
                            case 1:
                                _ = container.hooked()
                                _ = container.plain()
                                if round % 3 == 0 { Scope.cached.reset() } else { container.hooked.reset() }
                            case 2:
                                let flow = container.child("flow")
                                _ = flow.scopedHook()
                                _ = flow.item(round % 4)
                                flow.close()
                            default:
                                var flow: HookContainer? = container.child("dropped")
                                _ = flow?.scopedHook()
                                flow = nil
                            }
                            progress.advance()
                        }
                    }
                }
            }
        }
        guard finished else { return }   // recorded by the watchdog; a stuck thread may hold locks
        Tracker.$current.withValue(tracker) {
            world.enter {
                container.reset()
                Scope.cached.reset()
            }
        }
        #expect(tracker.alive.isEmpty, "still alive: \(tracker.alive.sorted())")
        #expect(tracker.anomalies.isEmpty)
        #expect(tracker.createdByTag["scopedHook"] == 600)
    }

    /// A scoped instance whose `deinit` resolves through the lifetime scope that is
    /// closing: the cached instance it asks for is the root's existing one.
    @Test func deinitDuringCloseGetsTheRootsInstances() async {
        let tracker = Tracker()
        let container = HookContainer()
        let observed = Locked<(heldBeforeClose: Bool, releasedByClose: Bool, sameRootInstance: Bool)>((false, false, false))
        let finished = await withWatchdog("deinit resolving during close") { progress in
            Tracker.$current.withValue(tracker) {
                let plain = container.plain()
                let flow = container.child("flow")
                weak let hook = flow.scopedHook()
                let heldBeforeClose = hook != nil
                progress.advance()
                flow.close()
                progress.advance()
                let releasedByClose = hook == nil
                let same = container.plain() === plain
                observed.withLock { $0 = (heldBeforeClose, releasedByClose, same) }
            }
        }
        guard finished else { return }   // recorded by the watchdog; a stuck thread may hold locks
        let (heldBeforeClose, releasedByClose, sameRootInstance) = observed.withLock { $0 }
        #expect(heldBeforeClose)
        #expect(releasedByClose)
        #expect(sameRootInstance)
        #expect(tracker.createdByTag["plain"] == 1)
        #expect(tracker.createdByTag["hooked"] == 1, "the deinit resolved hooked through the closed scope, from the root")
        container.reset()
    }

    /// A cached body hands work to another thread that resolves other registrations of
    /// the same container (cached, per-parameter scoped through a child, and a second
    /// relay that hops again), and waits for it, while seven more threads want the same
    /// cached instance.
    @Test func bodyThatWaitsForAnotherThreadsResolves() async {
        let tracker = Tracker()
        let container = HookContainer()
        let flow = container.child("flow")
        @Sendable func onAnotherThread(_ work: @escaping @Sendable () -> [Probe]) -> [Probe] {
            let result = Locked<[Probe]>([])
            onThreads(1) { _ in
                Tracker.$current.withValue(tracker) {
                    let probes = work()
                    result.withLock { $0 = probes }
                }
            }
            return result.withLock { $0 }
        }
        container.relay.register { [unowned container, unowned flow] in
            Probe("relay", deps: onAnotherThread { [container.plain(), flow.item(1), container.relay2()] })
        }
        container.relay2.register { [unowned container] in
            Probe("relay2", deps: onAnotherThread { [container.other()] })
        }
        let ids = Locked<Set<Int>>([])
        let finished = await withWatchdog("factory body waiting for resolves on other threads") { progress in
            onThreads(8) { _ in
                Tracker.$current.withValue(tracker) {
                    let relay = container.relay()
                    _ = ids.withLock { $0.insert(relay.id) }
                    progress.advance()
                }
            }
        }
        guard finished else { return }   // recorded by the watchdog; a stuck thread may hold locks
        #expect(ids.withLock { $0.count } == 1)
        #expect(tracker.createdByTag["relay"] == 1)
        #expect(tracker.created == 5)   // relay, plain, item[1], relay2, other
        flow.close()
        container.reset()
    }

    /// Forty tasks resolve main-actor factories on the main actor
    /// (their bodies resolve cached and scoped instances there) while four threads resolve
    /// and reset the same registrations in the background.
    ///
    /// Under ThreadSanitizer with the whole suite in parallel, the main actor runs other
    /// tests' work for a minute or more before these tasks get their turn: the watchdog does
    /// not count that wait (``ScenarioProgress/onMainActor(_:)``), only time in which none
    /// of the operations that could run completed.
    @Test func mainActorFactoriesResolvedAlongsideBackgroundResolves() async {
        let tracker = Tracker()
        let world = WorldNode(name: "main-actor", parent: nil)
        let container = HookContainer()
        let flow = container.child("flow")
        let screens = Locked<Set<ObjectIdentifier>>([])
        let finished = await withWatchdog("main-actor resolves next to background resolves") { progress in
            await Tracker.$current.withValue(tracker) {
                await world.enter {
                    // Plain threads, so that no thread of the (2-thread) cooperative pool blocks.
                    let background = startThreads(4) { thread in
                        Tracker.$current.withValue(tracker) {
                            world.enter {
                                for round in 0..<200 {
                                    _ = container.plain()
                                    _ = flow.item(round % 3)
                                    if thread == 0 && round % 10 == 0 { container.other.reset() }
                                    if thread == 1 && round % 25 == 0 { Scope.scoped.reset() }
                                    _ = container.other()
                                    progress.advance()
                                }
                            }
                        }
                    }
                    await withTaskGroup(of: Void.self) { group in
                        for index in 0..<40 {
                            group.addTask {
                                let screen = await progress.onMainActor { container.screen() }
                                let detail = await progress.onMainActor { flow.detailScreen(index % 4) }
                                _ = screens.withLock { $0.insert(ObjectIdentifier(screen)) }
                                _ = detail
                            }
                        }
                    }
                    await waitForThreads(background)
                }
            }
        }
        guard finished else { return }   // recorded by the watchdog; a stuck thread may hold locks
        #expect(screens.withLock { $0.count } == 1)
        #expect(tracker.createdByTag["screen"] == 1)
        #expect((tracker.createdByTag["detailScreen"] ?? 0) >= 4)
        flow.close()
        Tracker.$current.withValue(tracker) { world.enter { container.reset() } }
        #expect(tracker.anomalies.isEmpty)
    }
}
