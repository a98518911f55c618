/// Fact modelled here: the articles' `.task { while true { sleep 2 s; … } }`. SwiftUI
/// adds the task "before this view appears" and cancels it when the view goes
/// (`task(priority:_:)`, https://developer.apple.com/documentation/swiftui/view/task(priority:_:);
/// earlier revisions of that page tied the cancellation to the view disappearing, later
/// ones to its removal or change of identity). The demo ties the task to appear and
/// disappear, as #17 asks and as the model of SwiftUI does (Tests/SwiftUIModel/SwiftUI/
/// Lifecycle.swift): a view covered by a push disappears, so a covered screen's loop stops
/// and starts again when the screen is uncovered (OnModel.TimerTask starts and stops this
/// from `onAppear`/`onDisappear`). That the covered case cancels is the part the current
/// page does not spell out. The clock is simulated: the loop's body runs every `period`
/// ticks and nothing sleeps.
///
/// What cancellation does to the loop: `Task.sleep` throws `CancellationError` when its
/// task is cancelled (https://developer.apple.com/documentation/swift/task/sleep(nanoseconds:),
/// https://developer.apple.com/documentation/swift/cancellationerror). The article writes
/// `try! await Task.sleep(…)`, which would trap at that moment; a bare `try?` would swallow
/// the error and spin without sleeping. The demo models the loop written with
/// `try await` inside `do`/`catch`: the error ends the loop, and the trace says so.
///
/// One `.task` loop of one node: running while the node is on screen.
@MainActor
final class TaskLifetime {
    private let clock: SimulatedClock
    private let trace: LifecycleTrace
    private let viewName: String
    private let period: Int
    private let action: () -> Void
    private var timerID: Int?

    init(clock: SimulatedClock, trace: LifecycleTrace, viewName: String, period: Int, action: @escaping () -> Void) {
        self.clock = clock
        self.trace = trace
        self.viewName = viewName
        self.period = period
        self.action = action
    }

    /// The view appeared: the loop starts (unless running).
    func start() {
        guard timerID == nil else { return }
        let trace = self.trace, viewName = self.viewName, period = self.period, action = self.action
        trace.log(.taskStarted, viewName, "loop: sleep \(period)s, then its body")
        timerID = clock.schedule(every: period) {
            trace.log(.timer, viewName, "every \(period)s")
            action()
        }
    }

    /// The view disappeared: the loop is cancelled.
    func stop() {
        guard let timerID else { return }
        clock.cancel(timerID)
        self.timerID = nil
        trace.log(.taskCancelled, viewName, "Task.sleep throws CancellationError: try! would trap; do/catch ends the loop")
    }

    deinit {
        guard let timerID else { return }
        let clock = self.clock
        MainActor.assumeIsolated { clock.cancel(timerID) }
    }
}
