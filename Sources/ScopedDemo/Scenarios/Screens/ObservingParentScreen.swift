/// Seed 000's starting point (the "previous article" it recalls): the parent screen builds
/// its children's view models in its body and hands them to `@ObservedObject` child views,
/// three levels deep (parent → A → A.1, and B). Every parent re-render makes new child
/// descriptions with new view models, so A and B restart from zero; A's re-render does the
/// same to A.1: the failure runs down the chain.
struct ObservingParentScreen: View {
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
            ObservingChildView(viewModel: ChildViewModel(label: "A", parent: viewModel), parent: viewModel, childLabel: "A.1")
            ObservingChildView(viewModel: ChildViewModel(label: "B", parent: viewModel), parent: viewModel, childLabel: nil)
        }
    }
}

/// A child view observing the view model its description was given; it builds its own
/// child's (if any) in its body, the same way.
struct ObservingChildView: View {
    @ObservedObject var viewModel: ChildViewModel
    let parent: ParentViewModel
    let childLabel: String?

    var body: ViewContent {
        Text("\(viewModel.label) count \(viewModel.count)")
        Text("\(viewModel.label) sees \(viewModel.parentNumber)")
        Button("\(viewModel.label) +1") { viewModel.increment() }
        if let childLabel {
            ObservingChildView(viewModel: ChildViewModel(label: childLabel, parent: parent), parent: parent, childLabel: nil)
        }
    }
}
