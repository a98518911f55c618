// Scoped's rows: every scope, parameters, Lazy, the property wrappers and a 3-level chain.
import Scoped

extension Container {
    var bUnique: Factory<Service> { self { Service() } }
    var bCached: Factory<Service> { self { Service() }.cached }
    /// A time to live that never runs out during a run: the cost of checking the age.
    var bCachedTTL: Factory<Service> { self { Service() }.cached.timeToLive(3600) }
    /// A decorator that does nothing: the cost of the decorated path on a held instance.
    var bCachedDecorated: Factory<Service> { self { Service() }.cached.decorator { _ in } }
    var bSingleton: Factory<Service> { self { Service() }.singleton }
    var bShared: Factory<Service> { self { Service() }.shared }
    var bGraph: Factory<Service> { self { Service() }.graph }
    var bScoped: Factory<Service> { self { Service() }.scoped }
    var bParameter: ParameterFactory<Int, Service> { self { Service($0) } }
    var bPerParameter: ParameterFactory<Int, Service> { self { Service($0) }.cached.perParameter }
    var chainA: Factory<ChainA> { self { ChainA(b: self.chainB()) } }
    var chainB: Factory<ChainB> { self { ChainB(c: self.chainC()) } }
    var chainC: Factory<ChainC> { self { ChainC() } }
}

/// `n` cached resolves of `bCached` from `c`, folded (the loop several groups time).
@inline(__always)
func resolveCached(_ c: Container, _ n: Int) -> UInt64 {
    var acc: UInt64 = 0
    for _ in 0..<n { acc &+= fold(c.bCached()) }
    return acc
}

/// `n` unique resolves of `bUnique` from `c`, each instance kept until the next.
@inline(__always)
func resolveUnique(_ c: Container, _ n: Int) -> UInt64 {
    var acc: UInt64 = 0
    for _ in 0..<n { acc &+= keep(c.bUnique()) }
    return acc
}

struct InjectedHolder {
    @Injected(\.bCached) var service: Service
}

struct LazyInjectedHolder {
    @LazyInjected(\.bCached) var service: Service
}

enum ScopedRows {
    static func all() -> [Benchmark] {
        let c = Container.shared
        // A root whose manager is not process-wide: each factory value retains it.
        let root = Container()
        _ = root.bCached()
        let holders = (0..<8).map { _ in Holder() }
        let cache = LockedCache()
        let weakCache = LockedWeakCache()
        let weakHolders = (0..<8).map { _ in WeakHolder() }
        let mini = MiniChainContainer()
        _ = c.bCached()
        _ = c.bSingleton()
        let child = c.child("bench")
        _ = child.bScoped()
        for p in 0..<16 { _ = c.bPerParameter(p) }
        let lazy = c.bCached.lazy
        _ = lazy()
        return [
            Benchmark("unique", "direct init (Service())", baseline: true) { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= keep(Service()) }
                return acc
            },
            Benchmark("unique", "Scoped unique") { n in resolveUnique(c, n) },
            Benchmark("unique", "Scoped graph (top-level resolve)") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= keep(c.bGraph()) }
                return acc
            },
            Benchmark("unique", "Scoped parameter (unique)") { n in
                var acc: UInt64 = 0
                for i in 0..<n { acc &+= keep(c.bParameter(i)) }
                return acc
            },
            Benchmark("cached", "stored-property read", baseline: true) { n in
                var acc: UInt64 = 0
                // Eight holders read in turn, so the read cannot be hoisted out of the loop.
                for i in 0..<n { acc &+= fold(holders[i & 7].service) }
                return acc
            },
            Benchmark("cached", "hand-written thread-safe cache (lock + retain)") { n in
                // What any thread-safe cached lookup pays at least: take a mutex, retain the
                // stored instance, release the mutex. No registry, no key, no scope.
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(cache.mutex.withLock { $0 }) }
                return acc
            },
            Benchmark("cached", "hand-written weak cache (lock + weak load)") { n in
                // Floor of `.shared` held: what any thread-safe read of an instance held
                // weakly pays at least with Swift's weak references: take a mutex, load the
                // weak reference strongly, release the mutex. Compare with the row above
                // (lock + retain): the difference is the weak load's own cost.
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(weakCache.mutex.withLock { $0.service! }) }
                return acc
            },
            Benchmark("cached", "hand-written weak reference read (no lock)") { n in
                // Swift's weak load alone (a strong reference taken through the object's
                // side table, released after the fold): eight holders read in turn, as in
                // the stored-property row, so the load cannot be hoisted.
                var acc: UInt64 = 0
                for i in 0..<n { acc &+= fold(weakHolders[i & 7].service!) }
                return acc
            },
            Benchmark("cached", "Scoped cached") { n in resolveCached(c, n) },
            Benchmark("cached", "Scoped cached with .timeToLive(3600) (not expired)") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(c.bCachedTTL()) }
                return acc
            },
            Benchmark("cached", "Scoped cached with a .decorator") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(c.bCachedDecorated()) }
                return acc
            },
            Benchmark("cached", "Scoped cached, root made with ContainerManager() (a keeper retained per factory value)") { n in
                resolveCached(root, n)
            },
            Benchmark("cached", "Scoped cached, factory value kept (resolve only)") { n in
                let factory = c.bCached
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(factory()) }
                return acc
            },
            Benchmark("cached", "Scoped singleton") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(c.bSingleton()) }
                return acc
            },
            Benchmark("cached", "Scoped shared (held)") { n in
                let held = c.bShared()
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(c.bShared()) }
                withExtendedLifetime(held) {}
                return acc
            },
            Benchmark("cached", "Scoped scoped (in open child)") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(child.bScoped()) }
                return acc
            },
            Benchmark("cached", "Scoped per-parameter keyed (16 keys)") { n in
                var acc: UInt64 = 0
                for i in 0..<n { acc &+= fold(c.bPerParameter(i & 15)) }
                return acc
            },
            Benchmark("cached", "Scoped Lazy after first call") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(lazy()) }
                return acc
            },
            Benchmark("cached", "Scoped @Injected init (cached)") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(InjectedHolder().service) }
                return acc
            },
            Benchmark("cached", "Scoped @LazyInjected first access (cached)") { n in
                var acc: UInt64 = 0
                for _ in 0..<n {
                    let holder = LazyInjectedHolder()
                    acc &+= fold(holder.service)
                }
                return acc
            },
            Benchmark("chain3", "hand-written A(B(C()))", baseline: true) { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= keep(ChainA(b: ChainB(c: ChainC()))) }
                return acc
            },
            Benchmark("chain3", "hand-written Factory-shaped chain (closures capturing the container)") { n in
                // Floor of the chain with Factory's API shape: `mini.a()` builds a struct
                // factory per level whose escaping body captures the container and calls the
                // next getter; the resolve (never inlined) just calls the body. No lock, key
                // or scope: the closure, its capture retained and released, per level.
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= keep(mini.a()) }
                return acc
            },
            Benchmark("chain3", "Scoped unique chain") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= keep(c.chainA()) }
                return acc
            },
        ]
    }
}
