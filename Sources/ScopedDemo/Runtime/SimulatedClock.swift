/// Simulated time: one tick is one second. Nothing sleeps; the stage advances the clock
/// tick by tick and the clock fires the timers that are due.
///
/// A timer counts from the tick it was scheduled in, as a `.task` loop's first
/// `Task.sleep` starts when the task does (when its view appears): a screen that appears
/// at t1 with a 2-second loop fires at t3, t5, … — not at t2 (after 1 s).
@MainActor
final class SimulatedClock {
    private struct Timer {
        let id: Int
        let period: Int
        let start: Int
        let fire: () -> Void
    }

    /// The current second.
    private(set) var now = 0
    private var timers: [Timer] = []
    private var nextID = 0

    /// Calls `fire` every `period` ticks from now (first at `now + period`) until cancelled.
    ///
    /// - Returns: An identifier for ``cancel(_:)``.
    func schedule(every period: Int, _ fire: @escaping () -> Void) -> Int {
        nextID += 1
        timers.append(Timer(id: nextID, period: period, start: now, fire: fire))
        return nextID
    }

    /// Stops a timer.
    func cancel(_ id: Int) {
        timers.removeAll { $0.id == id }
    }

    /// Moves to `tick` and fires the timers due then, oldest first.
    func advance(to tick: Int) {
        now = tick
        for timer in timers where tick > timer.start && (tick - timer.start) % timer.period == 0 {
            if timers.contains(where: { $0.id == timer.id }) { timer.fire() }
        }
    }
}
