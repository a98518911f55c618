import Scoped

/// Scenario 9 with Scoped: the parent screen lives in a lifetime scope (`flow`); its view
/// model and its children's are `.scoped` there, so hiding a child view destroys only
/// the view.
struct ScopedParentScreen: View {
    let flow: Container
    let viewModel: Lazy<ParentViewModel>
    @State private var showChildren = true

    init(flow: Container) {
        self.flow = flow
        viewModel = flow.parentViewModel.lazy
    }

    var body: ViewContent {
        let viewModel = self.viewModel()
        Text("number \(viewModel.number) · total \(viewModel.total)")
            .task(every: 2) { viewModel.pickNumber() }
        Button("Toggle children") { showChildren.toggle() }
        if showChildren {
            ScopedChildView(viewModel: flow.childViewModel.lazy("A"))
            ScopedChildView(viewModel: flow.childViewModel.lazy("B"))
        }
    }
}

/// A child view given a thunk over the child's `.scoped` factory.
struct ScopedChildView: View {
    let viewModel: Lazy<ChildViewModel>

    var body: ViewContent {
        let viewModel = self.viewModel()
        Text("\(viewModel.label) count \(viewModel.count)")
        Text("\(viewModel.label) sees \(viewModel.parentNumber)")
        Button("\(viewModel.label) +1") { viewModel.increment() }
    }
}
