/// The counter sheet's view model (the articles' `CounterViewModel`): starts at the
/// number the parent picked and counts taps. Prints nothing; its `init` and `deinit` go
/// to the trace.
///
/// The same class stands for the `ObservableObject` version (scenarios 1–4, 6) and the
/// `@Observable` one (scenario 5): the simulation observes both the same way.
@MainActor
final class CounterViewModel: TracedObject, ObservableObject {
    private var storedCount: Int

    init(initialValue: Int) {
        storedCount = initialValue
        super.init(detail: "initialValue: \(initialValue)")
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
