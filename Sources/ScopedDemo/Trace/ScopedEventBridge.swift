import Scoped

extension LifecycleTrace {
    /// Feeds Scoped's event stream of `container` (and its lifetime scopes) into this trace,
    /// naming instances by their trace labels.
    ///
    /// - Parameter container: A scenario's own root container.
    /// - Returns: The observation; cancel it when the scenario ends.
    func observe(_ container: Container) -> LifecycleObservation {
        container.observe { [self] event in
            // The demo checks leaks at once, on the main actor (`Stage.checkLeaks`); a check
            // after a grace period arrives later, on a Dispatch queue: not for this trace.
            if event.kind == .leaked && event.leak?.seconds != 0 { return }
            // The simulation is single-threaded on the main actor, and Scoped calls
            // observers on the thread that caused the event.
            MainActor.assumeIsolated { self.record(event) }
        }
    }

    /// Turns one Scoped event into a trace event.
    func record(_ event: LifecycleEvent) {
        guard isRecording else { return }
        let container = containerLabel(event.container)
        let registration = event.registration.map { name in
            name + (event.parameter.map { "[\($0)]" } ?? "")
        } ?? "?"
        let instance = label(of: event.instance) ?? event.typeName ?? "?"
        let scope = event.scope.map { ".\($0)" } ?? ""
        switch event.kind {
        case .created:
            log(.scopedCreated, instance, "\(registration) \(scope) in \(container)")
        case .reused:
            if let identity = event.instance, let record = record(of: identity) { record.markReused(at: tick) }
            log(.scopedReused, instance, "\(registration) \(scope) in \(container)")
        case .released:
            log(.scopedReleased, instance, "\(registration) \(scope) by \(container)")
        case .reset:
            log(.scopedReset, container, event.scope ?? "")
        case .captiveDependency:
            log(.scopedCaptive, registration, "captures \(event.dependency ?? "?") in \(container)")
        case .scopeOpened:
            log(.scopedOpened, container, "lifetime scope opened")
        case .scopeClosed:
            log(.scopedClosed, container, "lifetime scope closed")
        case .leaked:
            log(.scopedLeaked, instance, "\(registration) \(scope) released by \(container), still alive")
        case .buildStalled, .misuse:
            break  // the demo builds synchronously and misuses nothing: neither is ever raised
        }
    }
}
