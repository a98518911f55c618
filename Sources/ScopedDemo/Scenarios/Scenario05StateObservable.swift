extension Scenario {
    /// 5. Sheet + `@State` holding an `@Observable` view model assigned in `init` (Apple's
    /// migration guide): the node keeps the first, but one is built — eagerly — for every
    /// description (the iOS 17 regression).
    static var stateObservable: Scenario {
        Scenario(
            number: 5, name: "state-observable",
            explanation: "sheet + @State + @Observable: state kept, but built on every render and eagerly (the iOS 17 regression)",
            usesScoped: false,
            variants: [
                Variant(label: "sheet + @State + @Observable", script: Script.sheet) { stage in
                    ContentView(numbers: stage.numbers) { number in
                        ObservableCounterView(initialValue: number)
                    }
                },
            ])
    }
}

/// The `@Observable` migration: `@State` instead of `@StateObject`, the view model
/// assigned in `init` — evaluated with every description.
struct ObservableCounterView: View {
    @State private var viewModel: CounterViewModel

    init(initialValue: Int) {
        viewModel = CounterViewModel(initialValue: initialValue)
    }

    var body: ViewContent {
        Text("count \(viewModel.count)")
        Button("Increment") { viewModel.increment() }
    }
}
