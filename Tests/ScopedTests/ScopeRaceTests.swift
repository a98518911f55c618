import Scoped
import ScopedTesting
import Testing

// Lifetime scopes opened, used and closed from many threads at once, under one root:
// no crash, each scope keeps its own instances, and in the end every instance has been
// released.

extension Container {
    fileprivate func raceStore(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("store", tracker) }.cached }
    fileprivate func raceScreen(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("screen", tracker, holding: [self.raceStore(tracker)()]) }.scoped
    }
    fileprivate func raceRow(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { Probe("row\($0)", tracker) }.scoped.perParameter
    }
}

@Suite struct ScopeRaceTests {
    @Test func childScopesOpenedResolvedAndClosedOnEightThreadsReleaseEverything() {
        for round in 0..<50 {
            let root = Container()
            let tracker = LifecycleTracker()
            onThreads(8) { index in
                let flow = root.child("flow\(index)")
                let screen = flow.raceScreen(tracker)()
                #expect(flow.raceScreen(tracker)() === screen)
                _ = flow.raceRow(tracker)(index)
                _ = flow.raceRow(tracker)(index + 1)
                let sheet = flow.child("sheet")
                #expect(sheet.raceScreen(tracker)() !== screen)
                flow.close()
                #expect(sheet.isClosed)
            }
            #expect(tracker.inits("screen") == 16, "round \(round)")
            #expect(tracker.inits("store") == 1, "round \(round)")
            #expect(tracker.live == ["store#1"], "round \(round)")
            root.reset()
            #expect(tracker.liveCount == 0, "round \(round)")
        }
    }

    @Test func childScopesDroppedWithoutCloseOnEightThreadsReleaseEverything() {
        for round in 0..<50 {
            let root = Container()
            let tracker = LifecycleTracker()
            onThreads(8) { index in
                let flow = root.child("flow\(index)")
                _ = flow.raceScreen(tracker)()
                _ = flow.child("sheet").raceRow(tracker)(index)
            }
            #expect(tracker.waitUntilLive(is: ["store#1"]), "round \(round): \(tracker.live)")
            #expect(tracker.inits("screen") == 8, "round \(round)")
        }
    }

    @Test func eightThreadsSharingOneChildGetOneScopedInstance() {
        for round in 0..<50 {
            let root = Container()
            let tracker = LifecycleTracker()
            let flow = root.child("flow")
            let seen = Collected<ObjectIdentifier>()
            onThreads(8) { _ in seen.append(ObjectIdentifier(flow.raceScreen(tracker)())) }
            #expect(Set(seen.all).count == 1, "round \(round)")
            flow.close()
            #expect(tracker.live == ["store#1"], "round \(round)")
        }
    }

    @Test func eventsOfRacingScopesStayInOrderPerScope() {
        let root = Container()
        let tracker = LifecycleTracker()
        let events = Collected<LifecycleEvent>()
        root.observe { event in
            if event.kind == .reset, event.scope != "container" { return }
            events.append(event)
        }
        onThreads(8) { index in
            let flow = root.child("flow\(index)")
            _ = flow.raceScreen(tracker)()
            _ = flow.raceScreen(tracker)()
            flow.close()
        }
        let byScope = Dictionary(grouping: events.all.filter { $0.container.hasPrefix("flow") }, by: \.container)
        #expect(byScope.count == 8)
        for (scope, scopeEvents) in byScope {
            #expect(scopeEvents.map(\.kind) == [.scopeOpened, .created, .reused, .released, .scopeClosed], "\(scope)")
            let sequence = scopeEvents.map(\.sequence)
            #expect(zip(sequence, sequence.dropFirst()).allSatisfy { $0 < $1 }, "\(scope)")
        }
        #expect(Set(events.all.map(\.sequence)).count == events.all.count)   // no number given twice
        #expect(tracker.live == ["store#1"])
    }
}
