import Scoped
import ScopedTesting
import Testing

/// A value type: the tracker counts its builds from the event stream.
private struct UniqueValue: Sendable {}

extension Container {
    fileprivate func uniqueProbe(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("unique", tracker) } }
    fileprivate func explicitUniqueProbe(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("explicitUnique", tracker) }.cached.unique
    }
    fileprivate var uniqueValue: Factory<UniqueValue> { self { UniqueValue() } }
}

@Suite struct UniqueScopeTests {
    @Test func uniqueIsTheDefaultAndBuildsOnEveryResolve() {
        let container = Container()
        let tracker = LifecycleTracker()
        let first = container.uniqueProbe(tracker)()
        let second = container.uniqueProbe(tracker)()
        #expect(first !== second)
        #expect(tracker.inits("unique") == 2)
        #expect([first.label, second.label] == ["unique#1", "unique#2"])
    }

    @Test func explicitUniqueReplacesAnEarlierScope() {
        let container = Container()
        let tracker = LifecycleTracker()
        #expect(container.explicitUniqueProbe(tracker)() !== container.explicitUniqueProbe(tracker)())
        #expect(tracker.inits("explicitUnique") == 2)
    }

    @Test func containerKeepsNothing() {
        let container = Container()
        let tracker = LifecycleTracker()
        weak var released: Probe?
        do {
            let probe = container.uniqueProbe(tracker)()
            released = probe
            #expect(released != nil)
        }
        #expect(released == nil)
        #expect(tracker.deinits("unique") == 1)
        #expect(container.inspection.heldCount == 0)
    }

    @Test func childResolvesUniqueToo() {
        let container = Container()
        let tracker = LifecycleTracker()
        let flow = container.child("flow")
        #expect(flow.uniqueProbe(tracker)() !== flow.uniqueProbe(tracker)())
        #expect(flow.inspection.heldCount == 0)
        #expect(tracker.inits("unique") == 2)
    }

    @Test func valueTypesAreBuiltOnEveryResolve() {
        let container = Container()
        let tracker = LifecycleTracker(observing: container)
        _ = container.uniqueValue()
        _ = container.uniqueValue()
        #expect(tracker.builtCount(of: UniqueValue.self) == 2)
    }
}
