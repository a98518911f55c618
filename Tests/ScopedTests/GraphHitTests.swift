import Scoped
import ScopedTesting
import Testing

// A `.graph` hit (an instance the current top-level resolve already built) is answered by the
// typed shell's first read, before a build begins; these pin what that read must still do.

extension Container {
    /// A unique root whose body resolves the leaf, then a middle that resolves it again.
    fileprivate func hitRoot(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("root", tracker, holding: [self.hitLeaf(tracker)(), self.hitMiddle(tracker)()]) }
    }
    fileprivate func hitMiddle(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("middle", tracker, holding: [self.hitLeaf(tracker)()]) }.graph
    }
    fileprivate func hitLeaf(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("leaf", tracker) }.graph }

    /// Resolves the leaf through this container and through a lifetime scope of it.
    fileprivate func hitThroughScope(_ tracker: LifecycleTracker, _ scope: Container) -> Factory<Probe> {
        self { Probe("root", tracker, holding: [self.hitLeaf(tracker)(), scope.hitLeaf(tracker)()]) }
    }

    /// A graph parameter factory without `.perParameter`: one instance per graph.
    fileprivate func hitRow(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { row in Probe("row\(row)", tracker) }.graph
    }
    fileprivate func hitRows(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("rows", tracker, holding: [self.hitRow(tracker)(1), self.hitRow(tracker)(2)]) }
    }
}

@Suite struct GraphHitTests {
    @Test func anObserverHearsTheBuildAndEachHit() {
        let container = Container()
        let tracker = LifecycleTracker()
        let leafEvents = Collected<LifecycleEvent.Kind>()
        let observation = container.observe { event in
            if event.registration?.hasPrefix("hitLeaf") == true { leafEvents.append(event.kind) }
        }
        let root = container.hitRoot(tracker)()
        #expect(root.dependencies[1].dependencies[0] === root.dependencies[0])
        #expect(leafEvents.all == [.created, .reused])
        observation.cancel()
    }

    @Test func aHitThroughALifetimeScopeIsTheGraphsInstance() {
        let container = Container()
        let scope = container.child("scope")
        let tracker = LifecycleTracker()
        let root = container.hitThroughScope(tracker, scope)()
        #expect(root.dependencies[0] === root.dependencies[1])
        #expect(tracker.inits("leaf") == 1)
        scope.close()
    }

    @Test func aParameterFactoryKeepsOneInstancePerGraph() {
        let container = Container()
        let tracker = LifecycleTracker()
        let rows = container.hitRows(tracker)()
        #expect(rows.dependencies[0] === rows.dependencies[1])
        #expect(tracker.inits("row1") == 1 && tracker.inits("row2") == 0)
    }
}
