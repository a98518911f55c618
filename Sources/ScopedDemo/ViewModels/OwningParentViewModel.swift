/// The parent screen's view model as seed 000's multilevel MVVM builds it: it creates its
/// children's view models and owns them strongly (child A owns a third level, `A.1`), so
/// they outlive the child views — hiding a view costs nothing — and go with the parent.
/// Numbers go down the levels, taps come up (scenario 9, second row).
@MainActor
final class OwningParentViewModel: ParentModel {
    /// The children, held strongly.
    let children: [ChildViewModel]

    override init(numbers: RandomSource) {
        let childA = ChildViewModel(label: "A", parent: nil)
        childA.own(ChildViewModel(label: "A.1", parent: nil))
        children = [childA, ChildViewModel(label: "B", parent: nil)]
        super.init(numbers: numbers)
        for child in children { listen(to: child) }
    }

    override var listeningChildren: [ChildViewModel] { children }
}
