extension Scenario {
    /// 3. Sheet + `@StateObject` given an instance built by the caller: the node keeps the
    /// first, but every render still builds one more, which is dropped.
    static var stateObjectInjected: Scenario {
        Scenario(
            number: 3, name: "stateobject-injected",
            explanation: "sheet + @StateObject with an injected instance: state kept, but an extra instance built and dropped every render",
            usesScoped: false,
            variants: [
                Variant(label: "sheet + @StateObject, instance injected", script: Script.sheet) { stage in
                    ContentView(numbers: stage.numbers) { number in
                        InjectedCounterView(viewModel: CounterViewModel(initialValue: number))
                    }
                },
            ])
    }
}

/// A counter view that owns its view model with `@StateObject` but is handed an instance
/// the caller already built: the autoclosure only returns it.
struct InjectedCounterView: View {
    @StateObject private var viewModel: CounterViewModel

    init(viewModel: CounterViewModel) {
        _viewModel = StateObject(wrappedValue: viewModel)
    }

    var body: ViewContent {
        Text("count \(viewModel.count)")
        Button("Increment") { viewModel.increment() }
    }
}
