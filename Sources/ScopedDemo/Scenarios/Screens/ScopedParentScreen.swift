import Scoped

/// Scenario 9 with ScopedSwiftUI: the parent screen has a lifetime scope of its own
/// (`.lifetimeScope("parentScreen")` where it is presented); its view model and its
/// children's are `.scoped` there, resolved with `@ScopedObject` from the environment, so
/// hiding a child view destroys only the view.
struct ScopedParentScreen: View {
    @ScopedObject(\.parentViewModel) private var viewModel: ParentViewModel
    @State private var showChildren = true

    var body: ViewContent {
        Text("number \(viewModel.number) · total \(viewModel.total)")
            .task(every: 2) { viewModel.pickNumber() }
        Button("Toggle children") { showChildren.toggle() }
        if showChildren {
            ScopedChildView(label: "A")
            ScopedChildView(label: "B")
        }
    }
}

/// A child view whose view model is resolved from the nearest lifetime scope — the parent
/// screen's — on first read.
struct ScopedChildView: View {
    @ScopedObject private var viewModel: ChildViewModel

    init(label: String) {
        _viewModel = ScopedObject(\.childViewModel, label)
    }

    var body: ViewContent {
        Text("\(viewModel.label) count \(viewModel.count)")
        Text("\(viewModel.label) sees \(viewModel.parentNumber)")
        Button("\(viewModel.label) +1") { viewModel.increment() }
    }
}
