/// Scenario 9 as seed 000 solves it: the parent screen owns one view model with
/// `@StateObject`, which owns its children's; child views only observe the instances they
/// are handed, so hiding them destroys views, not state.
struct OwningParentScreen: View {
    @StateObject private var viewModel: OwningParentViewModel
    @State private var showChildren = true

    init(numbers: RandomSource) {
        _viewModel = StateObject(wrappedValue: OwningParentViewModel(numbers: numbers))
    }

    var body: ViewContent {
        Text("number \(viewModel.number) · total \(viewModel.total)")
            .task(every: 2) { viewModel.pickNumber() }
        Button("Toggle children") { showChildren.toggle() }
        if showChildren {
            for child in viewModel.children {
                OwnedChildView(viewModel: child)
            }
        }
    }
}

/// A child view (of any level) observing the view model its parent's view model owns, and
/// showing that view model's own children below it.
struct OwnedChildView: View {
    @ObservedObject var viewModel: ChildViewModel

    var body: ViewContent {
        Text("\(viewModel.label) count \(viewModel.count)")
        Text("\(viewModel.label) sees \(viewModel.parentNumber)")
        Button("\(viewModel.label) +1") { viewModel.increment() }
        for child in viewModel.children {
            OwnedChildView(viewModel: child)
        }
    }
}
