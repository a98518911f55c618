import Scoped
import Testing

// Observers that resolve from the container they observe (Diagnostics article: "an
// observer may resolve"): a logger resolved on `created` is found, not reported as a
// cycle, and an observer's own resolves raise no events it would receive again.

/// A logger the observer resolves from the container.
private final class EventLogger: Sendable {
    let lines = Collected<String>()
}

private final class Service: Sendable {}

extension Container {
    fileprivate var eventLogger: Factory<EventLogger> { self { EventLogger() }.cached }
    fileprivate var service: Factory<Service> { self { Service() }.cached }
}

@Suite struct ObserverReentrancyTests {
    /// The observer resolves the logger on the logger's own `created` event. Before the
    /// fix, `created` was raised while the build was still marked in flight and the
    /// process stopped with "circular dependency: eventLogger (EventLogger) → eventLogger".
    @Test func anObserverResolvingTheInstanceJustCreatedFindsIt() async {
        await #expect(processExitsWith: .success) {
            let container = Container()
            let observation = container.observe { event in
                container.eventLogger().lines.append("\(event.kind) \(event.registration ?? "-")")
            }
            let logger = container.eventLogger()
            precondition(container.eventLogger() === logger)
            withExtendedLifetime(observation) {}
        }
    }

    /// The logger exists before the observer: every event the observer receives makes it
    /// resolve the logger (a `reused` event). Before the fix each of those re-entered the
    /// observer until the stack overflowed; now the observer's own activity is not
    /// reported to it, and it sees exactly the app's events.
    @Test func anObserversOwnResolvesAreNotReportedToIt() {
        let container = Container()
        let logger = container.eventLogger()
        let observation = container.observe { event in
            container.eventLogger().lines.append("\(event.kind) \(event.registration ?? "-")")
        }
        let service = container.service()
        #expect(container.service() === service)
        #expect(logger.lines.all == ["created service", "reused service"])
        withExtendedLifetime(observation) {}
    }
}
