import Foundation
import Scoped
import ScopedTesting
import Testing

// A storage keeps its first build in flight inline and the builds started beside it in an
// array (EntryTable.swift, `Builds`): a child scope with two builds at once, from two
// threads, must file each, whichever ends first, and release them newest first. (Removing
// the wrong record when the inline one ended first left the second build unfiled: its
// resolve built again, and this test failed.)

/// Holds a factory body until the test opens it, and tells the test when a body got there.
private final class Hold: Sendable {
    private let state = Locked((arrived: false, open: false), waitable: true)

    /// Called by the body: announces the build, then waits for ``open()``.
    func pass() {
        state.withLock { $0.arrived = true }
        state.broadcast()
        state.wait { !$0.open }
    }

    /// Waits until a body called ``pass()``.
    func waitUntilArrived() {
        state.wait { !$0.arrived }
    }

    func open() {
        state.withLock { $0.open = true }
        state.broadcast()
    }
}

extension Container {
    fileprivate func heldFirst(_ hold: Hold, _ tracker: LifecycleTracker) -> Factory<Probe> {
        self { hold.pass(); return Probe("first", tracker) }.scoped
    }
    fileprivate func heldSecond(_ hold: Hold, _ tracker: LifecycleTracker) -> Factory<Probe> {
        self { hold.pass(); return Probe("second", tracker) }.scoped
    }
    fileprivate func unheld(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("third", tracker) }.scoped
    }
}

@Suite struct InFlightSlotTests {
    @Test func twoThreadsBuildingInOneChildAtOnceEachFileTheirInstance() {
        let tracker = LifecycleTracker()
        let flow = Container().child("flow")
        let (holdFirst, holdSecond) = (Hold(), Hold())
        let first = resolveOnNewThread { flow.heldFirst(holdFirst, tracker)() }
        holdFirst.waitUntilArrived()  // the first build in flight: the inline record
        let second = resolveOnNewThread { flow.heldSecond(holdSecond, tracker)() }
        holdSecond.waitUntilArrived()  // a second one beside it
        holdFirst.open()
        let firstMade = first()  // the inline one ended while the other still runs
        let thirdMade = flow.unheld(tracker)()  // a build begun and ended meanwhile
        holdSecond.open()
        let secondMade = second()
        #expect(flow.heldFirst(holdFirst, tracker)() === firstMade)
        #expect(flow.heldSecond(holdSecond, tracker)() === secondMade)
        #expect(flow.unheld(tracker)() === thirdMade)
        #expect(tracker.inits("first") == 1 && tracker.inits("second") == 1 && tracker.inits("third") == 1)
        _ = (consume firstMade, consume secondMade, consume thirdMade)
        flow.close()
        // Filed as their builds ended: first, third, second.
        #expect(tracker.deinitLog == ["deinit second#1", "deinit third#1", "deinit first#1"])
    }
}
