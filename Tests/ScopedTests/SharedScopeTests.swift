import Scoped
import ScopedTesting
import Testing

/// A value type: the tracker counts its builds from the event stream.
private struct SharedValue: Sendable {}

extension Container {
    fileprivate func sharedProbe(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("shared", tracker) }.shared }
    fileprivate var sharedValue: Factory<SharedValue> { self { SharedValue() }.shared }
    fileprivate func counter(_ tracker: LifecycleTracker, initialValue: Int) -> Factory<Probe> {
        self { Probe("counter\(initialValue)", tracker) }.shared
    }
}

@Suite struct SharedScopeTests {
    @Test func sameInstanceWhileSomeoneHoldsIt() {
        let container = Container()
        let tracker = LifecycleTracker()
        let first = container.sharedProbe(tracker)()
        let second = container.sharedProbe(tracker)()
        #expect(first === second)
        #expect(tracker.inits("shared") == 1)
    }

    @Test func freshInstanceAfterTheLastHolderLetsGo() {
        let container = Container()
        let tracker = LifecycleTracker()
        weak var old: Probe?
        do {
            let probe = container.sharedProbe(tracker)()
            old = probe
        }
        #expect(old == nil)
        #expect(tracker.deinits("shared") == 1)
        let fresh = container.sharedProbe(tracker)()
        #expect(fresh.label == "shared#2")
    }

    @Test func containerHoldsItWeakly() {
        let container = Container()
        let tracker = LifecycleTracker()
        weak var held: Probe?
        do {
            held = container.sharedProbe(tracker)()
        }
        #expect(held == nil)
        #expect(tracker.liveCount == 0)
    }

    @Test func childrenGetTheRootsInstance() {
        let container = Container()
        let tracker = LifecycleTracker()
        let atRoot = container.sharedProbe(tracker)()
        let flow = container.child("flow")
        let inner = flow.child("inner")
        #expect(flow.sharedProbe(tracker)() === atRoot)
        #expect(inner.sharedProbe(tracker)() === atRoot)
        flow.close()
        #expect(container.sharedProbe(tracker)() === atRoot)
        #expect(tracker.inits("shared") == 1)
    }

    @Test func separateRootsHaveSeparateInstances() {
        let tracker = LifecycleTracker()
        let one = Container()
        let two = Container()
        #expect(one.sharedProbe(tracker)() !== two.sharedProbe(tracker)())
        #expect(tracker.inits("shared") == 2)
    }

    @Test func factoryParametersDoNotTakePartInTheKey() {
        let container = Container()
        let tracker = LifecycleTracker()
        let one = container.counter(tracker, initialValue: 1)()
        let two = container.counter(tracker, initialValue: 2)()
        #expect(one === two)
        #expect(two.name == "counter1")
    }

    @Test func valueTypesCannotBeHeldWeaklySoEachResolveBuilds() {
        let container = Container()
        let tracker = LifecycleTracker(observing: container)
        _ = container.sharedValue()
        _ = container.sharedValue()
        #expect(tracker.builtCount(of: SharedValue.self) == 2)
    }

    @Test func factoryResetForgetsTheInstanceButDoesNotKillIt() {
        let container = Container()
        let tracker = LifecycleTracker()
        let held = container.sharedProbe(tracker)()
        container.sharedProbe(tracker).reset()
        let next = container.sharedProbe(tracker)()
        #expect(next !== held)
        #expect(tracker.live == ["shared#1", "shared#2"])
    }
}
