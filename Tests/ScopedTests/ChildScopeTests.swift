import Scoped
import ScopedTesting
import Testing

extension Container {
    fileprivate func screen(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("screen", tracker) }.scoped }
    fileprivate func panel(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("panel", tracker) }.scoped }
    fileprivate func form(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("form", tracker) }.scoped }
    fileprivate func store(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("store", tracker) }.cached }
    fileprivate func counter(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("counter", tracker) }.shared }
    fileprivate func api(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("api", tracker) }.singleton }
    fileprivate func detail(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { Probe("detail\($0)", tracker, holding: [self.store(tracker)()]) }.scoped.perParameter
    }
    /// A scoped view model that depends on a scoped helper of its own scope and the store.
    fileprivate func editor(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("editor", tracker, holding: [self.form(tracker)(), self.store(tracker)()]) }.scoped
    }
}

/// A custom container type: its children are of the same type.
private final class FeatureContainer: SharedContainer {
    static let shared = FeatureContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }

    func model(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("model", tracker) }.scoped }
}

@Suite struct ChildScopeTests {
    @Test func oneScopedInstancePerChild() {
        let container = Container()
        let tracker = LifecycleTracker()
        let one = container.child("one")
        let two = container.child("two")
        let first = one.screen(tracker)()
        #expect(one.screen(tracker)() === first)
        #expect(two.screen(tracker)() !== first)
        #expect(container.screen(tracker)() !== first)
        #expect(tracker.inits("screen") == 3)
    }

    @Test func nestedChildrenOwnTheirOwn() {
        let container = Container()
        let tracker = LifecycleTracker()
        let flow = container.child("flow")
        let sheet = flow.child("sheet")
        let inFlow = flow.screen(tracker)()
        let inSheet = sheet.screen(tracker)()
        #expect(inSheet !== inFlow)
        #expect(sheet.screen(tracker)() === inSheet)
        weak let sheetOnly: Probe? = inSheet
        _ = consume inSheet
        sheet.close()
        #expect(sheetOnly == nil)
        #expect(flow.screen(tracker)() === inFlow)
    }

    @Test func cachedSharedAndSingletonComeFromTheRoot() {
        let container = Container()
        let tracker = LifecycleTracker()
        defer { container.api(tracker).reset() }
        let flow = container.child("flow")
        let sheet = flow.child("sheet")
        let counter = container.counter(tracker)()
        #expect(sheet.store(tracker)() === container.store(tracker)())
        #expect(sheet.counter(tracker)() === counter)
        #expect(sheet.api(tracker)() === container.api(tracker)())
        #expect(flow.inspection.heldCount == 0)
        #expect(sheet.inspection.heldCount == 0)
        sheet.close()
        flow.close()
        #expect(tracker.deinitLog.isEmpty)
        #expect([tracker.inits("store"), tracker.inits("counter"), tracker.inits("api")] == [1, 1, 1])
    }

    @Test func childrenAreOfTheSameContainerType() {
        let container = FeatureContainer()
        let tracker = LifecycleTracker()
        let flow: FeatureContainer = container.child("feature")
        do {
            let model = flow.model(tracker)()
            #expect(flow.model(tracker)() === model)
            #expect(container.model(tracker)() !== model)
        }
        flow.close()
        #expect(tracker.deinitLog == ["deinit model#1"])
    }

    @Test func closeReleasesNewestFirst() {
        let container = Container()
        let tracker = LifecycleTracker()
        let flow = container.child("flow")
        _ = flow.screen(tracker)()
        _ = flow.panel(tracker)()
        _ = flow.form(tracker)()
        #expect(tracker.deinitLog.isEmpty)
        flow.close()
        #expect(tracker.deinitLog == ["deinit form#1", "deinit panel#1", "deinit screen#1"])
    }

    @Test func closeReleasesDependentsBeforeWhatTheyUse() {
        let container = Container()
        let tracker = LifecycleTracker()
        let flow = container.child("flow")
        _ = flow.screen(tracker)()
        _ = flow.editor(tracker)()   // builds form inside its body
        flow.close()
        #expect(tracker.deinitLog == ["deinit editor#1", "deinit form#1", "deinit screen#1"])
        #expect(tracker.live == ["store#1"])
    }

