/// Fact modelled here: `NavigationLink(destination:)` takes its destination as a value, so
/// the destination's description — and whatever its initialiser builds — is made eagerly
/// on every render of the list, pushed or not. The destination's node is created only on
/// push and destroyed on pop; while pushed it receives each new description, and it
/// covers the screen holding the link (see ScreenVisibility.swift).
struct NavigationLink: View {
    /// Where the destination sits among the link's children (after its button).
    static let destinationSlot = 1

    static var isPrimitive: Bool { true }
    let title: String
    let destination: any View
    @State private var isActive = false

    /// A link showing `title` that pushes `destination` when tapped.
    init(_ title: String, destination: any View) {
        self.title = title
        self.destination = destination
    }

    var body: ViewContent {
        return [Button(title) { isActive = true }, isActive ? destination : nil]
    }

    /// Whether the destination is pushed.
    var isPushed: Bool { isActive }

    /// The user goes back.
    func pop() {
        isActive = false
    }
}
