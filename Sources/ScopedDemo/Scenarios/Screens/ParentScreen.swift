/// Scenario 9 without Scoped: the parent owns its view model with `@StateObject`; each
/// child view owns its own with `@StateObject` and is destroyed when hidden.
struct ParentScreen: View {
    @StateObject private var viewModel: ParentViewModel
    @State private var showChildren = true

    init(numbers: RandomSource) {
        _viewModel = StateObject(wrappedValue: ParentViewModel(numbers: numbers))
    }

    var body: ViewContent {
        Text("number \(viewModel.number) · total \(viewModel.total)")
            .task(every: 2) { viewModel.pickNumber() }
        Button("Toggle children") { showChildren.toggle() }
        if showChildren {
            ChildView(label: "A", parent: viewModel)
            ChildView(label: "B", parent: viewModel)
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
