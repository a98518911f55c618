import Foundation
import Scoped
import ScopedTesting
import Testing

// The `.graph` table of a thread's top-level resolve (ResolutionContext.swift): grown past
// its first buffer, dropped when the top-level resolve ends, and a `deinit` run by that
// drop that resolves again starts a graph of its own.

/// What a `deinit` resolved, recorded under a lock.
private final class Recorded: @unchecked Sendable {  // `lock` guards `probes`
    private let lock = NSLock()
    private var probes: [Probe] = []
    func append(_ probe: Probe) { lock.withLock { probes.append(probe) } }
    var all: [Probe] { lock.withLock { probes } }
}

/// Holds a closure run when a graph drop releases it.
private final class ResolvesInDeinit: Sendable {
    let onDeinit: @Sendable () -> Void
    init(_ onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

extension Container {
    /// 200 graph nodes, each resolved twice by one top-level resolve (the table grows from
    /// 16 buckets to 512).
    fileprivate func tableNode(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { index in Probe("node\(index)", tracker) }.graph.perParameter
    }
    fileprivate func tableRoot(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self {
            let first = (0..<200).map { self.tableNode(tracker)($0) }
            let again = (0..<200).map { self.tableNode(tracker)($0) }
            return Probe("root", tracker, holding: first + again)
        }
    }

    fileprivate func tableLeaf(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("leaf", tracker) }.graph }
    /// Resolves the leaf twice: both are one instance within one top-level resolve.
    fileprivate func tableLeafPair(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("pair", tracker, holding: [self.tableLeaf(tracker)(), self.tableLeaf(tracker)()]) }
    }
    /// A graph instance kept only by the graph: released when the top-level resolve ends,
    /// and its `deinit` resolves `tableLeafPair` (a top-level resolve of its own).
    fileprivate func tableDropped(_ tracker: LifecycleTracker, _ recorded: Recorded) -> Factory<ResolvesInDeinit> {
        self { ResolvesInDeinit { recorded.append(self.tableLeafPair(tracker)()) } }.graph
    }
    /// Resolves the leaf, and the dropped instance without keeping it.
    fileprivate func tableDroppingRoot(_ tracker: LifecycleTracker, _ recorded: Recorded) -> Factory<Probe> {
        self {
            _ = self.tableDropped(tracker, recorded)()
            return Probe("root", tracker, holding: [self.tableLeaf(tracker)()])
        }
    }
}

@Suite struct GraphTableTests {
    @Test func aGraphOfTwoHundredNodesSharesEachAndReleasesThemAll() {
        let container = Container()
        let tracker = LifecycleTracker()
        weak var firstNode: Probe?
        do {
            let root = container.tableRoot(tracker)()
            for index in 0..<200 {
                #expect(root.dependencies[index] === root.dependencies[200 + index])
                #expect(root.dependencies[index].name == "node\(index)")
            }
            firstNode = root.dependencies[0]
            #expect(tracker.inits("node199") == 1)
            // A second top-level resolve reuses the table's buffer for a graph of its own.
            let second = container.tableRoot(tracker)()
            #expect(second.dependencies[0] !== root.dependencies[0])
            #expect(tracker.inits("node0") == 2)
        }
        #expect(firstNode == nil)
        #expect(tracker.liveCount == 0)
    }

    @Test func aDeinitRunByTheGraphsDropThatResolvesStartsAFreshGraph() {
        let container = Container()
        let tracker = LifecycleTracker()
        let recorded = Recorded()
        let built = container.tableDroppingRoot(tracker, recorded)()
        let pair = recorded.all
        #expect(pair.count == 1)
        #expect(pair[0].dependencies[0] === pair[0].dependencies[1])
        #expect(pair[0].dependencies[0] !== built.dependencies[0])
        #expect(tracker.inits("leaf") == 2)
    }
}
