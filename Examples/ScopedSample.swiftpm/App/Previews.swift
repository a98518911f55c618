// Xcode's previews. `#Preview` is a macro of Apple's SDK, which CI's iOS type-check of this
// app (.ci/steps/15-apple-typecheck.sh) cannot expand: this file holds nothing else, and
// the views it shows are type-checked in PreviewScreens.swift.
import SwiftUI

#Preview("Parcel editor, preview data") { ParcelEditorPreview() }
#Preview("Home, a steady number") { HomePreview() }
#Preview("Counter sheet") { CounterSheet(initialValue: 42) }
