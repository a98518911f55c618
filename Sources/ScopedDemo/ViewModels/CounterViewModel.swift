/// The counter sheet's view model (the articles' `CounterViewModel`): starts at the
/// number the parent picked and counts taps. Prints nothing; its `init` and `deinit` go
/// to the trace.
///
/// The same class stands for the `ObservableObject` version (scenarios 1–4, 6) and the
/// `@Observable` one (scenario 5): on the model of SwiftUI it is both (TracedObject.swift).
@MainActor
final class CounterViewModel: CountingViewModel {
    init(initialValue: Int) {
        super.init(initialCount: initialValue, detail: "initialValue: \(initialValue)")
    }
}
