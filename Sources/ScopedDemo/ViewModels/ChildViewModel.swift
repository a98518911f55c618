/// A child view's view model in multilevel MVVM (scenario 9): its own tap count (the
/// state that is lost or kept), the parent's number, and a callback to the parent.
@MainActor
final class ChildViewModel: CountingViewModel {
    /// `A` or `B`.
    let label: String
    /// Called on every tap; the parent sets it when it adopts the child.
    var onIncrement: (() -> Void)?
    /// The children this view model owns (seed 000's multilevel MVVM): held strongly,
    /// told of every number this one hears, their taps reported up through this one.
    private(set) var children: [ChildViewModel] = []
    private var storedParentNumber = 0

    init(label: String, parent: ParentViewModel?) {
        self.label = label
        super.init(initialCount: 0, detail: "label: \(label)")
        parent?.adopt(self)
    }

    /// The number the parent propagated last.
    var parentNumber: Int {
        observation.access()
        return storedParentNumber
    }

    /// The user taps the child; the parent is told.
    override func increment() {
        super.increment()
        onIncrement?()
    }

    /// Parent → child: the parent picked a new number (passed on to this one's children).
    func parentNumberChanged(to number: Int) {
        observation.willChange()
        storedParentNumber = number
        for child in children { child.parentNumberChanged(to: number) }
    }

    /// Takes `child` as this view model's own: holds it strongly, propagates numbers down
    /// to it, and reports its taps up as this one's.
    func own(_ child: ChildViewModel) {
        children.append(child)
        child.parentNumberChanged(to: storedParentNumber)
        child.onIncrement = { [weak self] in self?.onIncrement?() }
    }
}
