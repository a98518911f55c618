// Coroneo's random DAG (Sources/GeneratedDAG, made by Scripts/generate.py): build the
// whole graph (each node once per graph) and access every node of a built, cached graph.
import Dependencies
import GeneratedDAG
import Scoped
import Swinject

enum DAGRows {
    static func all() -> [Benchmark] {
        let cachedRoot = Scoped.Container()
        _ = cachedRoot.dagCRoot()
        let handGraphs = [HandDAGGraph(), HandDAGGraph()]
        let swinjectGraph = Swinject.Container()
        registerSwinjectDAG(swinjectGraph, scope: .graph)
        let swinjectCached = Swinject.Container()
        registerSwinjectDAG(swinjectCached, scope: .container)
        _ = swinjectCached.resolve(DagRoot.self)
        _ = dependenciesDAGAccessAll()
        let scopedRoot = Scoped.Container()
        // A root whose manager is process-wide, as `Container.shared`'s: factory values
        // retain no keeper (`scopedRoot`'s retain one per value, about 10 ns a resolve).
        let sharedRoot = Scoped.Container(manager: .processWide())
        let mini = MiniDAGContainer()
        return [
            Benchmark("dag build", "hand-written, topological order", baseline: true) { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= keep(HandDAG.build()) }
                return acc
            },
            Benchmark("dag build", "Scoped .graph (one top-level resolve)") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= keep(scopedRoot.dagGRoot()) }
                return acc
            },
            Benchmark("dag build", "Scoped .graph, process-wide root (as Container.shared)") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= keep(sharedRoot.dagGRoot()) }
                return acc
            },
            Benchmark("dag build", "hand-written Factory-shaped .graph container (slot array, no lock)") { n in
                // Floor of a `.graph` build with Factory's API shape (DAG+Mini.swift): per
                // node a struct factory with the container and an escaping body, the node's
                // id as its slot in an array of `AnyObject?` filled during the build and
                // emptied when the outermost resolve ends. No lock, no hashing, no registry.
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= keep(mini.dagMRoot()) }
                return acc
            },
            Benchmark("dag build", "Scoped .scoped in a child, then close") { n in
                var acc: UInt64 = 0
                for _ in 0..<n {
                    let flow = scopedRoot.child("dag")
                    acc &+= keep(flow.dagSRoot())
                    flow.close()
                }
                return acc
            },
            Benchmark("dag build", "Swinject .graph (one top-level resolve)") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= keep(swinjectGraph.resolve(DagRoot.self)!) }
                return acc
            },
            Benchmark("dag access", "hand-written, stored properties", baseline: true) { n in
                var acc: UInt64 = 0
                // The graph's properties are `var`s and `keep` may run any deinit, so every
                // iteration reloads all of them: the reads cannot be hoisted out of the loop.
                // (Access rows fold node addresses: the generated `id`s are constants that
                // the optimiser would fold into the sum.)
                for i in 0..<n {
                    let graph = handGraphs[i & 1]
                    acc &+= keep(graph) &+ UInt64(graph.accessAll())
                }
                return acc
            },
            Benchmark("dag access", "Scoped .cached") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= UInt64(scopedDAGAccessAll(cachedRoot)) }
                return acc
            },
            Benchmark("dag access", "Swinject .container") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= UInt64(swinjectDAGAccessAll(swinjectCached)) }
                return acc
            },
            Benchmark("dag access", "swift-dependencies") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= UInt64(dependenciesDAGAccessAll()) }
                return acc
            },
        ]
    }
}
