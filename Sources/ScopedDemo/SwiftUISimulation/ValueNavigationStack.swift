/// Fact modelled here: value-based navigation. `NavigationLink(_:value:)` carries only a
/// value and appends it to the stack's path; `navigationDestination(for:destination:)`
/// makes the destination view from the value when it is on the path — "a view to display
/// when the stack's navigation state contains a value" (Apple,
/// https://developer.apple.com/documentation/swiftui/view/navigationdestination(for:destination:)).
/// So a row costs one value, and a destination (with whatever its initialiser builds)
/// exists only for a pushed value. As with `.sheet`, the closure runs again whenever the
/// view declaring it renders; the simulation declares it on the stack, which renders on
/// push and pop. The pushed screen covers the root (ScreenVisibility.swift).
///
/// The simulation spells `NavigationStack(path: $path) { root }.navigationDestination(for:
/// Int.self) { … }` as one view and passes the path binding to its links (SwiftUI finds the
/// stack through the environment instead).
struct ValueNavigationStack: View {
    static var isPrimitive: Bool { true }
    /// Where the pushed destination sits among the stack's children (after the root).
    static let destinationSlot = 1
    let path: Binding<[Int]>
    let root: any View
    let destination: (Int) -> any View

    var body: ViewContent {
        return [root, path.wrappedValue.last.map(destination)]
    }

    /// The value on top of the path, if any.
    var pushedValue: Int? { path.wrappedValue.last }

    /// The user goes back.
    func pop() {
        path.wrappedValue.removeLast()
    }
}

/// `NavigationLink(_:value:)`: a button that pushes `value`.
struct ValueNavigationLink: View {
    static var isPrimitive: Bool { true }
    let title: String
    let value: Int
    let path: Binding<[Int]>

    var body: ViewContent {
        let path = self.path, value = self.value
        return [Button(title) { path.wrappedValue.append(value) }]
    }
}
