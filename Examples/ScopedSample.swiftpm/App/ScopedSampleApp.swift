// The app: one window whose home screen owns a lifetime scope for as long as the window
// shows it.
import ScopedSwiftUI
import SwiftUI

@main
struct ScopedSampleApp: App {
    var body: some Scene {
        WindowGroup {
            HomeScreen().lifetimeScope("home")
        }
    }
}
