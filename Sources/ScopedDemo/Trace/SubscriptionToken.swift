/// A Combine- or KVO-style subscription a view model opens in `init` and cancels when it
/// is destroyed (RAII, as an `AnyCancellable` does): seeds 000 (Combine chains between
/// view models), 001 (a KVO publisher observed by the view model) and 004 ("subscribe and
/// unsubscribe" in `init`/`deinit`). The trace records both ends, so a view model rebuilt
/// on every render shows the subscriptions it churns, and one never released the
/// subscription it leaks.
@MainActor
final class SubscriptionToken {
    private let trace: LifecycleTrace?
    private let owner: String
    private let source: String
    /// What the trace says ended it: its owner's `deinit` unless someone cancels it first.
    var cancelCause = "its owner went"

    /// Opens a subscription of `owner` to `source` (traced as `sub.open`).
    init(owner: InstanceRecord?, source: String) {
        trace = TraceContext.current
        self.owner = owner?.label ?? "?"
        self.source = source
        trace?.log(.subscriptionOpened, self.owner, "to \(source)")
    }

    deinit {
        guard let trace else { return }
        let owner = self.owner, source = self.source, cause = cancelCause
        MainActor.assumeIsolated { trace.log(.subscriptionCancelled, owner, "from \(source) (\(cause))") }
    }
}
