import ScopedTesting
import Testing

/// The tracker's counts and its failure messages. Messages are compared exactly, through
/// a tracker that hands its violations to a collector instead of failing the test.
@Suite struct LifecycleTrackerTests {
    private let file = "ScopedTestingTests/LifecycleTrackerTests.swift"

    @Test(.container) func countsBuildsFromTheEventStream() {
        let violations = Violations()
        let tracker = violations.tracker(observing: Container.shared)
        let counter = Container.shared.isoCounter()
        #expect(Container.shared.isoCounter() === counter)   // .shared: reused while held
        #expect(tracker.builtCount(of: CounterModel.self) == 1)
        #expect(tracker.expectBuiltOnce(CounterModel.self))
        _ = Container.shared.isoFreshCounter()
        #expect(tracker.expectBuilt(CounterModel.self, times: 2))
        #expect(violations.all.isEmpty)
    }

    @Test(.container) func builtTooOftenNamesEveryBuild() {
        let violations = Violations()
        let tracker = violations.tracker(observing: Container.shared)
        let root = displayName(of: Container.shared)
        let first = Container.shared.isoFreshCounter()
        let second = Container.shared.isoFreshCounter()
        #expect(first !== second)
        let line = #line + 1
        #expect(!tracker.expectBuiltOnce(CounterModel.self))
        #expect(violations.messages == [
            """
            expected CounterModel to be built once, but it was built 2 times:
              - CounterModel #1 (isoFreshCounter unique in \(root))
              - CounterModel #2 (isoFreshCounter unique in \(root))
            """,
        ])
        #expect(violations.all.first?.kind == .builtCount)
        #expect(violations.all.first?.sourceLocation.line == line)
        #expect(violations.all.first?.sourceLocation.fileID == file)
        #expect(violations.all.first?.instances.map(\.ordinal) == [1, 2])
    }

    @Test(.container) func neverBuiltAndBuiltWhenItShouldNotBe() {
        let violations = Violations()
        let tracker = violations.tracker(observing: Container.shared)
        #expect(!tracker.expectBuiltOnce(CounterModel.self))
        #expect(tracker.expectBuilt(CounterModel.self, times: 0))
        let counter = Container.shared.isoCounter()
        #expect(!tracker.expectBuilt(CounterModel.self, times: 0))
        #expect(violations.messages == [
            "expected CounterModel to be built once, but it was never built",
            """
            expected CounterModel never to be built, but it was built once:
              - CounterModel #1 (isoCounter shared in \(displayName(of: Container.shared)))
            """,
        ])
        _ = counter
    }

    @Test(.container) func watchingSeesTheRealDeinitOfAScopedInstance() {
        let violations = Violations()
        let tracker = violations.tracker(observing: Container.shared)
        let sheet = Container.shared.child("sheet")
        let line = #line + 1
        let screen = tracker.watch(sheet.isoScreen())
        _ = sheet.isoScreen()   // re-rendered: reused
        #expect(tracker.expectBuiltOnce(ScreenModel.self))
        #expect(!tracker.expectReleased(ScreenModel.self))
        #expect(!tracker.expectReleased(screen))
        sheet.close()
        #expect(tracker.expectReleased(ScreenModel.self))
        #expect(tracker.expectReleased(screen))
        #expect(tracker.current(screen).state == .deinitialized)
        let described = "ScreenModel #1 (isoScreen scoped in \(displayName(of: sheet)), watched at \(file):\(line))"
        #expect(violations.messages == [
            "expected every ScreenModel to be released, but 1 of 1 is not:\n  - \(described): still alive",
            "expected \(described) to be released, but it is still alive",
        ])
    }

    @Test(.container) func aWatchedInstanceHeldByTheTestIsReportedAlive() {
        let violations = Violations()
        let tracker = violations.tracker(observing: Container.shared)
        var counter: CounterModel? = Container.shared.isoCounter()
        let tracked = tracker.watch(counter!)
        #expect(tracker.current(tracked).state == .alive)
        #expect(tracker.liveCount(of: CounterModel.self) == 1)
        #expect(tracker.expectAlive(CounterModel.self))
        counter = nil
        #expect(tracker.current(tracked).state == .deinitialized)
        #expect(tracker.releasedCount(of: CounterModel.self) == 1)
        #expect(tracker.expectReleased(tracked))
        #expect(violations.all.isEmpty)
    }

    @Test(.container) func eventOnlyInstancesCountAsReleasedWhenTheirScopeLetsGo() {
        let violations = Violations()
        let tracker = violations.tracker(observing: Container.shared)
        _ = Container.shared.isoStore()
        #expect(tracker.instances(of: IsoStore.self).map(\.state) == [.unobserved])
        #expect(!tracker.expectReleased(IsoStore.self))
        Container.shared.reset()
        #expect(tracker.instances(of: IsoStore.self).map(\.state) == [.releasedByScope])
        #expect(tracker.expectReleased(IsoStore.self))
        #expect(violations.messages == [
            """
            expected every IsoStore to be released, but 1 of 1 is not:
              - IsoStore #1 (isoStore cached in \(displayName(of: Container.shared))): \
            not released by any scope (deinit not observed: watch it or call didDeinit)
            """,
        ])
    }

    @Test func hooksCountInitsAndDeinitsAndRecordTheObjectGraph() {
        let violations = Violations()
        withContainer {
            let tracker = violations.tracker(observing: Container.shared)
            let line = #line + 1
            Container.shared.isoSpy.register { Spy(tracker: tracker) }
            let flow = Container.shared.child("flow")
            let flowName = displayName(of: flow)
            let parent = flow.isoSpyParent()
            #expect(parent.child === flow.isoSpy())
            #expect(tracker.initCount(of: Spy.self) == 1)
            #expect(tracker.builtCount(of: Spy.self) == 1)   // didInit and the event: one instance
            #expect(tracker.expectAlive(Spy.self))
            flow.close()
            #expect(tracker.deinitCount(of: Spy.self) == 0)   // the test still holds `parent`
            _ = consume parent
            #expect(tracker.deinitCount(of: Spy.self) == 1)
            #expect(tracker.expectReleased(Spy.self))
            #expect(!tracker.expectAlive(Spy.self))
            #expect(violations.messages == [
                """
                expected every Spy to be alive, but 1 of 1 was released:
                  - Spy #1 (isoSpy scoped in \(flowName), built at \(file):\(line), \
                while building isoSpyParent (SpyParent)): deinitialized
                """,
            ])
            #expect(violations.all.map(\.kind) == [.notAlive])
        }
    }

    @Test func hooksWorkWithoutAnyObservedContainer() {
        let tracker = LifecycleTracker()
        var spies: [Spy] = (0..<3).map { _ in Spy(tracker: tracker) }
        #expect(tracker.initCount(of: Spy.self) == 3)
        #expect(tracker.liveCount(of: Spy.self) == 3)
        spies.removeFirst()
        #expect(tracker.deinitCount(of: Spy.self) == 1)
        #expect(tracker.instances(of: Spy.self).map(\.state) == [.deinitialized, .alive, .alive])
        spies.removeAll()
        #expect(tracker.expectReleased(Spy.self))
        #expect(tracker.expectAllReleased())
    }

    @Test func namedInstancesAreCountedByRoleAndTheTimelineKeepsTheirOrder() {
        let violations = Violations()
        let tracker = violations.tracker()
        var analytics: RoleSpy? = RoleSpy("analytics", tracker: tracker)
        let first = tracker.current(tracker.instances(named: "analytics")[0])
        var logger: RoleSpy? = RoleSpy("logger", tracker: tracker, child: RoleSpy("analytics", tracker: tracker))
        #expect(first.typeName == "analytics" && first.ordinal == 1)
        #expect(tracker.instances(named: "analytics").map(\.ordinal) == [1, 2])
        #expect(tracker.instances(named: "logger").map(\.state) == [.alive])
        #expect(tracker.instances(of: RoleSpy.self).isEmpty)   // counted by role, not by type
        #expect(tracker.initCount(of: RoleSpy.self) == 0)
        logger = nil
        analytics = nil
        #expect(tracker.instances(named: "analytics").map(\.state) == [.deinitialized, .deinitialized])
        #expect(tracker.timeline.map(\.description) == [
            "init analytics #1", "init analytics #2", "init logger #1",
            "deinit logger #1", "deinit analytics #2", "deinit analytics #1",
        ])
        #expect(tracker.timeline.map(\.kind) == [
            .initialized, .initialized, .initialized, .deinitialized, .deinitialized, .deinitialized,
        ])
        #expect(tracker.expectAllReleased())
        #expect(!tracker.expectReleased(RoleSpy.self))   // no instance has that type name
        #expect(violations.messages == ["expected every RoleSpy to be released, but no RoleSpy was tracked"])
        _ = (analytics, logger)
    }

    @Test func didInitReturnsTheRecordAndTheTimelineHoldsOnlyHookCalls() {
        let tracker = LifecycleTracker()
        var spy: Spy? = Spy(tracker: tracker)
        var watched: Token? = Token("watched")
        tracker.watch(watched!)
        let plain = Token("plain")
        let record = tracker.didInit(plain, named: "plain")
        #expect(record.typeName == "plain" && record.ordinal == 1 && record.state == .alive)
        watched = nil
        spy = nil
        // The watched token's end is observed (a weak reference), not as it happens: it is
        // not in the timeline.
        #expect(tracker.instances(of: Token.self).map(\.state) == [.deinitialized])
        #expect(tracker.timeline.map(\.description) == ["init Spy #1", "init plain #1", "deinit Spy #1"])
        _ = (spy, watched, plain)
    }

    @Test(.container) func nothingTrackedFailsInsteadOfPassingSilently() {
        let violations = Violations()
        let tracker = violations.tracker(observing: Container.shared)
        #expect(!tracker.expectReleased(CounterModel.self))
        #expect(!tracker.expectAlive(CounterModel.self))
        #expect(tracker.expectAllReleased())   // nothing tracked at all: nothing leaked
        #expect(violations.messages == [
            "expected every CounterModel to be released, but no CounterModel was tracked",
            "expected every CounterModel to be alive, but no CounterModel was tracked",
        ])
    }

    @Test(.container) func allReleasedListsEveryLeakedInstance() {
        let violations = Violations()
        let tracker = violations.tracker(observing: Container.shared)
        let flow = Container.shared.child("flow")
        let line = #line + 1
        let counter = tracker.watch(Container.shared.isoCounter())
        _ = flow.isoScreen()
        flow.close()
        let root = displayName(of: Container.shared)
        #expect(!tracker.expectAllReleased())
        // The counter (`.shared`, nobody holds it) and the screen (its scope closed) are
        // released; the cached store the screen used is still held by the root.
        #expect(violations.messages == [
            """
            expected every tracked instance to be released, but 1 of 3 is not:
              - IsoStore #1 (isoStore cached in \(root)): \
            not released by any scope (deinit not observed: watch it or call didDeinit)
            """,
        ])
        #expect(tracker.current(counter).sourceLocation?.line == line)
    }

    @Test(.container) func protocolTypedRegistrationsMatchTheirDeclaredType() {
        let tracker = LifecycleTracker(observing: Container.shared)
        _ = Container.shared.isoAPI()
        _ = Container.shared.isoAPI()
        #expect(tracker.builtCount(of: (any IsoAPI).self) == 1)
        #expect(tracker.instances(of: (any IsoAPI).self).first?.registration == "isoAPI")
    }

    @Test(.container) func countsStayExactUnderConcurrentBuilds() async {
        let tracker = LifecycleTracker(observing: Container.shared)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<40 {
                group.addTask { tracker.watch(Container.shared.isoFreshCounter()) }
            }
        }
        #expect(tracker.builtCount(of: CounterModel.self) == 40)
        #expect(tracker.releasedCount(of: CounterModel.self) == 40)
        #expect(tracker.instances(of: CounterModel.self).map(\.ordinal) == Array(1...40))
    }

    @Test(.container) func aTrackerOnlySeesItsOwnTestsWorld() {
        let tracker = LifecycleTracker(observing: Container.shared)
        withContainer {
            _ = Container.shared.isoStore()   // another world's Container.shared
        }
        _ = Container.shared.isoStore()
        #expect(tracker.builtCount(of: IsoStore.self) == 1)
    }

    @Test(.container) func theDefaultReporterRecordsAnIssueAtTheExpectation() {
        let tracker = LifecycleTracker(observing: Container.shared)
        let line = #line + 2
        withKnownIssue {
            tracker.expectBuiltOnce(CounterModel.self)
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["expected CounterModel to be built once, but it was never built"]
                && issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileID == file
        }
    }
}
