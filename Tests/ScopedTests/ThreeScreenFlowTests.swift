import Scoped
import Testing

// The "done means": a list → detail → edit flow written against the public API.
// Each screen has a view model in a lifetime scope of its own; a store is shared by all.
// The edit and detail view models die exactly when their scopes close, the store
// survives, a child view (the notes panel) keeps its state while hidden because its
// view model lives in the detail screen's scope, and the event stream shows all of it.

/// The running test's log: the event stream's lines, the flow's steps and the view
/// models' `deinit`s, merged in the order they happened. (Not a `LifecycleTracker`: the
/// test compares one ordered text, events and deinits together.)
private enum FlowLog {
    @TaskLocal static var current: Collected<String>?
}

/// The flow's view models record their `deinit` in the log of the running test.
private func currentLog() -> Collected<String> {
    guard let log = FlowLog.current else { fatalError("ThreeScreenFlowTests: no log bound") }
    return log
}

private final class EntryStore: Sendable {
    private let titles = Locked<[Int: String]>([7: "Milk", 8: "Bread"])
    func title(_ id: Int) -> String { titles.withLock { $0[id] ?? "?" } }
    func setTitle(_ title: String, for id: Int) { titles.withLock { $0[id] = title } }
}

private final class ListViewModel: Sendable {
    let store: EntryStore
    private let log = currentLog()
    init(store: EntryStore) { self.store = store }
    var rows: [String] { [7, 8].map(store.title) }
    deinit { log.append("deinit ListViewModel") }
}

private final class DetailViewModel: Sendable {
    let id: Int
    let store: EntryStore
    private let log = currentLog()
    init(id: Int, store: EntryStore) {
        self.id = id
        self.store = store
    }
    var title: String { store.title(id) }
    deinit { log.append("deinit DetailViewModel[\(id)]") }
}

/// The detail screen's notes panel: a child view that can be hidden and shown again.
private final class NotesViewModel: Sendable {
    let draft = Locked("")
    private let log = currentLog()
    deinit { log.append("deinit NotesViewModel") }
}

private final class EditViewModel: Sendable {
    let id: Int
    let store: EntryStore
    private let log = currentLog()
    init(id: Int, store: EntryStore) {
        self.id = id
        self.store = store
    }
    func save(_ title: String) { store.setTitle(title, for: id) }
    deinit { log.append("deinit EditViewModel") }
}

extension Container {
    fileprivate var entryStore: Factory<EntryStore> { self { EntryStore() }.cached }
    fileprivate var listViewModel: Factory<ListViewModel> { self { ListViewModel(store: self.entryStore()) }.scoped }
    fileprivate var detailViewModel: ParameterFactory<Int, DetailViewModel> {
        self { DetailViewModel(id: $0, store: self.entryStore()) }.scoped.perParameter
    }
    fileprivate var notesViewModel: Factory<NotesViewModel> { self { NotesViewModel() }.scoped }
    fileprivate var editViewModel: ParameterFactory<Int, EditViewModel> {
        self { EditViewModel(id: $0, store: self.entryStore()) }.scoped
    }
}

