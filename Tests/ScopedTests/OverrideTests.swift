import Scoped
import ScopedTesting
import Testing

extension Container {
    fileprivate func service(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("real", tracker) }.cached }
    fileprivate func uniqueService(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("real", tracker) } }
    fileprivate func screen(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("screen", tracker) }.scoped }
    fileprivate func consumer(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("consumer", tracker, holding: [self.service(tracker)()]) }
    }
}

/// Two factories that differ only by their return type share a member name, a produced
/// type and so a registration key, but not a body type.
private final class Gadget: Sendable {}

extension Container {
    // One registration declared twice with different body shapes, as a helper that
    // forwards `key` and `line` can do: the override's shape is checked when resolved.
    fileprivate func gadget() -> Factory<Gadget> { self(key: "gadget", line: 1, column: 1) { Gadget() } }
    fileprivate func gadget() -> ParameterFactory<Int, Gadget> { self(key: "gadget", line: 1, column: 1) { _ in Gadget() } }
}

@Suite struct OverrideTests {
    @Test func registerReplacesTheBodyAndDropsTheHeldInstance() {
        let container = Container()
        let tracker = LifecycleTracker()
        weak var real: Probe?
        do { real = container.service(tracker)() }
        container.service(tracker).register { Probe("mock", tracker) }
        #expect(real == nil)
        let mock = container.service(tracker)()
        #expect(mock.name == "mock")
        #expect(container.service(tracker)() === mock)   // the scope still applies
    }

    @Test func resetRestoresTheDeclaredBody() {
        let container = Container()
        let tracker = LifecycleTracker()
        container.service(tracker).register { Probe("mock", tracker) }
        weak var mock: Probe?
        do { mock = container.service(tracker)() }
        container.service(tracker).reset()
        #expect(mock == nil)
        #expect(container.service(tracker)().name == "real")
    }

    @Test func nestedResolvesSeeTheOverride() {
        let container = Container()
        let tracker = LifecycleTracker()
        container.service(tracker).register { Probe("mock", tracker) }
        #expect(container.consumer(tracker)().dependencies[0].name == "mock")
    }

    @Test func theLastRegistrationWins() {
        let container = Container()
        let tracker = LifecycleTracker()
        container.uniqueService(tracker).register { Probe("first", tracker) }
        container.uniqueService(tracker).register { Probe("second", tracker) }
        #expect(container.uniqueService(tracker)().name == "second")
    }

    @Test func overridesBelongToOneRoot() {
        let tracker = LifecycleTracker()
        let one = Container()
        let two = Container()
        one.service(tracker).register { Probe("mock", tracker) }
        #expect(one.service(tracker)().name == "mock")
        #expect(two.service(tracker)().name == "real")
    }

    @Test func childrenSeeTheirParentsOverrides() {
        let container = Container()
        let tracker = LifecycleTracker()
        container.uniqueService(tracker).register { Probe("mock", tracker) }
        #expect(container.child("flow").child("inner").uniqueService(tracker)().name == "mock")
    }

    @Test func childOverridesAreInvisibleToTheParent() {
        let container = Container()
        let tracker = LifecycleTracker()
        let rootInstance = container.service(tracker)()
        let flow = container.child("flow")
        let sibling = container.child("sibling")
        flow.service(tracker).register { Probe("childMock", tracker) }
        #expect(flow.service(tracker)().name == "childMock")
        #expect(flow.child("inner").service(tracker)().name == "childMock")
        #expect(container.service(tracker)() === rootInstance)
        #expect(sibling.service(tracker)() === rootInstance)
    }

    @Test func instancesOfAChildOverrideAreOwnedByTheChild() {
        let container = Container()
        let tracker = LifecycleTracker()
        let flow = container.child("flow")
        flow.service(tracker).register { Probe("childMock", tracker) }
        weak var mock: Probe?
        do {
            let first = flow.service(tracker)()
            #expect(flow.service(tracker)() === first)   // cached inside the child
            mock = first
        }
        #expect(mock != nil)
        #expect(container.inspection.heldCount == 0)
        flow.close()
        #expect(mock == nil)
        #expect(tracker.deinitLog == ["deinit childMock#1"])
    }

    @Test func childResetDropsItsOverrideOnly() {
        let container = Container()
        let tracker = LifecycleTracker()
        container.uniqueService(tracker).register { Probe("rootMock", tracker) }
        let flow = container.child("flow")
        flow.uniqueService(tracker).register { Probe("childMock", tracker) }
        flow.uniqueService(tracker).reset()
        #expect(flow.uniqueService(tracker)().name == "rootMock")
        #expect(container.uniqueService(tracker)().name == "rootMock")
    }

    /// A `.scoped` instance stays one per lifetime scope, owned by the scope that
    /// resolved it, even when its body comes from a parent's override.
    @Test func scopedInstancesOfAParentOverrideStayOwnedByTheChild() {
        let container = Container()
        let tracker = LifecycleTracker()
        container.screen(tracker).register { Probe("mockScreen", tracker) }
        let one = container.child("one")
        let two = container.child("two")
        weak var inOne: Probe?
        do {
            let first = one.screen(tracker)()
            #expect(first.name == "mockScreen")
            #expect(two.screen(tracker)() !== first)
            inOne = first
        }
        one.close()
        #expect(inOne == nil)
    }

    @Test func anOverrideOfAnotherBodyTypeStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            let plain: Factory<Gadget> = container.gadget()
            let withParameter: ParameterFactory<Int, Gadget> = container.gadget()
            plain.register { Gadget() }
            _ = withParameter(1)
        }
        #expect(standardError(of: result).contains(
            "Scoped: the override of gadget (Gadget) does not produce Gadget from Int"))
    }
}
