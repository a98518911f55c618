/// What the simulated renderer is doing right now: mounting a node (installing its
/// `@StateObject`/`@State` storage) or running its `body`. An instance built meanwhile
/// records it, which tells whether it was built lazily by its own view or eagerly while a
/// parent was making descriptions.
struct RenderActivity: Equatable, Sendable {
    enum Phase: Sendable {
        /// The node is being created: `@StateObject` autoclosures run now.
        case mounting
        /// The node's `body` is running: child descriptions are being made.
        case body
        /// On the model of SwiftUI: the graph makes a description after the body returned
        /// (a `ForEach` row, a sheet's content), for the nearest named view.
        case afterBody
    }

    /// The node's number within the run.
    let nodeID: Int
    /// The nearest view with a name of its own (`ContentView`, not its `.sheet` modifier).
    let viewName: String
    /// Mounting or body.
    let phase: Phase

    /// `while mounting CounterView` or `in ContentView.body`.
    var description: String {
        switch phase {
        case .mounting: return "while mounting \(viewName)"
        case .body: return "in \(viewName).body"
        case .afterBody: return "after \(viewName).body"
        }
    }
}
