// The process-wide switches (Atomics.swift): what a resolve reads with one load must be on
// while any thread holds the count behind it, however the counts of many threads race.
import Scoped
import ScopedTesting
import Testing

@Suite struct SwitchesTests {
    /// A thread that has counted itself in always sees the switch on, while other threads
    /// count in and out around it (turning it off on every last count out).
    @Test func aCountedSwitchIsOnWhileAnyThreadHoldsItsCount() {
        let misses = Locked(0)
        onThreads(8) { _ in
            for _ in 0..<20_000 {
                Switches.count(.leakTests, by: 1)
                if !Switches.now.contains(.leakTests) { misses.withLock { $0 += 1 } }
                Switches.count(.leakTests, by: -1)
            }
        }
        #expect(misses.withLock { $0 } == 0)
    }
}
