/// The view model of a pushed item screen (scenarios 7 and 8): counts taps from zero.
@MainActor
final class DetailViewModel: TracedObject, ObservableObject {
    /// The item shown.
    let id: Int
    private var storedCount = 0

    init(id: Int) {
        self.id = id
        super.init(detail: "id: \(id)")
    }

    /// The count shown on screen.
    var count: Int {
        observation.access()
        return storedCount
    }

    /// The user taps "Increment".
    func increment() {
        observation.willChange()
        storedCount += 1
    }
}
