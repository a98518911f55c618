/// Fact modelled here: the parent's `.task { while true { sleep 2 s; number = .random } }`.
/// It starts when its node appears and is cancelled when the node leaves; the clock is
/// simulated, so it fires on every even tick and nothing sleeps.
struct TimerTask: View {
    static var isPrimitive: Bool { true }
    let base: any View
    private let registration: TimerRegistration

    init(base: any View, period: Int, action: @escaping () -> Void) {
        self.base = base
        registration = TimerRegistration(period: period, action: action)
    }

    var body: ViewContent { return [base] }
}

extension View {
    /// Runs `action` every `period` simulated seconds while this view is on screen.
    func task(every period: Int, _ action: @escaping () -> Void) -> TimerTask {
        TimerTask(base: self, period: period, action: action)
    }
}

/// Starts the timer when its node mounts (with the first description's action, as a
/// started task keeps running its closure) and stops it when the node goes.
@MainActor
struct TimerRegistration: DynamicProperty {
    let period: Int
    let action: () -> Void

    func install(in node: ViewNode, key: String) {
        guard node.storedValue(for: key) == nil else { return }
        let clock = node.renderer.clock
        let trace = node.trace
        let viewName = node.viewName
        let period = self.period
        let action = self.action
        let id = clock.schedule(every: period) {
            trace.log(.timer, viewName, "every \(period)s")
            action()
        }
        node.store(TimerCancellation(clock: clock, id: id), for: key)
    }
}

/// Cancels a timer when its node's storage goes.
@MainActor
final class TimerCancellation {
    private let clock: SimulatedClock
    private let id: Int

    init(clock: SimulatedClock, id: Int) {
        self.clock = clock
        self.id = id
    }

    deinit {
        let clock = self.clock
        let id = self.id
        MainActor.assumeIsolated { clock.cancel(id) }
    }
}
