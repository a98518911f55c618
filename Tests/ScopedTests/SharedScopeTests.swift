import Scoped
import Testing

private struct SharedValue: Sendable {
    init(_ tracker: Tracker) { _ = tracker.didInit("sharedValue") }
}

extension Container {
    fileprivate func sharedProbe(_ tracker: Tracker) -> Factory<Probe> { self { Probe("shared", tracker) }.shared }
    fileprivate func sharedValue(_ tracker: Tracker) -> Factory<SharedValue> { self { SharedValue(tracker) }.shared }
    fileprivate func counter(_ tracker: Tracker, initialValue: Int) -> Factory<Probe> {
        self { Probe("counter\(initialValue)", tracker) }.shared
    }
}

@Suite struct SharedScopeTests {
    @Test func sameInstanceWhileSomeoneHoldsIt() {
        let container = Container()
        let tracker = Tracker()
        let first = container.sharedProbe(tracker)()
        let second = container.sharedProbe(tracker)()
        #expect(first === second)
        #expect(tracker.inits("shared") == 1)
    }

    @Test func freshInstanceAfterTheLastHolderLetsGo() {
        let container = Container()
        let tracker = Tracker()
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
        let tracker = Tracker()
        weak var held: Probe?
        do {
            held = container.sharedProbe(tracker)()
        }
        #expect(held == nil)
        #expect(tracker.liveCount == 0)
    }

    @Test func childrenGetTheRootsInstance() {
        let container = Container()
        let tracker = Tracker()
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
        let tracker = Tracker()
        let one = Container()
        let two = Container()
        #expect(one.sharedProbe(tracker)() !== two.sharedProbe(tracker)())
        #expect(tracker.inits("shared") == 2)
    }

    @Test func factoryParametersDoNotTakePartInTheKey() {
        let container = Container()
        let tracker = Tracker()
        let one = container.counter(tracker, initialValue: 1)()
        let two = container.counter(tracker, initialValue: 2)()
        #expect(one === two)
        #expect(two.name == "counter1")
    }

    @Test func valueTypesCannotBeHeldWeaklySoEachResolveBuilds() {
        let container = Container()
        let tracker = Tracker()
        _ = container.sharedValue(tracker)()
        _ = container.sharedValue(tracker)()
        #expect(tracker.inits("sharedValue") == 2)
    }

    @Test func factoryResetForgetsTheInstanceButDoesNotKillIt() {
        let container = Container()
        let tracker = Tracker()
        let held = container.sharedProbe(tracker)()
        container.sharedProbe(tracker).reset()
        let next = container.sharedProbe(tracker)()
        #expect(next !== held)
        #expect(tracker.live == ["shared#1", "shared#2"])
    }
}