/// `#12 created detailViewModel[7] (DetailViewModel) scoped in detail#9` without the
/// process-wide numbers, which depend on the tests running alongside:
/// `created detailViewModel[7] (DetailViewModel) scoped in detail`.
private func withoutNumbers(_ line: String) -> String {
    line.replacing(#/^#\d+ /#, with: "").replacing(#/ in (\w+)#\d+/#) { " in \($0.1)" }
}

@Suite struct ThreeScreenFlowTests {
    @Test func listDetailEditFlow() {
        let flowLog = Collected<String>()
        FlowLog.$current.withValue(flowLog) {
            runFlow(flowLog)
        }
        let log = flowLog.all
        print("Three-screen flow, event stream and deinits (numbers removed):")
        for line in log { print("  \(line)") }
        #expect(log == [
            "== open the list screen",
            "scopeOpened in list",
            "created entryStore (EntryStore) cached in root for listViewModel (ListViewModel)",
            "created listViewModel (ListViewModel) scoped in list",
            "== the list re-renders",
            "reused listViewModel (ListViewModel) scoped in list",
            "== open item 7",
            "scopeOpened in detail",
            "reused entryStore (EntryStore) cached in root for detailViewModel[7] (DetailViewModel)",
            "created detailViewModel[7] (DetailViewModel) scoped in detail",
            "== show the notes panel and type",
            "created notesViewModel (NotesViewModel) scoped in detail",
            "== hide the notes panel",
            "== show the notes panel again",
            "reused notesViewModel (NotesViewModel) scoped in detail",
            "== open the edit sheet",
            "scopeOpened in edit",
            "reused entryStore (EntryStore) cached in root for editViewModel (EditViewModel)",
            "created editViewModel (EditViewModel) scoped in edit",
            "== save and dismiss the edit sheet",
            "released editViewModel (EditViewModel) scoped in edit",
            "deinit EditViewModel",
            "scopeClosed in edit",
            "== back to the list",
            "released notesViewModel (NotesViewModel) scoped in detail",
            "deinit NotesViewModel",
            "released detailViewModel[7] (DetailViewModel) scoped in detail",
            "deinit DetailViewModel[7]",
            "scopeClosed in detail",
            "reused listViewModel (ListViewModel) scoped in list",
            "== leave the flow",
            "released listViewModel (ListViewModel) scoped in list",
            "deinit ListViewModel",
            "scopeClosed in list",
            "== the app resolves the store again",
            "reused entryStore (EntryStore) cached in root",
        ])
    }

    private func runFlow(_ log: Collected<String>) {
        let app = Container()
        app.observe(.lines { log.append(withoutNumbers($0)) })
        func step(_ name: String) { log.append("== \(name)") }

        step("open the list screen")
        let list = app.child("list")
        var listView: ListViewModel? = list.listViewModel()
        let store = listView!.store

        step("the list re-renders")
        #expect(list.listViewModel() === listView)

        step("open item 7")
        let detail = list.child("detail")
        var detailView: DetailViewModel? = detail.detailViewModel(7)
        #expect(detailView?.title == "Milk")
        #expect(detailView?.store === store)

        step("show the notes panel and type")
        var notesPanel: NotesViewModel? = detail.notesViewModel()
        notesPanel?.draft.withLock { $0 = "buy oat milk" }
        weak let notes = notesPanel

        step("hide the notes panel")
        notesPanel = nil
        #expect(notes != nil)   // the detail scope keeps it

        step("show the notes panel again")
        notesPanel = detail.notesViewModel()
        #expect(notesPanel === notes)
        #expect(notesPanel?.draft.withLock { $0 } == "buy oat milk")

        step("open the edit sheet")
        let edit = detail.child("edit")
        var editSheet: EditViewModel? = edit.editViewModel(7)
        #expect(editSheet?.store === store)
        weak let editor = editSheet

        step("save and dismiss the edit sheet")
        editSheet?.save("Oat milk")
        editSheet = nil
        #expect(editor != nil)   // alive until its scope closes…
        edit.close()
        #expect(editor == nil)   // …and not a moment longer
        #expect(detailView?.title == "Oat milk")

        step("back to the list")
        weak let detailModel = detailView
        detailView = nil
        notesPanel = nil
        #expect(detailModel != nil && notes != nil)
        detail.close()
        #expect(detailModel == nil && notes == nil)
        #expect(list.listViewModel() === listView)
        #expect(listView?.rows == ["Oat milk", "Bread"])

        step("leave the flow")
        weak let listModel = listView
        listView = nil
        list.close()
        #expect(listModel == nil)

        step("the app resolves the store again")
        #expect(app.entryStore() === store)   // the store outlives the flow
        #expect(store.title(7) == "Oat milk")
    }
}