    @Test func closingAParentClosesItsChildrenFirst() {
        let container = Container()
        let tracker = LifecycleTracker()
        let flow = container.child("flow")
        _ = flow.screen(tracker)()
        let first = flow.child("first")
        let second = flow.child("second")
        _ = first.panel(tracker)()
        _ = second.form(tracker)()
        let grandchild = second.child("grandchild")
        _ = grandchild.panel(tracker)()
        flow.close()
        #expect(tracker.deinitLog == ["deinit panel#2", "deinit form#1", "deinit panel#1", "deinit screen#1"])
        #expect([first.isClosed, second.isClosed, grandchild.isClosed, flow.isClosed] == [true, true, true, true])
        #expect(!container.isClosed)
    }

    @Test func closingTwiceIsHarmless() {
        let container = Container()
        let tracker = LifecycleTracker()
        let flow = container.child("flow")
        _ = flow.screen(tracker)()
        flow.close()
        flow.close()
        #expect(flow.isClosed)
        #expect(tracker.deinitLog == ["deinit screen#1"])
    }

    @Test func aChildReleasedWithoutCloseReleasesTheSameWay() {
        let container = Container()
        let tracker = LifecycleTracker()
        var flow: Container? = container.child("flow")
        weak let released = flow
        var sheet: Container? = flow?.child("sheet")
        // Resolved in a function of their own: the discarded results are gone when it
        // returns (an optimised build may otherwise release them after the scopes).
        func resolveScreens() {
            _ = flow?.screen(tracker)()
            _ = flow?.panel(tracker)()
            _ = sheet?.form(tracker)()
        }
        resolveScreens()
        flow = nil    // the open child keeps its parent scope (not the parent container) alive…
        #expect(released == nil)
        #expect(tracker.deinitLog.isEmpty)
        sheet = nil   // …until the child goes too: the child's instances, then the parent's, newest first
        #expect(tracker.waitUntilLive(is: []))
        #expect(tracker.deinitLog == ["deinit form#1", "deinit panel#1", "deinit screen#1"])
    }

    @Test func aRootForgetsChildrenThatClosedOrWentAway() {
        let root = Container()
        for index in 0..<100 {
            let flow = root.child("flow")
            if index.isMultiple(of: 2) { flow.close() }
        }
        let open = root.child("open")
        #expect(root.inspection.openChildCount == 1)
        open.close()
        #expect(root.inspection.openChildCount == 0)
    }

    @Test func instancesHeldElsewhereOutliveTheirScope() {
        let container = Container()
        let tracker = LifecycleTracker()
        let flow = container.child("flow")
        let kept = flow.screen(tracker)()
        flow.close()
        #expect(tracker.deinitLog.isEmpty)
        #expect(kept.name == "screen")
    }

    @Test func perParameterScopedInstancesInAFlow() {
        let container = Container()
        let tracker = LifecycleTracker()
        let flow = container.child("flow")
        let one = flow.detail(tracker)(1)
        let two = flow.detail(tracker)(2)
        #expect(flow.detail(tracker)(1) === one)
        #expect(one !== two)
        #expect(one.dependencies[0] === two.dependencies[0])   // one store, from the root
        weak let weakOne: Probe? = one
        weak let weakTwo: Probe? = two
        _ = consume one
        _ = consume two
        flow.close()
        #expect(weakOne == nil)
        #expect(weakTwo == nil)
        #expect(tracker.deinitLog == ["deinit detail2#1", "deinit detail1#1"])
        #expect(tracker.live == ["store#1"])
    }

    @Test func aClosedChildRefusesScopedResolvesWithAMessageNamingTheScope() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let tracker = LifecycleTracker()
            let flow = Container().child("flow")
            _ = flow.detail(tracker)(1)
            flow.close()
            _ = flow.detail(tracker)(3)
        }
        #expect(standardError(of: result).contains(
            "Scoped: cannot resolve detail(_:)[3] (Probe) as .scoped: lifetime scope flow#2 is closed "
                + "(resolve it before close(), or from an open child)"))
    }

    @Test func aClosedChildStillResolvesFromTheRoot() {
        let container = Container()
        let tracker = LifecycleTracker()
        let flow = container.child("flow")
        flow.close()
        #expect(flow.store(tracker)() === container.store(tracker)())
        #expect(flow.counter(tracker)().name == "counter")
    }

    @Test func openingAChildOfAClosedScopeStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let flow = Container().child("flow")
            flow.close()
            _ = flow.child("late")
        }
        #expect(standardError(of: result).contains(
            "Scoped: cannot open a child of flow#2: that lifetime scope is closed"))
    }
}
