import Scoped
import ScopedTesting
import Testing

extension Container {
    fileprivate func cachedProbe(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("cached", tracker) }.cached }
    fileprivate func cachedOther(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("other", tracker) }.cached }
    fileprivate func cachedStore(_ tracker: LifecycleTracker, id: Int) -> Factory<Probe> {
        self { Probe("store\(id)", tracker) }.cached
    }
}

@Suite struct CachedScopeTests {
    @Test func sameInstanceOnEveryResolve() {
        let container = Container()
        let tracker = LifecycleTracker()
        let first = container.cachedProbe(tracker)()
        #expect(container.cachedProbe(tracker)() === first)
        #expect(container.cachedProbe(tracker)() === first)
        #expect(tracker.inits("cached") == 1)
    }

    @Test func containerKeepsItAliveWithoutOtherHolders() {
        let container = Container()
        let tracker = LifecycleTracker()
        weak var held: Probe?
        do {
            held = container.cachedProbe(tracker)()
        }
        #expect(held != nil)
        #expect(tracker.liveCount == 1)
    }

    @Test func eachRootHasItsOwn() {
        let tracker = LifecycleTracker()
        let one = Container()
        let two = Container()
        #expect(one.cachedProbe(tracker)() !== two.cachedProbe(tracker)())
        #expect(tracker.inits("cached") == 2)
    }

    @Test func childrenAndGrandchildrenGetTheRootsInstance() {
        let container = Container()
        let tracker = LifecycleTracker()
        let flow = container.child("flow")
        let inner = flow.child("inner")
        let fromInner = inner.cachedProbe(tracker)()
        #expect(flow.cachedProbe(tracker)() === fromInner)
        #expect(container.cachedProbe(tracker)() === fromInner)
        weak let held: Probe? = fromInner
        flow.close()
        #expect(held != nil)
        #expect(container.cachedProbe(tracker)() === fromInner)
        #expect(tracker.inits("cached") == 1)
    }

    @Test func factoryResetReleasesOnlyThatRegistration() {
        let container = Container()
        let tracker = LifecycleTracker()
        weak var dropped: Probe?
        do { dropped = container.cachedProbe(tracker)() }
        let other = container.cachedOther(tracker)()
        container.cachedProbe(tracker).reset()
        #expect(dropped == nil)
        #expect(container.cachedOther(tracker)() === other)
        #expect(container.cachedProbe(tracker)().label == "cached#2")
    }

    @Test func containerResetReleasesIt() {
        let container = Container()
        let tracker = LifecycleTracker()
        weak var dropped: Probe?
        do { dropped = container.cachedProbe(tracker)() }
        container.reset()
        #expect(dropped == nil)
        #expect(tracker.deinits("cached") == 1)
    }

    @Test func factoryResetOnAnotherRootLeavesThisOne() {
        let tracker = LifecycleTracker()
        let one = Container()
        let two = Container()
        let kept = one.cachedProbe(tracker)()
        _ = two.cachedProbe(tracker)()
        two.cachedProbe(tracker).reset()
        #expect(one.cachedProbe(tracker)() === kept)
    }

    @Test func factoryParametersDoNotTakePartInTheKey() {
        let container = Container()
        let tracker = LifecycleTracker()
        let first = container.cachedStore(tracker, id: 1)()
        #expect(container.cachedStore(tracker, id: 2)() === first)
        #expect(first.name == "store1")
        #expect(tracker.inits("store2") == 0)
    }
}
