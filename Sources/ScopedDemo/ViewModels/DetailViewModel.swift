/// The view model of a pushed item screen (scenarios 7 and 8): counts taps from zero.
@MainActor
final class DetailViewModel: CountingViewModel {
    /// The item shown.
    let id: Int

    init(id: Int) {
        self.id = id
        super.init(initialCount: 0, detail: "id: \(id)")
    }
}
