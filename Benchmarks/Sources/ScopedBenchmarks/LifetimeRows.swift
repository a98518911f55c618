// Lifetime scopes: open a child, resolve 10 .scoped factories in it, close it.
import Scoped

extension Container {
    var flow0: Factory<Service> { self { Service(0) }.scoped }
    var flow1: Factory<Service> { self { Service(1) }.scoped }
    var flow2: Factory<Service> { self { Service(2) }.scoped }
    var flow3: Factory<Service> { self { Service(3) }.scoped }
    var flow4: Factory<Service> { self { Service(4) }.scoped }
    var flow5: Factory<Service> { self { Service(5) }.scoped }
    var flow6: Factory<Service> { self { Service(6) }.scoped }
    var flow7: Factory<Service> { self { Service(7) }.scoped }
    var flow8: Factory<Service> { self { Service(8) }.scoped }
    var flow9: Factory<Service> { self { Service(9) }.scoped }
}

/// What a hand-written flow owner does: keep ten services, drop them together.
final class HandFlow {
    var services: [Service] = []
}

enum LifetimeRows {
    /// One cycle: open, 10 scoped resolves, close.
    @inline(__always)
    static func cycle(_ root: Container) -> UInt64 {
        let flow = root.child("flow")
        var acc: UInt64 = 0
        acc &+= fold(flow.flow0()); acc &+= fold(flow.flow1())
        acc &+= fold(flow.flow2()); acc &+= fold(flow.flow3())
        acc &+= fold(flow.flow4()); acc &+= fold(flow.flow5())
        acc &+= fold(flow.flow6()); acc &+= fold(flow.flow7())
        acc &+= fold(flow.flow8()); acc &+= fold(flow.flow9())
        flow.close()
        return acc
    }

    static func all() -> [Benchmark] {
        let root = Container()
        // Observed roots (the leak check watches releases that observers hear about); each
        // row installs its observer for its own run only: an observer installed anywhere
        // turns off every other row's lock-free read.
        let observed = Container()
        let checked = Container()
        // An open child holding one `.scoped` instance, for repeated hits.
        let hits = root.child("hits")
        _ = hits.flow0()
        return [
            Benchmark("lifetime", "hand-written: 10 inits kept by an owner, dropped", baseline: true) { n in
                var acc: UInt64 = 0
                for _ in 0..<n {
                    let flow = HandFlow()
                    flow.services.reserveCapacity(10)
                    for i in 0..<10 { flow.services.append(Service(i)) }
                    acc &+= keep(flow)
                }
                return acc
            },
            Benchmark("lifetime", "hand-written: 10 inits in a locked dictionary per flow, dropped") { n in
                // Floor of a thread-safe lifetime scope: a flow object (one allocation, plus
                // its dictionary's storage) with a mutex; each of 10 builds a locked lookup,
                // the init outside the lock, a locked insert; all dropped with the flow.
                lockedFlowCycles(DictionaryLockedFlow.self, n)
            },
            Benchmark("lifetime", "hand-written: 10 inits in a locked array per flow, dropped") { n in
                // The row above without hashing: the flow's instances in an array of
                // (key, instance) pairs scanned in order; the same locks and allocations.
                lockedFlowCycles(ArrayLockedFlow.self, n)
            },
            Benchmark("lifetime", "Scoped child + 10 scoped resolves + close") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= cycle(root) }
                return acc
            },
            Benchmark("lifetime", "Scoped .scoped hit in an open child") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(hits.flow0()) }
                return acc
            },
            Benchmark("lifetime", "Scoped child + 10 scoped resolves + close, observed") { n in
                let observation = observed.observe(LifecycleObserver { _ in })
                defer { observation.cancel() }
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= cycle(observed) }
                return acc
            },
            Benchmark("lifetime", "Scoped child + 10 scoped resolves + close, observed, leak check on") { n in
                // The check's cost at close: a weak reference per released instance (none
                // outlives its release here, so no delayed check is scheduled).
                LifecycleEvent.leakGracePeriod = 2
                let observation = checked.observe(LifecycleObserver { _ in })
                defer {
                    observation.cancel()
                    LifecycleEvent.leakGracePeriod = nil
                }
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= cycle(checked) }
                return acc
            },
        ]
    }

    /// Peak and current RSS before and after `cycles` open/resolve/close cycles.
    static func rss(cycles: Int) -> (before: (hwm: Int, rss: Int), after: (hwm: Int, rss: Int), seconds: Double) {
        let root = Container()
        var acc: UInt64 = 0
        for _ in 0..<10_000 { acc &+= cycle(root) }  // reach the steady state first
        let before = (ProcessMemory.kilobytes("VmHWM") ?? -1, ProcessMemory.kilobytes("VmRSS") ?? -1)
        let elapsed = Harness.clock.measure {
            for _ in 0..<cycles { acc &+= cycle(root) }
        }
        Sink.value &+= acc
        let after = (ProcessMemory.kilobytes("VmHWM") ?? -1, ProcessMemory.kilobytes("VmRSS") ?? -1)
        return (before, after, Harness.seconds(elapsed))
    }
}
