/// The home screen's view model in the init-log scenario (10): refreshes itself every
/// 2 seconds, which re-evaluates the home view's body.
@MainActor
final class HomeViewModel: TracedObject, ObservableObject {
    private let numbers: RandomSource
    private var storedNumber = 0

    init(numbers: RandomSource) {
        self.numbers = numbers
        super.init()
    }

    /// The number shown.
    var number: Int {
        observation.access()
        return storedNumber
    }

    /// Picks a new number ("Triggering HomeView refresh").
    func refresh() {
        observation.willChange()
        storedNumber = numbers.next()
    }
}
