// Seed 001's package editor as a NavigationStack flow: a list of parcels, and an editor
// of a parcel's recipient pushed for the row tapped. The flow's lifetime scope (opened by
// HomeScreen) owns the list's view model; each pushed editor gets a scope of its own.
import SampleFeatures
import ScopedSwiftUI
import SwiftUI

struct ParcelsFlow: View {
    @ScopedObservable(\.parcelList) private var list: ParcelListViewModel

    var body: some View {
        NavigationStack {
            List(list.rows) { row in
                NavigationLink(value: row.id) { Text(row.title) }    // a value: nothing built per row
            }
            .navigationDestination(for: Int.self) { id in
                ParcelEditorScreen(parcelID: id).lifetimeScope("parcel")   // built on push, released on pop
            }
        }
    }
}

struct ParcelEditorScreen: View {
    @ScopedObservable private var editor: ParcelEditorViewModel

    init(parcelID: Int) {
        _editor = ScopedObservable(\.parcelEditor, parcelID)
    }

    var body: some View {
        VStack(spacing: 12) {
            TextField("First name", text: $editor.firstName)
            TextField("Last name", text: $editor.lastName)
            TextField("Street", text: $editor.street)
            Text(editor.summary)
            if editor.hasChanges {
                Button("Save") { editor.save() }
            }
        }
    }
}
