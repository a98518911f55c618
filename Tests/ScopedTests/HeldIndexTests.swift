import Scoped
import ScopedTesting
import Testing

// The lock-free index of held instances (HeldIndex.swift): keys whose quick hashes
// collide stay apart, the table keeps every instance across growth, per-parameter and
// child-scope instances keep their own tables, and reads racing resets never return an
// instance that was released (cached or `.shared`).

/// A cached factory under an explicit key, as `self { … }` makes one under `#function`.
private func cachedProbe(_ container: Container, _ key: StaticString, _ tracker: LifecycleTracker) -> Factory<Probe> {
    Factory(container: container, key: key, file: #fileID, line: 0, column: 0) { Probe("\(key)", tracker) }.cached
}

@Suite struct HeldIndexTests {
    /// Same length, same first, middle and last eight bytes: one quick hash, two keys.
    @Test func keysWithTheSameQuickHashKeepTheirOwnInstances() {
        let first: StaticString = "aaaaaaaaXbbbbbbbbbbbbbbbcccccccccccccddddddddd"
        let second: StaticString = "aaaaaaaaYbbbbbbbbbbbbbbbcccccccccccccddddddddd"
        let container = Container()
        let tracker = LifecycleTracker()
        let firstKey = RegistrationKey(name: first, type: Probe.self, file: #fileID, line: 1, column: 1)
        let secondKey = RegistrationKey(name: second, type: Probe.self, file: #fileID, line: 1, column: 1)
        #expect(firstKey.quickHash == secondKey.quickHash)
        #expect(firstKey != secondKey)

        let a = cachedProbe(container, first, tracker)()
        let b = cachedProbe(container, second, tracker)()
        #expect(a !== b)
        #expect(cachedProbe(container, first, tracker)() === a)
        #expect(cachedProbe(container, second, tracker)() === b)

        cachedProbe(container, first, tracker).reset()
        #expect(cachedProbe(container, second, tracker)() === b)
        #expect(cachedProbe(container, first, tracker)() !== a)
        #expect(tracker.inits("\(first)") == 2)
        #expect(tracker.inits("\(second)") == 1)
    }

    /// Forty registrations: the table grows from 16 buckets to 128 while every instance
    /// stays where it was.
    @Test func growingTheTableKeepsEveryInstance() {
        let container = Container()
        let tracker = LifecycleTracker()
        let keys: [StaticString] = [
            "k00", "k01", "k02", "k03", "k04", "k05", "k06", "k07", "k08", "k09",
            "k10", "k11", "k12", "k13", "k14", "k15", "k16", "k17", "k18", "k19",
            "k20", "k21", "k22", "k23", "k24", "k25", "k26", "k27", "k28", "k29",
            "k30", "k31", "k32", "k33", "k34", "k35", "k36", "k37", "k38", "k39",
        ]
        var first: [Probe] = []
        for key in keys {
            first.append(cachedProbe(container, key, tracker)())
            for (index, earlier) in keys.prefix(first.count).enumerated() {
                #expect(cachedProbe(container, earlier, tracker)() === first[index])
            }
        }
        #expect(tracker.liveCount == 40)
        container.reset()
        first.removeAll()
        #expect(tracker.liveCount == 0)
    }

    /// Four threads read a cached key while a fifth resets it, 2,000 times: every read
    /// returns an instance that is still alive when the reader looks at it, and in the
    /// end only the last one is held.
    @Test func readsRacingResetsNeverSeeAReleasedInstance() {
        let container = Container()
        let tracker = LifecycleTracker()
        let factory = cachedProbe(container, "racedKey", tracker)
        _ = factory()
        let dead = Locked(0)
        onThreads(5) { index in
            if index == 4 {
                for _ in 0..<2_000 { factory.reset() }
                return
            }
            for _ in 0..<20_000 {
                let probe = factory()
                if probe.isReportedGone { dead.withLock { $0 += 1 } }
            }
        }
        #expect(dead.withLock { $0 } == 0)
        let last = factory()
        #expect(tracker.live == [last.label])
        #expect(tracker.inits("racedKey") == tracker.deinits("racedKey") + 1)
    }

    /// The same for a `.shared` key, whose instance a read loads strong from its weak
    /// reference while counted as a reader: four threads read (each holding what it read
    /// until its next read) while a fifth resets the key 2,000 times; every read returns an
    /// instance that is still alive, and nothing outlives the readers.
    @Test func sharedReadsRacingResetsNeverSeeAReleasedInstance() {
        let container = Container()
        let tracker = LifecycleTracker()
        let factory: Factory<Probe> = Factory(container: container, key: "racedSharedKey", file: #fileID, line: 0, column: 0) {
            Probe("racedSharedKey", tracker)
        }.shared
        let dead = Locked(0)
        onThreads(5) { index in
            if index == 4 {
                for _ in 0..<2_000 { factory.reset() }
                return
            }
            var held: Probe? = nil
            for _ in 0..<20_000 {
                let probe = factory()
                if probe.isReportedGone { dead.withLock { $0 += 1 } }
                held = probe
            }
            withExtendedLifetime(held) {}
        }
        #expect(dead.withLock { $0 } == 0)
        #expect(tracker.liveCount == 0)
        #expect(tracker.inits("racedSharedKey") == tracker.deinits("racedSharedKey"))
    }

    /// A child lifetime scope keeps its instances in its locked table (no index); its
    /// reads still return the one instance, and closing releases it.
    @Test func childScopesReadTheirOwnTable() {
        let root = Container()
        let tracker = LifecycleTracker()
        let flow = root.child("flow")
        #expect(flow.inspection.readsLockFree == false)
        #expect(root.inspection.readsLockFree)
        let screen: Factory<Probe> = Factory(container: flow, key: "screenInFlow", file: #fileID, line: 0, column: 0) { Probe("screen", tracker) }.scoped
        let first = screen()
        #expect(screen() === first)
        weak let released = first
        _ = consume first
        flow.close()
        #expect(released == nil)
        #expect(tracker.liveCount == 0)
    }
}
