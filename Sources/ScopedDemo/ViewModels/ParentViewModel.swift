/// The parent screen's view model in multilevel MVVM (scenario 9): picks a new number
/// every 2 seconds and propagates it to its children; children report taps back through
/// a callback, which the parent sums.
@MainActor
final class ParentViewModel: TracedObject, ObservableObject {
    private let numbers: RandomSource
    private var storedNumber = 0
    private var storedTotal = 0
    private var children: [WeakChild] = []

    init(numbers: RandomSource) {
        self.numbers = numbers
        super.init()
    }

    /// The number the parent picked last.
    var number: Int {
        observation.access()
        return storedNumber
    }

    /// Taps reported by the children.
    var total: Int {
        observation.access()
        return storedTotal
    }

    /// Parent → child: the timer picks a number and every child hears of it.
    func pickNumber() {
        observation.willChange()
        storedNumber = numbers.next()
        for child in children.compactMap(\.child) { child.parentNumberChanged(to: storedNumber) }
    }

    /// Links a child (held weakly: the parent never keeps a child alive) and wires its callback.
    func adopt(_ child: ChildViewModel) {
        children.removeAll { $0.child == nil }
        children.append(WeakChild(child: child))
        child.parentNumberChanged(to: storedNumber)
        child.onIncrement = { [weak self] in self?.childDidIncrement() }
    }

    /// Child → parent: a child was tapped.
    private func childDidIncrement() {
        observation.willChange()
        storedTotal += 1
    }

    private struct WeakChild {
        weak var child: ChildViewModel?
    }
}
