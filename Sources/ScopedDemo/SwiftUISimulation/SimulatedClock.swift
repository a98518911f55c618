/// Simulated time: one tick is one second. Nothing sleeps; the stage advances the clock
/// tick by tick and the clock fires the timers that are due.
@MainActor
final class SimulatedClock {
    private struct Timer {
        let id: Int
        let period: Int
        let fire: () -> Void
    }

    /// The current second.
    private(set) var now = 0
    private var timers: [Timer] = []
    private var nextID = 0

    /// Calls `fire` at every tick that is a multiple of `period` (after tick 0) until cancelled.
    ///
    /// - Returns: An identifier for ``cancel(_:)``.
    func schedule(every period: Int, _ fire: @escaping () -> Void) -> Int {
        nextID += 1
        timers.append(Timer(id: nextID, period: period, fire: fire))
        return nextID
    }

    /// Stops a timer.
    func cancel(_ id: Int) {
        timers.removeAll { $0.id == id }
    }

    /// Moves to `tick` and fires the timers due then, oldest first.
    func advance(to tick: Int) {
        now = tick
        for timer in timers where tick > 0 && tick % timer.period == 0 {
            if timers.contains(where: { $0.id == timer.id }) { timer.fire() }
        }
    }
}
