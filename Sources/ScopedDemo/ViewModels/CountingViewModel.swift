/// A view model that counts taps: the state whose survival the scenarios check. The
/// counter sheet's, the pushed detail screen's and the bottom bar's view models are
/// this, started at different values and traced under their own names.
@MainActor
class CountingViewModel: TracedObject, ObservableObject {
    private var storedCount: Int
    /// The subscription it opens in `init` and cancels when destroyed.
    private var subscription: SubscriptionToken?

    /// - Parameters:
    ///   - initialCount: The count shown before the first tap.
    ///   - detail: What the trace shows next to the instance's label.
    ///   - subscribesInInit: Whether `init` opens the subscription (RAII), or
    ///     ``openSubscription()`` will.
    init(initialCount: Int, detail: String, subscribesInInit: Bool = true) {
        storedCount = initialCount
        super.init(detail: detail)
        if subscribesInInit { openSubscription() }
    }

    /// Opens the subscription to its model's changes, unless it is open.
    func openSubscription() {
        guard subscription == nil else { return }
        subscription = SubscriptionToken(owner: lifeline, source: "its model's changes")
    }

    /// Cancels the subscription, if open, naming what cancelled it.
    func cancelSubscription(by cause: String) {
        subscription?.cancelCause = cause
        subscription = nil
    }

    /// The count shown on screen.
    var count: Int {
        observation.access()
        return storedCount
    }

    /// The user taps "Increment".
    func increment() {
        observation.willChange()
        storedCount += 1
    }
}
