import Scoped
import ScopedTesting
import Testing

extension Container {
    fileprivate func ledger(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("ledger", tracker) }.scoped
    }
    fileprivate func screen(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("screen", tracker) }.scoped
    }
    fileprivate func report(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("report", tracker) }
    }
    fileprivate func summary(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("summary", tracker) }.cached
    }
    fileprivate func asyncScreen(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { Probe("asyncScreen", tracker) }.scoped
    }
    @MainActor fileprivate func mainScreen(_ tracker: LifecycleTracker) -> MainActorFactory<Probe> {
        self { @MainActor in Probe("mainScreen", tracker) }.scoped
    }
    @MainActor fileprivate func keyedMainScreen(_ tracker: LifecycleTracker) -> MainActorParameterFactory<Int, Probe> {
        self { @MainActor id in Probe("keyedMainScreen\(id)", tracker) }.scoped
    }
    fileprivate func keyedScreen(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { Probe("keyedScreen\($0)", tracker) }.scoped.perParameter
    }
}

/// `register { c in … }`: the body receives the container its instance belongs to, decided
/// by each build — so an override registered on a root (a test world's) and resolved
/// through a lifetime scope builds its `.scoped` dependencies in that scope.
@Suite struct OverrideContainerTests {
    @Test func aRootsScopedOverrideResolvedThroughAFlowBuildsItsDependenciesInTheFlow() {
        let tracker = LifecycleTracker()
        let root = Container()
        root.screen(tracker).register { c in Probe("mockScreen", tracker, holding: [c.ledger(tracker)()]) }
        var flow: Container? = root.child("flow")
        let screen = flow?.screen(tracker)()
        #expect(screen?.name == "mockScreen")
        #expect(screen?.dependencies.first === flow?.ledger(tracker)())
        #expect(screen?.dependencies.first !== root.ledger(tracker)())
        flow?.close()
        flow = nil
        // The flow's ledger closed with the flow: only the screen's own reference is left.
        #expect(tracker.deinits("ledger") == 0)
        _ = consume screen
        #expect(tracker.deinits("ledger") == 1)
        #expect(tracker.deinits("mockScreen") == 1)
    }

    @Test func aRootsUniqueOverrideReceivesTheContainerResolvingIt() {
        let tracker = LifecycleTracker()
        let root = Container()
        root.report(tracker).register { c in Probe("mockReport", tracker, holding: [c.ledger(tracker)()]) }
        let flow = root.child("flow")
        defer { flow.close() }
        #expect(flow.report(tracker)().dependencies.first === flow.ledger(tracker)())
        #expect(root.report(tracker)().dependencies.first === root.ledger(tracker)())
    }

    @Test func aCachedOverrideReceivesTheContainerItIsRegisteredOnWhereverItIsResolved() {
        let tracker = LifecycleTracker()
        let root = Container()
        root.summary(tracker).register { c in Probe("mockSummary", tracker, holding: [c.ledger(tracker)()]) }
        let flow = root.child("flow")
        defer { flow.close() }
        // Held by the root: its dependencies come from the root, never from the flow
        // (a flow's `.scoped` instance inside a root's cached one would be captive).
        #expect(flow.summary(tracker)().dependencies.first === root.ledger(tracker)())
        #expect(flow.summary(tracker)() === root.summary(tracker)())
    }

    @Test func aParameterOverrideReceivesTheFlowToo() {
        let tracker = LifecycleTracker()
        let root = Container()
        root.keyedScreen(tracker).register { c, id in Probe("mockKeyed\(id)", tracker, holding: [c.ledger(tracker)()]) }
        let flow = root.child("flow")
        defer { flow.close() }
        let screen = flow.keyedScreen(tracker)(3)
        #expect(screen.name == "mockKeyed3")
        #expect(screen.dependencies.first === flow.ledger(tracker)())
    }

    @Test @MainActor func aMainActorOverrideReceivesTheFlow() {
        let tracker = LifecycleTracker()
        let root = Container()
        root.mainScreen(tracker).register { c in Probe("mockMain", tracker, holding: [c.ledger(tracker)()]) }
        root.keyedMainScreen(tracker).register { c, id in Probe("mockKeyedMain\(id)", tracker, holding: [c.ledger(tracker)()]) }
        let flow = root.child("flow")
        defer { flow.close() }
        #expect(flow.mainScreen(tracker)().dependencies.first === flow.ledger(tracker)())
        let keyed = flow.keyedMainScreen(tracker)(4)
        #expect(keyed.name == "mockKeyedMain4")
        #expect(keyed.dependencies.first === flow.ledger(tracker)())
    }

    @Test func anAsyncRootOverrideResolvedThroughAFlowBuildsItsDependenciesInTheFlow() async throws {
        let tracker = LifecycleTracker()
        let root = Container()
        root.asyncScreen(tracker).register { c in Probe("mockAsyncScreen", tracker, holding: [c.ledger(tracker)()]) }
        let flow = root.child("flow")
        defer { flow.close() }
        let screen = try await flow.asyncScreen(tracker)()
        #expect(screen.name == "mockAsyncScreen")
        #expect(screen.dependencies.first === flow.ledger(tracker)())
        #expect(screen.dependencies.first !== root.ledger(tracker)())
    }

    @Test func aTestWorldsOverrideBuildsTheFlowsDependenciesInTheFlow() {
        let tracker = LifecycleTracker()
        withContainer { $0.screen(tracker).register { c in Probe("worldScreen", tracker, holding: [c.ledger(tracker)()]) } } operation: {
            let flow = Container.shared.child("flow")
            let screen = flow.screen(tracker)()
            #expect(screen.dependencies.first === flow.ledger(tracker)())
            flow.close()
            #expect(tracker.deinits("worldScreen") == 0)   // the test still holds it
        }
    }

    @Test func theContainerAnOverrideKeepsNeitherKeepsItsScopeOpenNorClosesIt() {
        let tracker = LifecycleTracker()
        let root = Container()
        let kept = Locked<[Container]>([])
        root.screen(tracker).register { c in
            kept.withLock { $0.append(c) }
            return Probe("keeper", tracker)
        }
        var flow: Container? = root.child("flow")
        weak let flowManager = flow?.manager
        _ = flow?.screen(tracker)()
        #expect(kept.withLock { $0.count } == 1)
        kept.withLock { $0 = [] }                 // releasing it closes nothing
        #expect(flow?.screen(tracker)().name == "keeper")
        #expect(tracker.deinits("keeper") == 0)
        flow = nil                                // but it does not keep the flow open
        #expect(flowManager == nil)
        #expect(tracker.deinits("keeper") == 1)
    }
}
