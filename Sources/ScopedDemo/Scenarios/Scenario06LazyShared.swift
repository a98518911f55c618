import Scoped

extension Scenario {
    /// 6. Sheet + a Scoped thunk: the view gets a `Lazy` over the `.shared` factory.
    /// Making a thunk builds nothing, so re-created descriptions cost nothing; the view
    /// resolves it in its own body — lazily, once — and dismissing releases it.
    static var lazyShared: Scenario {
        Scenario(
            number: 6, name: "lazy-shared",
            explanation: "sheet + Scoped Lazy over .shared: built lazily and once per presentation, deinit on dismiss",
            usesScoped: true,
            variants: [
                Variant(label: "sheet + Scoped Lazy over .shared", script: Script.sheet) { stage in
                    let container = stage.makeContainer()
                    return ContentView(numbers: stage.numbers) { number in
                        LazyCounterView(viewModel: container.counter(initialValue: number).lazy)
                    }
                },
            ])
    }
}

/// A counter view given a thunk. `@State` keeps the first thunk (later descriptions'
/// thunks are never called); `body` resolves it, so the view model is built when the
/// view first renders and lives as long as the view.
struct LazyCounterView: View {
    @State private var viewModel: Lazy<CounterViewModel>

    init(viewModel: Lazy<CounterViewModel>) {
        _viewModel = State(wrappedValue: viewModel)
    }

    var body: ViewContent {
        let viewModel = self.viewModel()
        Text("count \(viewModel.count)")
        Button("Increment") { viewModel.increment() }
    }
}
