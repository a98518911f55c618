/// Seed 004's conclusion as a view model (scenario 14): an item screen's counter whose
/// work — a subscription to its model's changes — is either opened in `init` and cancelled
/// by `deinit` (RAII), or opened and cancelled by its view's `onAppear`/`onDisappear`.
@MainActor
final class WorkViewModel: CountingViewModel {
    init(id: Int, startsWorkInInit: Bool) {
        super.init(initialCount: 0, detail: "id: \(id)", subscribesInInit: startsWorkInInit)
    }

    /// The screen came on screen.
    func startWork() { openSubscription() }

    /// The screen left the screen.
    func stopWork() { cancelSubscription(by: "onDisappear") }
}
