// What the previews (Previews.swift) show. The overrides are registered with
// `.container { }` on a lifetime scope of the preview's own subtree: the editor's factory
// body resolves `parcelBook` through its scope and gets the preview's book, while the app
// and every other preview keep theirs.
import SampleFeatures
import Scoped
import ScopedSwiftUI
import SwiftUI

struct ParcelEditorPreview: View {
    var body: some View {
        ParcelEditorScreen(parcelID: 1)
            .lifetimeScope("parcel")
            .container { $0.parcelBook.register { @MainActor in ParcelBook.previewBook() } }
    }
}

struct HomePreview: View {
    var body: some View {
        HomeScreen()
            .lifetimeScope("home")
            .container { $0.numberSource.register { @MainActor in FixedNumbers([7]) } }   // a steady 7
    }
}

extension ParcelBook {
    /// One parcel, so that the preview shows data no user has.
    static func previewBook() -> ParcelBook {
        ParcelBook(parcels: [Parcel(
            id: 1,
            recipient: Person(firstName: "Preview", lastName: "Person", street: "1 Canvas Street"),
            sender: Person(firstName: "Xcode", lastName: "Previews", street: "Cupertino"),
            contents: ["Sample"]
        )])
    }
}
