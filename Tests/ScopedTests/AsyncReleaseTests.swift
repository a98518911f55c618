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

extension Container {
    fileprivate func joinedSlowly(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self {
            try await Task.sleep(nanoseconds: 2_000_000)   // long enough for every caller to join
            return Probe("joinedSlowly", tracker)
        }.cached
    }
}

/// Callers of one async build, some cancelled while the build finishes (a third
/// new-user evaluation's finding): a caller cancelled before it began to wait is counted
/// out once, so the callers still waiting always get the instance. Before, one that the
/// build's end overtook was counted out twice, and the instance was dropped while another
/// caller still needed it (a precondition failure in InFlightTask). Many rounds, in a
/// process of its own: the bug stopped the process.
@Suite struct AsyncCancelledJoinersTests {
    @Test func theCallersLeftGetTheInstanceWhenOthersAreCancelled() async {
        await #expect(processExitsWith: .success) {
            let tracker = LifecycleTracker()
            for _ in 0..<1_500 {
                let container = Container()
                let callers = (0..<6).map { _ in Task { try await container.joinedSlowly(tracker)() } }
                for (index, caller) in callers.enumerated() where index.isMultiple(of: 2) { caller.cancel() }
                var instances: [Probe] = []
                for (index, caller) in callers.enumerated() where !index.isMultiple(of: 2) {
                    instances.append(try await caller.value)   // never cancelled: the instance
                }
                precondition(instances.count == 3 && instances.allSatisfy { $0 === instances[0] }, "not one instance")
            }
        }
    }

    /// One caller cancelled as the next one arrives: the next one gets an instance,
    /// joining the build or starting anew if the first abandoned it.
    @Test func aCallerAfterACancelledOneGetsTheInstance() async {
        await #expect(processExitsWith: .success) {
            let tracker = LifecycleTracker()
            for round in 0..<2_000 {
                let container = Container()
                let cancelled = Task { try await container.joinedSlowly(tracker)() }
                if round.isMultiple(of: 3) { await Task.yield() }
                cancelled.cancel()
                let next = Task { try await container.joinedSlowly(tracker)() }
                _ = try await next.value
            }
        }
    }
}
