import Foundation
import Testing

/// The watchdog of the reliability scenarios fails a scenario that stops making progress,
/// never one that is merely slow. Its verdicts are checked here on made-up timelines
/// (``StallMeter`` takes the time between looks as an argument), so no test waits.
@Suite struct WatchdogTests {
    typealias Counts = ScenarioProgress.Counts

    private func meter() -> StallMeter {
        StallMeter(stall: .seconds(30), mainActorWait: .seconds(600))
    }

    @Test func aSlowScenarioThatKeepsCompletingOperationsIsNeverStuck() {
        var meter = meter()
        var counts = Counts()
        // Ten minutes, an operation every 29 s: far longer than the stall bound in all.
        for _ in 0..<600 {
            counts.completed += 1
            #expect(meter.observe(counts, after: .seconds(29)) == nil)
        }
    }

    @Test func aScenarioThatCompletesNothingForTheBoundIsStuck() {
        var meter = meter()
        var counts = Counts(completed: 5)
        #expect(meter.observe(counts, after: .seconds(1)) == nil)
        for _ in 0..<29 { #expect(meter.observe(counts, after: .seconds(1)) == nil) }
        let verdict = meter.observe(counts, after: .seconds(1))
        #expect(verdict == "no progress for 30.0 seconds (after 5 operations)")
        counts.completed += 1   // a late operation starts the count again
        #expect(meter.observe(counts, after: .seconds(1)) == nil)
    }

    /// Under ThreadSanitizer on a loaded machine, other tests' main-actor work ran for more
    /// than ten minutes before a scenario's operations got their turn: while the main actor
    /// runs the watchdog's probes, that is waiting, however long.
    @Test func aMainActorThatRunsOtherWorkIsWaitedForBeyondTheBound() {
        var meter = meter()
        var queued = Counts(completed: 800, waitingForMainActor: 40)
        for minute in 0..<30 {
            queued.mainActorBeats = minute
            #expect(meter.observe(queued, after: .seconds(60)) == nil)
        }
        // Then it runs nothing at all, probes included: the bound counts again.
        for _ in 0..<8 { #expect(meter.observe(queued, after: .seconds(60)) == nil) }
        #expect(meter.observe(queued, after: .seconds(60))
            == "the main actor ran none of its 40 waiting operations for 600.0 seconds (after 800 operations)")
    }

    @Test func waitingForATurnOnTheMainActorIsNotAStall() {
        var meter = meter()
        // The background work is done; 40 main-actor operations wait behind other tests'.
        let queued = Counts(completed: 800, waitingForMainActor: 40)
        #expect(meter.observe(queued, after: .seconds(1)) == nil)
        for _ in 0..<300 { #expect(meter.observe(queued, after: .seconds(1)) == nil) }
        // Their turn comes and they complete.
        #expect(meter.observe(Counts(completed: 840), after: .seconds(1)) == nil)
    }

    @Test func aScenarioWhoseTaskHasNotStartedIsWaitingNotStalled() {
        var meter = meter()
        // Other tests block both threads of the cooperative pool for a while: the scenario's
        // task cannot start, and nothing of it has run (the CI failure this fixes: "no
        // progress for 30.0 seconds (after 0 operations)").
        let enqueued = Counts(waitingToStart: true)
        for _ in 0..<120 { #expect(meter.observe(enqueued, after: .seconds(1)) == nil) }
        // It starts, and from then on the usual bound applies.
        let running = Counts()
        for _ in 0..<29 { #expect(meter.observe(running, after: .seconds(1)) == nil) }
        #expect(meter.observe(running, after: .seconds(1)) == "no progress for 30.0 seconds (after 0 operations)")
    }

    @Test func aScenarioWhoseTaskNeverStartsIsReported() {
        var meter = meter()
        let enqueued = Counts(waitingToStart: true)
        for _ in 0..<599 { #expect(meter.observe(enqueued, after: .seconds(1)) == nil) }
        #expect(meter.observe(enqueued, after: .seconds(1)) == "the scenario's task did not start for 600.0 seconds")
    }

    @Test func anOperationStuckOnTheMainActorIsAStall() {
        var meter = meter()
        let stuck = Counts(completed: 12, waitingForMainActor: 39, onMainActor: 1)
        #expect(meter.observe(stuck, after: .seconds(1)) == nil)   // 12 completed since the start
        #expect(meter.observe(stuck, after: .seconds(29)) == nil)
        #expect(meter.observe(stuck, after: .seconds(1))
            == "no progress for 30.0 seconds (after 12 operations, one of them stuck on the main actor)")
    }

    @Test func otherWorkThatCannotProgressWhileMainActorOperationsWaitIsCaughtAfterTheirTurn() {
        var meter = meter()
        // Background threads are stuck; the main-actor operations wait for their turn.
        for _ in 0..<100 {
            #expect(meter.observe(Counts(completed: 3, waitingForMainActor: 2), after: .seconds(1)) == nil)
        }
        // They get their turn and complete; the background threads still do nothing.
        #expect(meter.observe(Counts(completed: 5), after: .seconds(1)) == nil)
        #expect(meter.observe(Counts(completed: 5), after: .seconds(29)) == nil)
        #expect(meter.observe(Counts(completed: 5), after: .seconds(1)) != nil)
    }

    @Test func aMainActorThatNeverRunsTheScenarioIsReportedAfterItsOwnBound() {
        var meter = meter()
        let queued = Counts(completed: 0, waitingForMainActor: 1)
        #expect(meter.observe(queued, after: .seconds(599)) == nil)
        #expect(meter.observe(queued, after: .seconds(1))
            == "the main actor ran none of its 1 waiting operations for 600.0 seconds (after 0 operations)")
    }

    @Test func mainActorOperationsAreCountedWhileTheyRunAndWhenDone() async {
        let progress = ScenarioProgress()
        let during = await progress.onMainActor { progress.snapshot }
        #expect(during == Counts(completed: 0, waitingForMainActor: 0, onMainActor: 1))
        #expect(progress.snapshot == Counts(completed: 1))
        progress.advance()
        #expect(progress.snapshot.completed == 2)
    }

    @Test func aBarrierGivesUpOnlyWhenArrivalsStop() {
        let barrier = Barrier(parties: 2)
        // Nobody else comes: the lone arrival gives up after the stall bound.
        #expect(!barrier.arriveAndWait(stallSeconds: 0.2))
        let complete = Barrier(parties: 2)
        let other = startThreads(1) { _ in complete.arriveAndWait() }
        #expect(complete.arriveAndWait(stallSeconds: 30))
        other.wait()
    }
}
