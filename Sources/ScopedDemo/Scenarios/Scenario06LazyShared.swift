import Scoped

extension Scenario {
    /// 6. Sheet + ScopedSwiftUI: the counter view resolves its `.shared` view model with
    /// `@ScopedObject`. A description builds nothing, so re-created descriptions cost
    /// nothing; the node's slot resolves in its first body — lazily, once — and dismissing
    /// destroys the node and with it the slot, the last holder: the view model is released.
    static var lazyShared: Scenario {
        Scenario(
            number: 6, name: "lazy-shared",
            explanation: "sheet + @ScopedObject over .shared: built lazily and once per presentation, deinit on dismiss",
            usesScoped: true,
            variants: [
                Variant(label: "sheet + @ScopedObject over .shared", script: Script.sheet) { stage in
                    ContentView(numbers: stage.numbers) { number in
                        ScopedCounterView(initialValue: number)
                    }
                    .container(stage.makeContainer())
                },
            ])
    }
}

/// A counter view whose view model is resolved from the environment's container on first
/// read; the first description's `initialValue` is the one used.
struct ScopedCounterView: View {
    @ScopedObject private var viewModel: CounterViewModel

    init(initialValue: Int) {
        _viewModel = ScopedObject { $0.counter(initialValue: initialValue)() }
    }

    var body: ViewContent {
        Text("count \(viewModel.count)")
        Button("Increment") { viewModel.increment() }
    }
}
