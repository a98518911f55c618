// Swinject 2.10.0's rows, in the groups of their Scoped equivalents. A plain (not
// `synchronize()`d) container: Swinject's fastest, single-threaded configuration.
import Swinject

final class SwChainC: Sendable { let id = 3 }
final class SwChainB: Sendable {
    let c: SwChainC
    init(c: SwChainC) { self.c = c }
}
final class SwChainA: Sendable {
    let b: SwChainB
    init(b: SwChainB) { self.b = b }
}

enum SwinjectRows {
    static func all() -> [Benchmark] {
        let sc = Swinject.Container()
        sc.register(SwTransient.self) { _ in SwTransient() }.inObjectScope(.transient)
        sc.register(SwContainer.self) { _ in SwContainer() }.inObjectScope(.container)
        sc.register(SwWeak.self) { _ in SwWeak() }.inObjectScope(.weak)
        sc.register(SwGraph.self) { _ in SwGraph() }.inObjectScope(.graph)
        sc.register(SwArgument.self) { (_, id: Int) in SwArgument(id) }.inObjectScope(.transient)
        sc.register(SwChainC.self) { _ in SwChainC() }.inObjectScope(.transient)
        sc.register(SwChainB.self) { r in SwChainB(c: r.resolve(SwChainC.self)!) }.inObjectScope(.transient)
        sc.register(SwChainA.self) { r in SwChainA(b: r.resolve(SwChainB.self)!) }.inObjectScope(.transient)
        _ = sc.resolve(SwContainer.self)
        return [
            Benchmark("unique", "Swinject transient") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= keep(sc.resolve(SwTransient.self)!) }
                return acc
            },
            Benchmark("unique", "Swinject graph (top-level resolve)") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= keep(sc.resolve(SwGraph.self)!) }
                return acc
            },
            Benchmark("unique", "Swinject argument (transient)") { n in
                var acc: UInt64 = 0
                for i in 0..<n { acc &+= keep(sc.resolve(SwArgument.self, argument: i)!) }
                return acc
            },
            Benchmark("cached", "Swinject container scope") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(sc.resolve(SwContainer.self)!) }
                return acc
            },
            Benchmark("cached", "Swinject weak (held)") { n in
                let held = sc.resolve(SwWeak.self)!
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(sc.resolve(SwWeak.self)!) }
                withExtendedLifetime(held) {}
                return acc
            },
            Benchmark("chain3", "Swinject transient chain") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= keep(sc.resolve(SwChainA.self)!) }
                return acc
            },
        ]
    }
}
