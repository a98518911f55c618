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
    init(initialCount: Int, detail: String) {
        storedCount = initialCount
        super.init(detail: detail)
        subscription = SubscriptionToken(owner: lifeline, source: "its model's changes")
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
