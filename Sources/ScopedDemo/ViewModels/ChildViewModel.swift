/// A child view's view model in multilevel MVVM (scenario 9): its own tap count (the
/// state that is lost or kept), the parent's number, and a callback to the parent.
@MainActor
final class ChildViewModel: TracedObject, ObservableObject {
    /// `A` or `B`.
    let label: String
    /// Called on every tap; the parent sets it when it adopts the child.
    var onIncrement: (() -> Void)?
    private var storedCount = 0
    private var storedParentNumber = 0

    init(label: String, parent: ParentViewModel?) {
        self.label = label
        super.init(detail: "label: \(label)")
        parent?.adopt(self)
    }

    /// Taps on this child.
    var count: Int {
        observation.access()
        return storedCount
    }

    /// The number the parent propagated last.
    var parentNumber: Int {
        observation.access()
        return storedParentNumber
    }

    /// The user taps the child; the parent is told.
    func increment() {
        observation.willChange()
        storedCount += 1
        onIncrement?()
    }

    func parentNumberChanged(to number: Int) {
        observation.willChange()
        storedParentNumber = number
    }
}
