// Throughput of cached resolves from one thread and from two at once (ns per operation,
// all threads together: lower is better; 2 threads ideally give half of 1 thread's).
// Every row runs n operations in total, split evenly across its threads.
//
// Two threads reading ONE shared object cannot scale on any implementation: each read
// retains and releases that object, so its refcount cache line (and the lock's) bounces
// between the cores. The hand-written lock-guarded rows show that hardware floor; the
// "a key each" row gives each thread its own registration, and is the one that can scale.
// It resolves from `Container.shared`, whose manager is process-wide (factory values
// don't retain it); the same row on a `Container()` root shows what its factory values'
// retains cost two threads (each thread retains a keeper of its own: ContainerManager.swift).
// The rows with bodies that capture the container show what no library can avoid: the
// closure's context is the container, retained by both threads on every factory access.
import Scoped
import Synchronization

extension Container {
    /// A second cached registration, so two threads can each resolve their own key.
    var bCached2: Factory<Service> { self { Service() }.cached }
    /// Cached registrations whose bodies capture the container, as a body that resolves
    /// its dependencies (`self.api()`) does: every factory access retains the container.
    var bCapturing: Factory<Service> { self { self.made(Service()) }.cached }
    var bCapturing2: Factory<Service> { self { self.made(Service()) }.cached }

    func made(_ service: Service) -> Service { service }

    /// The registration the reset rows reset and rebuild.
    var bResetTarget: Factory<Service> { self { Service() }.cached }
}

/// Set by the resetting thread when it is done: the reader stops.
final class StopFlag: Sendable {
    let value = Atomic<Bool>(false)
}

final class Slots: @unchecked Sendable {  // @unchecked: each thread writes only its own slot, read after join.
    var values = [UInt64](repeating: 0, count: 8)
}

enum ConcurrencyRows {
    /// Runs `threads` threads of `n / threads` operations each; `body(index, count)` runs
    /// thread `index`'s whole loop (so the loop stays tight) and returns its folded value.
    static func splitting(_ threads: Int, _ body: @escaping @Sendable (_ index: Int, _ count: Int) -> UInt64) -> (Int) -> UInt64 {
        { n in
            let slots = Slots()
            let perThread = n / threads
            runOnThreads(threads) { index in slots.values[index] = body(index, perThread) }
            return slots.values.reduce(0, &+)
        }
    }

    /// Every thread resolves the same cached key, so every thread retains the same instance.
    static func resolvingSameKey(threads: Int) -> (Int) -> UInt64 {
        let c = Container.shared
        return splitting(threads) { _, count in
            var acc: UInt64 = 0
            for _ in 0..<count { acc &+= fold(c.bCached()) }
            return acc
        }
    }

    /// Thread 0 resolves `bCached`, thread 1 `bCached2`: two keys, two instances, so the
    /// threads share no instance refcount (only what the container itself shares: nothing
    /// of its manager's, since each thread retains its own keeper or none). With
    /// `capturing`, `bCapturing` and `bCapturing2`, whose bodies capture the container:
    /// both threads then retain the container on every factory access, whichever manager
    /// it has. (One loop per case, so that each stays tight.)
    static func resolvingKeyEach(in c: Container = .shared, capturing: Bool = false) -> (Int) -> UInt64 {
        splitting(2) { index, count in
            var acc: UInt64 = 0
            switch (index == 0, capturing) {
            case (true, false): for _ in 0..<count { acc &+= fold(c.bCached()) }
            case (false, false): for _ in 0..<count { acc &+= fold(c.bCached2()) }
            case (true, true): for _ in 0..<count { acc &+= fold(c.bCapturing()) }
            case (false, true): for _ in 0..<count { acc &+= fold(c.bCapturing2()) }
            }
            return acc
        }
    }

    /// Thread 0 resets and rebuilds `bResetTarget` `count` times; with `reader`, thread 1
    /// resolves the same key until thread 0 is done. A reset clears the key's lock-free slot
    /// and the rebuild publishes a new instance in it, both under the storage's lock; each
    /// swap waits for the readers inside their few-instruction window (HeldSlot.swap).
    static func resettingUnderReads(reader: Bool) -> (Int) -> UInt64 {
        { n in
            let c = Container.shared
            _ = c.bResetTarget()
            let stop = StopFlag()
            let slots = Slots()
            runOnThreads(reader ? 2 : 1) { index in
                var acc: UInt64 = 0
                if index == 0 {
                    for _ in 0..<n {
                        c.bResetTarget.reset()
                        acc &+= fold(c.bResetTarget())
                    }
                    stop.value.store(true, ordering: .releasing)
                } else {
                    while !stop.value.load(ordering: .acquiring) { acc &+= fold(c.bResetTarget()) }
                }
                slots.values[index] = acc
            }
            return slots.values[0]
        }
    }

    /// Every thread reads the one instance of one mutex-guarded cache (lock, retain, unlock).
    static func readingLocked(_ cache: LockedCache, threads: Int) -> (Int) -> UInt64 {
        splitting(threads) { _, count in
            var acc: UInt64 = 0
            for _ in 0..<count { acc &+= fold(cache.mutex.withLock { $0 }) }
            return acc
        }
    }

    static func all() -> [Benchmark] {
        let c = Container.shared
        // Built once before timing: the rows measure hits only.
        _ = c.bCached()
        _ = c.bCached2()
        // A root whose manager is not process-wide: both threads retain it per factory value.
        let root = Container()
        _ = root.bCached()
        _ = root.bCached2()
        for container in [c, root] {
            _ = container.bCapturing()
            _ = container.bCapturing2()
        }
        let cache = LockedCache()
        return [
            Benchmark("threads", "Scoped cached, 1 thread", baseline: true, run: resolvingSameKey(threads: 1)),
            Benchmark("threads", "Scoped cached, 2 threads, same key", run: resolvingSameKey(threads: 2)),
            Benchmark("threads", "Scoped cached, 2 threads, a key each", run: resolvingKeyEach()),
            Benchmark(
                "threads", "Scoped cached, 2 threads, a key each, root made with ContainerManager()",
                run: resolvingKeyEach(in: root)),
            Benchmark(
                "threads", "Scoped cached, 2 threads, a key each, bodies that capture the container",
                run: resolvingKeyEach(capturing: true)),
            Benchmark(
                "threads", "Scoped cached, 2 threads, a key each, bodies that capture the container, root made with ContainerManager()",
                run: resolvingKeyEach(in: root, capturing: true)),
            Benchmark("threads", "hand-written lock-guarded object, 1 thread", run: readingLocked(cache, threads: 1)),
            Benchmark("threads", "hand-written lock-guarded object, 2 threads, same object", run: readingLocked(cache, threads: 2)),
            Benchmark("reset under reads", "Scoped reset + rebuild, no reader", baseline: true, run: resettingUnderReads(reader: false)),
            Benchmark(
                "reset under reads", "Scoped reset + rebuild while another thread resolves the key",
                run: resettingUnderReads(reader: true)),
        ]
    }
}
