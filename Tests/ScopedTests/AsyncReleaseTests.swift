import Scoped
import ScopedTesting
import Testing

extension Container {
    fileprivate func releasedRecord(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { await Task.yield(); return Probe("releasedRecord", tracker) }.scoped
    }
    fileprivate func releasedCache(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { await Task.yield(); return Probe("releasedCache", tracker) }.cached
    }
}

/// An async build runs in a task of its own; once a resolve returns, neither that task
/// nor the build still holds the instance, so dropping the last reference (and closing
/// or resetting what keeps it) deinitializes it at once. Repeated, because a task that
/// is still winding down after handing out the instance loses this race only sometimes.
@Suite struct AsyncReleaseTests {
    /// Observed too: an observed build has a watchdog task (the stall report), which must
    /// not keep the instance either once the build is over.
    @Test(arguments: [false, true])
    func aScopedAsyncInstanceDiesWithItsScopeEveryTime(observed: Bool) async throws {
        let tracker = LifecycleTracker()
        let root = Container()
        if observed { root.observe(LifecycleObserver { _ in }) }
        for round in 1...200 {
            var flow: Container? = root.child("flow")
            var record: Probe? = try await flow?.releasedRecord(tracker)()
            #expect(record?.name == "releasedRecord")
            record = nil
            flow?.close()
            flow = nil
            #expect(tracker.deinits("releasedRecord") == round)
        }
    }

    @Test(arguments: [false, true])
    func aCachedAsyncInstanceJoinedByTwoCallersDiesOnResetEveryTime(observed: Bool) async throws {
        let tracker = LifecycleTracker()
        let container = Container()
        if observed { container.observe(LifecycleObserver { _ in }) }
        // `async let` keeps its value until the end of its scope: the pair lives in a function.
        func resolveTwiceAtOnce() async throws -> Bool {
            async let first = container.releasedCache(tracker)()
            async let second = container.releasedCache(tracker)()
            return try await first === second
        }
        for round in 1...200 {
            #expect(try await resolveTwiceAtOnce())
            container.releasedCache(tracker).reset()
            #expect(tracker.deinits("releasedCache") == round)
        }
    }
}
