import Foundation
import ScopedTesting
import Testing

/// Where task-local isolation ends, and how `ContainerWorld` carries it further.
@Suite struct ContainerWorldTests {
    @Test(.container { $0.isoValue.register { 11 } })
    func detachedTasksLeaveTheWorldUnlessTheyReEnterIt() async {
        let escaped = await Task.detached { Container.shared.isoValue() }.value
        #expect(escaped == -1)
        let world = ContainerWorld.current
        let reEntered = await Task.detached { world.enter { Container.shared.isoValue() } }.value
        #expect(reEntered == 11)
        let reEnteredAsync = await Task.detached {
            await world.enter {
                await Task.yield()
                return Container.shared.isoValue()
            }
        }.value
        #expect(reEnteredAsync == 11)
    }

    @Test(.container { $0.isoValue.register { 12 } })
    func dispatchQueuesLeaveTheWorldUnlessTheyReEnterIt() async {
        let world = ContainerWorld.current
        let (escaped, reEntered) = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let escaped = Container.shared.isoValue()
                let reEntered = world.enter { Container.shared.isoValue() }
                continuation.resume(returning: (escaped, reEntered))
            }
        }
        #expect(escaped == -1)
        #expect(reEntered == 12)
    }

    @Test(.container { $0.isoValue.register { 13 } })
    func threadsLeaveTheWorldUnlessTheyReEnterIt() {
        let world = ContainerWorld.current
        let results = Locked<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        Thread {
            results.withLock { $0.append(Container.shared.isoValue()) }
            world.enter { results.withLock { $0.append(Container.shared.isoValue()) } }
            done.signal()
        }.start()
        done.wait()
        #expect(results.withLock { $0 } == [-1, 13])
    }

    @Test(.container { $0.isoValue.register { 14 } })
    func unstructuredTasksAndChildTasksInheritTheWorld() async {
        #expect(await Task { Container.shared.isoValue() }.value == 14)
        async let child = Container.shared.isoValue()
        #expect(await child == 14)
    }

    @Test(.container { $0.isoValue.register { 15 } })
    func productionIsolationLeavesTheWorldOnPurpose() {
        #expect(ContainerWorld.production.enter { Container.shared.isoValue() } == -1)
        #expect(ContainerWorld.production.description == "production")
        #expect(!ContainerWorld.production.isIsolated)
        #expect(Container.shared.isoValue() == 15)
    }

    @Test func inProductionCurrentIsProductionAndEnterJustRuns() {
        let current = ContainerWorld.current
        #expect(!current.isIsolated)
        #expect(current.enter { Container.shared.isoValue() } == -1)
    }

    /// Swift Testing runs an exit test's closure alone in a child process, without the
    /// test's traits: it resolves in production (TestingAndPreviews.md says so).
    @Test(.container { $0.isoValue.register { 21 } })
    func anExitTestsClosureRunsWithoutTheTraitsWorld() async {
        #expect(Container.shared.isoValue() == 21)
        await #expect(processExitsWith: .success) {
            if Container.shared.isoValue() != -1 { fatalError("the trait's override reached the exit test") }
        }
    }

    @Test func aCapturedWorldLivesWhileHeldAndReleasesItsInstancesAfter() {
        weak var store: IsoStore?
        do {
            let world = withContainer { $0.isoValue.register { 16 } } operation: {
                store = Container.shared.isoStore()
                return ContainerWorld.current
            }
            #expect(store != nil)   // the captured world keeps its instances
            #expect(world.enter { Container.shared.isoValue() } == 16)
            #expect(world.enter { Container.shared.isoStore() } === store)
        }
        #expect(store == nil)
    }
}
