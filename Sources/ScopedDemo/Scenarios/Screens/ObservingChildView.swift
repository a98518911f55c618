/// Seed 000's starting point (the "previous article" it recalls), as scenario 9's fourth
/// row: `ParentScreen` builds its children's view models in its body and hands them to
/// these `@ObservedObject` child views, three levels deep (parent → A → A.1, and B). Every
/// parent re-render makes new child descriptions with new view models, so A and B restart
/// from zero; A's re-render does the same to A.1: the failure runs down the chain.
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
