/// The bottom bar's view model in the init-log scenario (10): needs the entry store from
/// the container (`init(entryStore:)`) and counts taps on the bar.
@MainActor
final class BottomBarViewModel: CountingViewModel {
    private let entryStore: EntryStore

    init(entryStore: EntryStore) {
        self.entryStore = entryStore
        super.init(initialCount: 0, detail: "init(entryStore: \(entryStore.lifeline?.label ?? "EntryStore"))")
    }
}
