// Throughput of cached resolves from one thread and from two at once (ns per resolve,
// all threads together: lower is better; 2 threads ideally give half of 1 thread's).
import Scoped

final class Slots: @unchecked Sendable {  // @unchecked: each thread writes only its own slot, read after join.
    var values = [UInt64](repeating: 0, count: 8)
}

enum ConcurrencyRows {
    static func resolving(threads: Int) -> (Int) -> UInt64 {
        { n in
            let c = Container.shared
            _ = c.bCached()
            let slots = Slots()
            let perThread = n / threads
            runOnThreads(threads) { index in
                var acc: UInt64 = 0
                for _ in 0..<perThread { acc &+= fold(c.bCached()) }
                slots.values[index] = acc
            }
            return slots.values.reduce(0, &+)
        }
    }

    static func all() -> [Benchmark] {
        [
            Benchmark("threads", "Scoped cached, 1 thread", baseline: true, run: resolving(threads: 1)),
            Benchmark("threads", "Scoped cached, 2 threads", run: resolving(threads: 2)),
        ]
    }
}
