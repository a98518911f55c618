/// Scenario 9 without Scoped: the parent owns its view model with `@StateObject`; its
/// children are the variant's — child views that own their view models with `@StateObject`
/// and are destroyed when hidden (9.1), or child views observing view models this body
/// builds (9.4).
struct ParentScreen: View {
    @StateObject private var viewModel: ParentViewModel
    @State private var showChildren = true
    let children: (ParentViewModel) -> ViewContent

    init(numbers: RandomSource, @ViewBuilder children: @escaping (ParentViewModel) -> ViewContent) {
        _viewModel = StateObject(wrappedValue: ParentViewModel(numbers: numbers))
        self.children = children
    }

    var body: ViewContent {
        Text("number \(viewModel.number) · total \(viewModel.total)")
            .task(every: 2) { viewModel.pickNumber() }
        Button("Toggle children") { showChildren.toggle() }
        if showChildren {
            children(viewModel)
        }
    }
}

/// A child view that owns its view model; the autoclosure links it to the parent.
struct ChildView: View {
    @StateObject private var viewModel: ChildViewModel

    init(label: String, parent: ParentViewModel) {
        _viewModel = StateObject(wrappedValue: ChildViewModel(label: label, parent: parent))
    }

    var body: ViewContent {
        Text("\(viewModel.label) count \(viewModel.count)")
        Text("\(viewModel.label) sees \(viewModel.parentNumber)")
        Button("\(viewModel.label) +1") { viewModel.increment() }
    }
}
