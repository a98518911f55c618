import Scoped
import ScopedTesting
import Testing

extension Container {
    fileprivate func uniqueItem(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { Probe("item\($0)", tracker) }
    }
    fileprivate func cachedItem(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { Probe("item\($0)", tracker) }.cached
    }
    fileprivate func perItem(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { Probe("item\($0)", tracker) }.cached.perParameter
    }
    fileprivate func sharedPerItem(_ tracker: LifecycleTracker) -> ParameterFactory<String, Probe> {
        self { Probe($0, tracker) }.shared.perParameter
    }
    fileprivate func scopedPerItem(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { Probe("detail\($0)", tracker) }.scoped.perParameter
    }
    fileprivate func perItemFirst(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { Probe("item\($0)", tracker) }.perParameter.cached
    }
}

@Suite struct ParameterFactoryTests {
    @Test func theParameterReachesTheBody() {
        let container = Container()
        let tracker = LifecycleTracker()
        #expect(container.uniqueItem(tracker)(7).name == "item7")
        #expect(container.uniqueItem(tracker)(7) !== container.uniqueItem(tracker)(7))
    }

    @Test func withoutPerParameterTheFirstResolveWins() {
        let container = Container()
        let tracker = LifecycleTracker()
        let first = container.cachedItem(tracker)(1)
        #expect(container.cachedItem(tracker)(2) === first)
        #expect(first.name == "item1")
        #expect(tracker.inits("item2") == 0)
    }

    @Test func perParameterKeepsOneInstancePerParameter() {
        let container = Container()
        let tracker = LifecycleTracker()
        let one = container.perItem(tracker)(1)
        let two = container.perItem(tracker)(2)
        #expect(one !== two)
        #expect(container.perItem(tracker)(1) === one)
        #expect(container.perItem(tracker)(2) === two)
        #expect([one.name, two.name] == ["item1", "item2"])
        #expect(tracker.inits("item1") == 1)
    }

    @Test func perParameterWorksBeforeOrAfterTheScope() {
        let container = Container()
        let tracker = LifecycleTracker()
        #expect(container.perItemFirst(tracker)(1) !== container.perItemFirst(tracker)(2))
        #expect(container.perItemFirst(tracker)(1) === container.perItemFirst(tracker)(1))
    }

    @Test func resetDropsEveryParametersInstance() {
        let container = Container()
        let tracker = LifecycleTracker()
        weak var one: Probe?
        weak var two: Probe?
        do {
            one = container.perItem(tracker)(1)
            two = container.perItem(tracker)(2)
        }
        container.perItem(tracker).reset()
        #expect(one == nil)
        #expect(two == nil)
        #expect(tracker.deinitLog == ["deinit item2#1", "deinit item1#1"])
    }

    @Test func sharedPerParameterHoldsEachWeakly() {
        let container = Container()
        let tracker = LifecycleTracker()
        let alice = container.sharedPerItem(tracker)("alice")
        weak var bob: Probe?
        do { bob = container.sharedPerItem(tracker)("bob") }
        #expect(bob == nil)
        #expect(container.sharedPerItem(tracker)("alice") === alice)
        #expect(container.sharedPerItem(tracker)("bob").label == "bob#2")
    }

    @Test func scopedPerParameterIsKeyedInsideEachScope() {
        let container = Container()
        let tracker = LifecycleTracker()
        let flow = container.child("flow")
        let other = container.child("other")
        let one = flow.scopedPerItem(tracker)(1)
        #expect(flow.scopedPerItem(tracker)(1) === one)
        #expect(flow.scopedPerItem(tracker)(2) !== one)
        #expect(other.scopedPerItem(tracker)(1) !== one)
    }

    @Test func lazyWithAParameterBuildsOnFirstCall() {
        let container = Container()
        let tracker = LifecycleTracker()
        let thunk = container.perItem(tracker).lazy(5)
        #expect(!thunk.isResolved)
        #expect(tracker.inits("item5") == 0)
        let value = thunk()
        #expect(thunk.isResolved)
        #expect(thunk() === value)
        #expect(container.perItem(tracker)(5) === value)
    }

    @Test func registerReplacesTheBodyForEveryParameter() {
        let container = Container()
        let tracker = LifecycleTracker()
        weak var real: Probe?
        do { real = container.perItem(tracker)(1) }
        container.perItem(tracker).register { Probe("mock\($0)", tracker) }
        #expect(real == nil)
        #expect(container.perItem(tracker)(1).name == "mock1")
        #expect(container.perItem(tracker)(2).name == "mock2")
        #expect(container.perItem(tracker)(2) === container.perItem(tracker)(2))
        container.perItem(tracker).reset()
        #expect(container.perItem(tracker)(1).name == "item1")
    }
}
