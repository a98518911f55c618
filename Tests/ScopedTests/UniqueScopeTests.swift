import Scoped
import Testing

private struct UniqueValue: Sendable {
    let tracker: Tracker
    init(_ tracker: Tracker) {
        self.tracker = tracker
        _ = tracker.didInit("uniqueValue")
    }
}

extension Container {
    fileprivate func uniqueProbe(_ tracker: Tracker) -> Factory<Probe> { self { Probe("unique", tracker) } }
    fileprivate func explicitUniqueProbe(_ tracker: Tracker) -> Factory<Probe> {
        self { Probe("explicitUnique", tracker) }.cached.unique
    }
    fileprivate func uniqueValue(_ tracker: Tracker) -> Factory<UniqueValue> { self { UniqueValue(tracker) } }
}

@Suite struct UniqueScopeTests {
    @Test func uniqueIsTheDefaultAndBuildsOnEveryResolve() {
        let container = Container()
        let tracker = Tracker()
        let first = container.uniqueProbe(tracker)()
        let second = container.uniqueProbe(tracker)()
        #expect(first !== second)
        #expect(tracker.inits("unique") == 2)
        #expect([first.label, second.label] == ["unique#1", "unique#2"])
    }

    @Test func explicitUniqueReplacesAnEarlierScope() {
        let container = Container()
        let tracker = Tracker()
        #expect(container.explicitUniqueProbe(tracker)() !== container.explicitUniqueProbe(tracker)())
        #expect(tracker.inits("explicitUnique") == 2)
    }

    @Test func containerKeepsNothing() {
        let container = Container()
        let tracker = Tracker()
        weak var released: Probe?
        do {
            let probe = container.uniqueProbe(tracker)()
            released = probe
            #expect(released != nil)
        }
        #expect(released == nil)
        #expect(tracker.deinits("unique") == 1)
        #expect(container.manager.node.storage.count == 0)
    }

    @Test func childResolvesUniqueToo() {
        let container = Container()
        let tracker = Tracker()
        let flow = container.child("flow")
        #expect(flow.uniqueProbe(tracker)() !== flow.uniqueProbe(tracker)())
        #expect(flow.manager.node.storage.count == 0)
        #expect(tracker.inits("unique") == 2)
    }

    @Test func valueTypesAreBuiltOnEveryResolve() {
        let container = Container()
        let tracker = Tracker()
        _ = container.uniqueValue(tracker)()
        _ = container.uniqueValue(tracker)()
        #expect(tracker.inits("uniqueValue") == 2)
    }
}
