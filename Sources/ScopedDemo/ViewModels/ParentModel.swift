/// What both parent view models of the multilevel scenario (9) share: a number the timer
/// picks and pushes down to the children, and the taps the children report back up. The
/// subclasses differ in how they hold their children (weakly or strongly).
@MainActor
class ParentModel: TracedObject, ObservableObject {
    private let numbers: RandomSource
    private var storedNumber = 0
    private var storedTotal = 0

    init(numbers: RandomSource) {
        self.numbers = numbers
        super.init()
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

    /// The number the parent picked last, read without subscribing the reader (for wiring
    /// a child, not for a `body`).
    var pickedNumber: Int { storedNumber }

    /// The children that hear of a new number (the subclass's).
    var listeningChildren: [ChildViewModel] { [] }

    /// Parent → child: the timer picks a number and every child hears of it.
    func pickNumber() {
        observation.willChange()
        storedNumber = numbers.next()
        for child in listeningChildren { child.parentNumberChanged(to: storedNumber) }
    }

    /// Child → parent: wires `child`'s taps to the total.
    func listen(to child: ChildViewModel) {
        child.onIncrement = { [weak self] in self?.childDidIncrement() }
    }

    private func childDidIncrement() {
        observation.willChange()
        storedTotal += 1
    }
}
