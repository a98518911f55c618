/// The bottom bar's view model in the init-log scenario (10): needs the entry store from
/// the container (`init(entryStore:)`) and counts taps.
@MainActor
final class BottomBarViewModel: TracedObject, ObservableObject {
    private let entryStore: EntryStore
    private var storedCount = 0

    init(entryStore: EntryStore) {
        self.entryStore = entryStore
        super.init(detail: "init(entryStore: \(entryStore.lifeline?.label ?? "EntryStore"))")
    }

    /// Taps on the bar.
    var count: Int {
        observation.access()
        return storedCount
    }

    /// The user taps the bar.
    func increment() {
        observation.willChange()
        storedCount += 1
    }
}
