// The parcels flow (seed 001's package editor) in a NavigationStack: the flow's lifetime
// scope owns the list, each pushed screen's scope owns its editor, the book is cached in
// the root; and the preview's `.container { }` override reaches the editor.
import SampleFeatures
import ScopedTesting
import Testing

@MainActor
@Suite(.container)
struct ParcelFlowTests {
    @Test func theEditorIsBuiltOnPushAndReleasedOnPopTheListWithTheFlow() {
        let tracker = LifecycleTracker(observing: Container.shared)
        let flow = Container.shared.child("parcels")          // .lifetimeScope on the NavigationStack
        let list = flow.parcelList()
        tracker.watch(list)
        #expect(list.rows.map(\.title) == ["to Ada Lovelace, 2 items", "to Alan Turing, 1 item", "to Edsger Dijkstra, 3 items"])
        tracker.expectBuilt(ParcelEditorViewModel.self, times: 0)   // rows hold ids only

        let pushed = flow.child("parcel")                      // .lifetimeScope in navigationDestination
        let editor = pushed.parcelEditor(2)
        tracker.watch(editor)
        #expect(pushed.parcelEditor(2) === editor)             // re-renders of the pushed screen
        tracker.expectBuiltOnce(ParcelEditorViewModel.self)
        pushed.close()                                         // pop
        _ = consume editor
        tracker.expectReleased(ParcelEditorViewModel.self)
        tracker.expectAlive(ParcelListViewModel.self)

        flow.close()                                           // the flow's sheet dismissed
        _ = consume list
        tracker.expectReleased(ParcelListViewModel.self)
        tracker.expectAlive(ParcelBook.self)                   // .cached: the root keeps the parcels
    }

    @Test func theEditorSavesTheRecipientToTheBook() {
        let editor = Container.shared.child("parcel").parcelEditor(1)
        #expect(editor.summary == "From Grace Hopper to Ada Lovelace, 12 Engine Lane: 2 items")
        #expect(!editor.hasChanges)
        editor.lastName = "King"
        editor.street = "1 Ockham Park"
        #expect(editor.hasChanges)
        #expect(editor.summary == "From Grace Hopper to Ada King, 1 Ockham Park: 2 items")
        editor.save()
        let book = Container.shared.parcelBook()
        #expect(book.parcel(id: 1)?.recipient == Person(firstName: "Ada", lastName: "King", street: "1 Ockham Park"))
        #expect(Container.shared.parcelList().rows.first?.title == "to Ada King, 2 items")
    }

    @Test func thePreviewsOverrideReachesTheEditorItsSubtreeBuildsAndNothingElse() {
        // What `.container { $0.parcelBook.register { … } }` does for the preview's subtree.
        let preview = Container.shared.child("overrides")
        preview.parcelBook.register { @MainActor in
            ParcelBook(parcels: [Parcel(
                id: 1, recipient: Person(firstName: "Preview", lastName: "Person", street: "1 Canvas Street"),
                sender: Person(firstName: "Xcode", lastName: "Previews", street: "Cupertino"), contents: ["Sample"])])
        }
        let previewed = preview.child("parcel").parcelEditor(1)
        #expect(previewed.summary == "From Xcode Previews to Preview Person, 1 Canvas Street: 1 item")
        // The rest of the app keeps the real book.
        let app = Container.shared.child("parcel").parcelEditor(1)
        #expect(app.summary == "From Grace Hopper to Ada Lovelace, 12 Engine Lane: 2 items")
    }

    @Test func theSamplesGraphIsSound() {
        validateGraph(roots: [\.parcelBook, \.numberSource], flows: [\.parcelList, \.numberFeed]) { root in
            _ = root.child("parcel").parcelEditor(1)
            _ = root.counter(initialValue: 1)()
        }
    }
}
