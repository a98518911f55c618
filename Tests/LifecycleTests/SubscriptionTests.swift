import Testing
@testable import ScopedDemo

/// Combine/KVO-style subscriptions opened in `init` and cancelled with their view model:
/// rebuilt view models churn them, unreleased ones leak them.
@Suite struct SubscriptionTests {
    @MainActor
    @Test func eachSubscriptionIsCancelledInTheTickItsViewModelGoes() {
        for scenario in ScenarioCatalog.all {
            for result in scenario.run(seed: 42, ticks: 12) {
                for event in result.events where event.kind == .subscriptionCancelled {
                    let owner = result.instances.first { $0.label == event.subject }
                    #expect(owner?.releasedTick == event.tick, "\(scenario.name): \(event.subject)")
                }
                let opened = result.events.filter { $0.kind == .subscriptionOpened }.map(\.subject)
                #expect(Set(opened).count == opened.count, "one subscription per instance in \(scenario.name)")
            }
        }
    }

    @MainActor
    @Test func rebuiltViewModelsChurnAndHeldOnesLeak() throws {
        let churn = try results(of: "observed-object")[0]
        #expect(churn.events.filter { $0.kind == .subscriptionOpened }.map(\.tick) == [1, 2, 4, 6, 9, 10])
        #expect(churn.events.filter { $0.kind == .subscriptionCancelled }.map(\.tick) == [2, 4, 6, 7, 10, 11])
        let once = try results(of: "stateobject-autoclosure")[0]
        #expect([once.subscriptionsOpened, once.subscriptionsCancelled] == [2, 2])
        // `.shared` destinations held by the list: three subscriptions open at the end.
        let leak = try results(of: "navigationlink-matrix")[2]
        #expect([leak.subscriptionsOpened, leak.subscriptionsCancelled] == [3, 0])
        let eager = try results(of: "navigationlink-eager")[0]
        #expect([eager.subscriptionsOpened, eager.subscriptionsCancelled] == [21, 18])
    }
}
