import Scoped
import ScopedTesting
import Testing

extension Container {
    /// A unique root whose body resolves the graph leaf twice, directly and through a middle.
    fileprivate func graphRoot(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("root", tracker, holding: [self.graphLeaf(tracker)(), self.graphMiddle(tracker)()]) }
    }
    fileprivate func graphMiddle(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("middle", tracker, holding: [self.graphLeaf(tracker)()]) }
    }
    fileprivate func graphLeaf(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("leaf", tracker) }.graph }
    fileprivate func graphCached(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("cachedHolder", tracker, holding: [self.graphLeaf(tracker)(), self.graphLeaf(tracker)()]) }.cached
    }
}

@Suite struct GraphScopeTests {
    @Test func everythingBuiltByOneResolveSharesTheGraphInstance() {
        let container = Container()
        let tracker = LifecycleTracker()
        let root = container.graphRoot(tracker)()
        let leaf = root.dependencies[0]
        let middle = root.dependencies[1]
        #expect(middle.dependencies[0] === leaf)
        #expect(tracker.inits("leaf") == 1)
    }

    @Test func eachTopLevelResolveGetsItsOwnGraph() {
        let container = Container()
        let tracker = LifecycleTracker()
        let first = container.graphRoot(tracker)()
        let second = container.graphRoot(tracker)()
        #expect(first.dependencies[0] !== second.dependencies[0])
        #expect(tracker.inits("leaf") == 2)
    }

    @Test func graphResolvedAtTheTopIsANewInstanceEachTime() {
        let container = Container()
        let tracker = LifecycleTracker()
        #expect(container.graphLeaf(tracker)() !== container.graphLeaf(tracker)())
        #expect(tracker.inits("leaf") == 2)
    }

    @Test func graphInsideACachedBodyIsSharedByThatBuild() {
        let container = Container()
        let tracker = LifecycleTracker()
        let holder = container.graphCached(tracker)()
        #expect(holder.dependencies[0] === holder.dependencies[1])
        #expect(tracker.inits("leaf") == 1)
    }

    @Test func graphInstanceIsReleasedWithItsLastUser() {
        let container = Container()
        let tracker = LifecycleTracker()
        weak var leaf: Probe?
        do {
            let root = container.graphRoot(tracker)()
            leaf = root.dependencies[0]
            #expect(leaf != nil)
        }
        #expect(leaf == nil)
        #expect(tracker.liveCount == 0)
        #expect(tracker.deinits("leaf") == 1)
    }
}
