/// The parent screen's view model as seed 000's multilevel MVVM builds it: it creates its
/// children's view models and owns them strongly (child A owns a third level, `A.1`), so
/// they outlive the child views — hiding a view costs nothing — and go with the parent.
/// Numbers go down the levels, taps come up (scenario 9, second row).
@MainActor
final class OwningParentViewModel: TracedObject, ObservableObject {
    private let numbers: RandomSource
    private var storedNumber = 0
    private var storedTotal = 0
    /// The children, held strongly.
    let children: [ChildViewModel]

    init(numbers: RandomSource) {
        self.numbers = numbers
        let childA = ChildViewModel(label: "A", parent: nil)
        childA.own(ChildViewModel(label: "A.1", parent: nil))
        children = [childA, ChildViewModel(label: "B", parent: nil)]
        super.init()
        for child in children {
            child.onIncrement = { [weak self] in self?.childDidIncrement() }
        }
    }

    /// The number the parent picked last.
    var number: Int {
        observation.access()
        return storedNumber
    }

    /// Taps reported by the children (and their children).
    var total: Int {
        observation.access()
        return storedTotal
    }

    /// Parent → child → grandchild: the timer picks a number and every level hears of it.
    func pickNumber() {
        observation.willChange()
        storedNumber = numbers.next()
        for child in children { child.parentNumberChanged(to: storedNumber) }
    }

    /// Child → parent: a child (or grandchild) was tapped.
    private func childDidIncrement() {
        observation.willChange()
        storedTotal += 1
    }
}
