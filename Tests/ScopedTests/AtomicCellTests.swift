import Dispatch
import Scoped
import Testing

// The C11 atomics behind the lock-free reads (Atomics.swift, CScopedPlatform.h): each
// operation returns what Synchronization's `Atomic` returned, arithmetic wraps, table
// cells are independent, and the process-wide counters hand out distinct numbers under
// contention.

@Suite struct AtomicCellTests {
    @Test func operationsReturnTheValuesTheirCallersExpect() {
        let word = AtomicWord(7)
        defer { word.deallocate() }
        #expect(word.load(ordering: .acquiring) == 7)
        #expect(word.exchange(9, ordering: .sequentiallyConsistent) == 7)
        #expect(word.add(3, ordering: .sequentiallyConsistent) == 12)
        #expect(word.subtract(2, ordering: .releasing) == 10)
        word.store(0, ordering: .releasing)
        #expect(word.subtract(1, ordering: .relaxed) == UInt.max)
        #expect(word.add(1, ordering: .relaxed) == 0)
    }

    @Test func cellsOfATableAreIndependentAndStartAtZero() {
        let words = AtomicWords(count: 4)
        defer { words.deallocate() }
        for index in 0..<4 { #expect(words[index].load(ordering: .relaxed) == 0) }
        words[2].store(5, ordering: .releasing)
        #expect(words[1].load(ordering: .acquiring) == 0)
        #expect(words[2].load(ordering: .acquiring) == 5)
        #expect(words[3].load(ordering: .acquiring) == 0)
    }

    @Test func concurrentIncrementsAreNeitherLostNorDuplicated() {
        let word = AtomicWord()
        defer { word.deallocate() }
        let perThread = 10_000
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<perThread { word.add(1, ordering: .sequentiallyConsistent) }
        }
        #expect(word.load(ordering: .acquiring) == UInt(8 * perThread))
    }

    @Test func processWideCountersHandOutDistinctIncreasingNumbers() {
        let counter = ProcessWideCounter.worldNumbers
        let first = counter.next()
        let second = counter.next()
        #expect(second > first)
        let drawn = Locked<[UInt64]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            var mine: [UInt64] = []
            for _ in 0..<1_000 { mine.append(counter.next()) }
            drawn.withLock { $0 += mine }
        }
        let all = drawn.withLock { $0 }
        #expect(all.count == 8_000)
        #expect(Set(all).count == 8_000)
        #expect(all.allSatisfy { $0 > second })
    }
}
