extension Scenario {
    /// 3. Sheet + `@StateObject` given an instance built by the caller: the node keeps the
    /// first, but every render still builds one more, which is dropped.
    static var stateObjectInjected: Scenario {
        Scenario(
            number: 3, name: "stateobject-injected",
            explanation: "sheet + @StateObject with an injected instance: state kept, but an extra instance built and dropped every render",
            group: .counterSheet, usesScoped: false,
            variants: [
                Variant(
                    label: "@StateObject, instance injected",
                    code: CardCode.contentView(sheet: #"InjectedCounterView(viewModel: CounterViewModel(initialValue: number))"#) + "\n" + #"""
                    struct InjectedCounterView: View {
                        @StateObject private var viewModel: CounterViewModel
                        init(viewModel: CounterViewModel) {
                            _viewModel = StateObject(wrappedValue: viewModel)
                        }
                    """# + "\n" + CardCode.counterBody,
                    verdict: .avoid("state kept, but one extra view model built and thrown away on every parent render", brief: "one kept, extras dropped"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): \"@StateObject and iOS 14 to the rescue\", injected instance",
                    script: Script.sheet) { stage in
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
