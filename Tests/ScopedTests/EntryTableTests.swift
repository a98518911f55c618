import Scoped
import ScopedTesting
import Testing

// How a storage files its instances (EntryTable.swift): in the order builds finished,
// with holes where single instances were reset, compacted once holes are most of a
// large table, and a key → position dictionary past 16 entries. Observed through what a
// user sees: identities, init counts and the release order.

private let names: [StaticString] = [
    "e00", "e01", "e02", "e03", "e04", "e05", "e06", "e07", "e08", "e09",
    "e10", "e11", "e12", "e13", "e14", "e15", "e16", "e17", "e18", "e19",
    "e20", "e21", "e22", "e23", "e24", "e25", "e26", "e27", "e28", "e29",
    "e30", "e31", "e32", "e33", "e34", "e35", "e36", "e37", "e38", "e39",
]

private func probe<C: SharedContainer>(_ container: C, _ key: StaticString, _ tracker: LifecycleTracker) -> Factory<Probe> {
    Factory(container: container, key: key, file: #fileID, line: 0, column: 0) { Probe("\(key)", tracker) }.scoped
}

@Suite struct EntryTableTests {
    /// 40 instances (past the dictionary threshold), 30 reset one by one (holes, then a
    /// compaction): the other 10 keep their instances, the reset ones are made anew once.
    @Test func resettingMostOfALargeTableKeepsTheRest() {
        let container = Container()
        let tracker = LifecycleTracker()
        let first = names.map { probe(container, $0, tracker)() }
        for name in names.prefix(30) { probe(container, name, tracker).reset() }
        #expect(tracker.liveCount == 40)  // `first` still holds them all

        for (index, name) in names.enumerated() {
            let again = probe(container, name, tracker)()
            #expect((again === first[index]) == (index >= 30), "\(name)")
            #expect(probe(container, name, tracker)() === again, "\(name)")
            #expect(tracker.inits("\(name)") == (index < 30 ? 2 : 1), "\(name)")
        }
    }

    /// Resets leave holes; a close still releases newest first, by the order the builds
    /// finished: the instances rebuilt after the resets go first.
    @Test func aChildClosesNewestFirstAfterResets() {
        let child = Container().child("flow")
        let tracker = LifecycleTracker()
        let used = Array(names.prefix(20))
        for name in used { _ = probe(child, name, tracker)() }
        for name in [used[3], used[7], used[19]] { probe(child, name, tracker).reset() }
        #expect(tracker.deinitLog == ["deinit e03#1", "deinit e07#1", "deinit e19#1"])
        for name in [used[7], used[3]] { _ = probe(child, name, tracker)() }

        child.close()
        let expected = ["deinit e03#2", "deinit e07#2"]
            + used.reversed().filter { !["e03", "e07", "e19"].contains("\($0)") }.map { "deinit \($0)#1" }
        #expect(Array(tracker.deinitLog.dropFirst(3)) == expected)
        #expect(tracker.liveCount == 0)
    }

    /// A `.shared` instance that died is rebuilt as the newest entry, and its dead entry
    /// is gone: a close releases only live instances, newest first.
    @Test func aDeadSharedInstanceIsReplacedAsTheNewest() {
        let container = Container()
        let tracker = LifecycleTracker()
        let shared: Factory<Probe> = Factory(container: container, key: "sharedProbe", file: #fileID, line: 0, column: 0) { Probe("shared", tracker) }.shared
        let cached = probe(container, "e00", tracker)
        do {
            let first = shared()
            #expect(shared() === first)
        }
        #expect(tracker.deinits("shared") == 1)
        _ = cached()
        var second: Probe? = shared()
        #expect(tracker.inits("shared") == 2)
        #expect(container.inspection.heldCount == 2)
        second = nil
        _ = second
        #expect(container.inspection.heldCount == 1)
        container.reset()
        #expect(tracker.deinitLog == ["deinit shared#1", "deinit shared#2", "deinit e00#1"])
    }
}

/// A row view model, resolved per id and released by its screen.
private final class Row: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

extension Container {
    fileprivate var row: ParameterFactory<Int, Row> { self { Row(id: $0) }.shared.perParameter }
}

@Suite struct WeakEntryReclaimTests {
    /// 10,000 distinct ids, each row released before the next: the dead weak entries are
    /// swept on insert, so the table holds a few dozen entries, not 10,000.
    @Test func deadSharedEntriesOfIdsNeverUsedAgainAreReclaimed() {
        let container = Container()
        for id in 0..<10_000 {
            #expect(container.row(id).id == id)
        }
        let filed = container.inspection.filedCount
        #expect(filed <= 2 * EntryTable.linearLimit + 1, "\(filed) entries filed for 0 live rows")
        #expect(container.inspection.heldCount == 0)
    }

    /// Live rows are never swept: 100 held while 10,000 others come and go stay the
    /// same instances, and the table stays within about twice the live ones.
    @Test func liveSharedEntriesSurviveSweeps() {
        let container = Container()
        let held = (0..<100).map { container.row($0) }
        for id in 100..<10_100 { _ = container.row(id) }
        for (id, row) in held.enumerated() { #expect(container.row(id) === row) }
        let filed = container.inspection.filedCount
        #expect(filed >= 100 && filed <= 2 * 100 + EntryTable.linearLimit + 1, "\(filed) entries filed for 100 live rows")
    }
}
