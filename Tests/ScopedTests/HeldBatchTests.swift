import Scoped
import ScopedTesting
import Testing

// A slot of the lock-free index holds a batch of references for its readers and refills
// it under the storage's lock (HeldIndex.swift): many more reads than one batch return the
// one instance, and dropping it gives back every reference the slot still holds, so the
// instance ends when its last holder lets go, however many reads and refills came before.

/// A factory under an explicit key (one registration per test), its scope set by `scoped`.
private func probe(
    _ container: Container, _ key: StaticString, _ tracker: LifecycleTracker, _ scoped: (Factory<Probe>) -> Factory<Probe>
) -> Factory<Probe> {
    scoped(Factory(container: container, key: key, file: #fileID, line: 0, column: 0) { Probe("\(key)", tracker) })
}

@Suite struct HeldBatchTests {
    /// 1,000 cached reads (several batches): one instance; a reset releases it at once.
    @Test func cachedReadsPastSeveralBatchesThenResetReleaseTheInstance() {
        let tracker = LifecycleTracker()
        let factory = probe(Container(), "batchCached", tracker, { $0.cached })
        let first = factory()
        for _ in 0..<1_000 { #expect(factory() === first) }
        weak let released = first
        _ = consume first
        #expect(released != nil)
        factory.reset()
        #expect(released == nil)
        #expect(tracker.inits("batchCached") == 1)
        #expect(tracker.deinits("batchCached") == 1)
    }

    /// 1,000 `.shared` reads while one holder keeps the instance: one instance, released
    /// when that holder lets go (the slot's references are to its weak box, not to it).
    @Test func sharedReadsPastSeveralBatchesLeaveTheInstanceToItsHolders() {
        let tracker = LifecycleTracker()
        let factory = probe(Container(), "batchShared", tracker, { $0.shared })
        var held: Probe? = factory()
        for _ in 0..<1_000 { #expect(factory() === held) }
        weak let released = held
        held = nil
        #expect(released == nil)
        #expect(tracker.liveCount == 0)
        #expect(factory() !== released)
        #expect(tracker.inits("batchShared") == 2)
    }

    /// A time to live read past several batches: one instance until it is dropped.
    @Test func expiringReadsPastSeveralBatchesThenResetReleaseTheInstance() {
        let tracker = LifecycleTracker()
        let factory = probe(Container(), "batchExpiring", tracker, { $0.cached.timeToLive(3_600) })
        let first = factory()
        for _ in 0..<1_000 { #expect(factory() === first) }
        weak let released = first
        _ = consume first
        factory.reset()
        #expect(released == nil)
        #expect(tracker.deinits("batchExpiring") == 1)
    }

    /// Four threads read one singleton-free cached key 5,000 times each, refilling its
    /// batch concurrently: one instance, and a reset afterwards releases it.
    @Test func concurrentRefillsHandOutOneInstance() {
        let tracker = LifecycleTracker()
        let factory = probe(Container(), "batchRefills", tracker, { $0.cached })
        let first = factory()
        let others = Locked(0)
        onThreads(4) { _ in
            for _ in 0..<5_000 where factory() !== first { others.withLock { $0 += 1 } }
        }
        #expect(others.withLock { $0 } == 0)
        weak let released = first
        _ = consume first
        factory.reset()
        #expect(released == nil)
        #expect(tracker.inits("batchRefills") == 1)
    }
}
