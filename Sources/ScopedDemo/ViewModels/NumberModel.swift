/// A model that shows a number and picks a new one when refreshed: what the item feed
/// (scenarios 7, 8, 11) and the init log's home view model (scenario 10) share. Each is a
/// type of its own, so the trace names it.
@MainActor
class NumberModel: TracedObject, ObservableObject {
    private let numbers: RandomSource
    private var storedNumber = 0

    init(numbers: RandomSource, role: InstanceRole = .viewModel) {
        self.numbers = numbers
        super.init(role: role)
    }

    /// The number shown.
    var number: Int {
        observation.access()
        return storedNumber
    }

    /// Picks a new number.
    func refresh() {
        observation.willChange()
        storedNumber = numbers.next()
    }
}
