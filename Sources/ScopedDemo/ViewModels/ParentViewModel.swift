/// The parent screen's view model in multilevel MVVM (scenario 9): picks a new number
/// every 2 seconds and propagates it to its children; children report taps back through
/// a callback, which the parent sums.
@MainActor
final class ParentViewModel: ParentModel {
    private var children: [WeakChild] = []

    override var listeningChildren: [ChildViewModel] { children.compactMap(\.child) }

    /// Links a child (held weakly: the parent never keeps a child alive) and wires its callback.
    func adopt(_ child: ChildViewModel) {
        children.removeAll { $0.child == nil }
        children.append(WeakChild(child: child))
        child.parentNumberChanged(to: pickedNumber)
        listen(to: child)
    }

    private struct WeakChild {
        weak var child: ChildViewModel?
    }
}
