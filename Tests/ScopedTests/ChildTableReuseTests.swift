// A closed child's emptied table buffer is kept by its parent for the next child to open
// (ContainerNode.State.spareEntries), and a child without children of its own is marked
// closed and emptied in one critical section: what a child holds and releases must not
// change with either.
import Scoped
import ScopedTesting
import Testing

extension Container {
    fileprivate func first(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("first", tracker) }.scoped }
    fileprivate func second(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("second", tracker) }.scoped }
    fileprivate func third(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("third", tracker) }.scoped }
}

@Suite struct ChildTableReuseTests {
    /// Each of the siblings, opened one after the other, makes its own instances and releases
    /// them newest first when it closes, however many tables were handed on before it.
    @Test func siblingsOpenedInTurnKeepAndReleaseTheirOwn() {
        let container = Container()
        let tracker = LifecycleTracker()
        for round in 1...3 {
            let flow = container.child("flow")
            let made = [flow.first(tracker)(), flow.second(tracker)(), flow.third(tracker)()]
            #expect(flow.first(tracker)() === made[0])
            #expect(flow.third(tracker)() === made[2])
            #expect(flow.inspection.heldCount == 3)
            #expect(made.map(\.number) == [round, round, round])  // made here, not handed on
            let deinits = made.reversed().map { "deinit \($0.name) #\($0.number)" }
            _ = consume made
            let before = tracker.timeline.count
            flow.close()
            #expect(flow.inspection.heldCount == 0)
            #expect(tracker.timeline.dropFirst(before).map(\.description) == deinits)
            #expect(tracker.inits("first") == round && tracker.deinits("first") == round)
        }
        #expect(container.inspection.openChildCount == 0)
    }

    /// Two children open at once: the first takes the spare table, the second allocates one;
    /// the first of them to close leaves its table as the spare, the second finds that place
    /// taken and frees its own; the next child still starts empty.
    @Test func overlappingSiblingsEachStartEmpty() {
        let container = Container()
        let tracker = LifecycleTracker()
        let one = container.child("one")
        _ = one.first(tracker)()
        one.close()
        let two = container.child("two")   // takes `one`'s table
        let three = container.child("three")   // allocates its own
        #expect(two.inspection.heldCount == 0 && three.inspection.heldCount == 0)
        let inTwo = two.first(tracker)()
        let inThree = three.first(tracker)()
        #expect(inTwo !== inThree)
        weak let twoOnly: Probe? = inTwo
        weak let threeOnly: Probe? = inThree
        _ = consume inTwo
        _ = consume inThree
        three.close()
        #expect(threeOnly == nil && twoOnly != nil)
        two.close()
        #expect(twoOnly == nil)
        let four = container.child("four")
        #expect(four.inspection.heldCount == 0)
        _ = four.first(tracker)()
        #expect(tracker.inits("first") == 4)
    }

    /// A child with a child of its own closes its child first, then itself, newest first;
    /// a resolve through a closed child stops (MisuseExitTests), and `isClosed` says so.
    @Test func aNestedChildClosesBeforeItsParent() {
        let container = Container()
        let tracker = LifecycleTracker()
        let flow = container.child("flow")
        let sheet = flow.child("sheet")
        let inFlow = flow.first(tracker)()
        let inSheet = sheet.first(tracker)()
        let labels = [inSheet.label, inFlow.label]
        _ = consume inFlow
        _ = consume inSheet
        flow.close()
        #expect(flow.isClosed && sheet.isClosed)
        #expect(tracker.timeline.filter { $0.kind == .deinitialized }.map(\.instance.label) == labels)
        #expect(container.inspection.openChildCount == 0)
    }

    /// Siblings opened and closed on several threads at once hand the spare table between them
    /// under their parent's lock: each keeps its own instances and releases every one.
    @Test func siblingsOnSeveralThreadsEachReleaseTheirOwn() {
        let container = Container()
        let tracker = LifecycleTracker()
        let rounds = 200
        onThreads(4) { _ in
            for _ in 0..<rounds {
                let flow = container.child("flow")
                let first = flow.first(tracker)()
                let second = flow.second(tracker)()
                #expect(flow.first(tracker)() === first && flow.second(tracker)() === second)
                #expect(flow.inspection.heldCount == 2)
                flow.close()
            }
        }
        #expect(tracker.inits("first") == 4 * rounds && tracker.deinits("first") == 4 * rounds)
        #expect(tracker.inits("second") == 4 * rounds && tracker.deinits("second") == 4 * rounds)
        #expect(container.inspection.openChildCount == 0)
    }
}
