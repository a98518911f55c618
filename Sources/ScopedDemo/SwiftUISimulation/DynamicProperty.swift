import ScopedSwiftUIOnModel

/// A property of a view description that the node backs with storage of its own
/// (`@StateObject`, `@State`), installed before every `body` run.
///
/// As in SwiftUI, the renderer finds them by reflecting over the description's stored
/// properties (`_viewModel` for `@StateObject var viewModel`).
@MainActor
protocol DynamicProperty {
    /// Connects this description's property to `node`'s storage under `key`.
    ///
    /// - Parameters:
    ///   - node: The real view the description now belongs to.
    ///   - key: The property's place in the description (its stored name).
    func install(in node: ViewNode, key: String)
}

/// Where a dynamic property of a description finds its value: a place in a node's storage.
@MainActor
final class NodeLocation {
    private weak var node: ViewNode?
    private var key = ""

    /// Points this location at `key` in `node`'s storage.
    func bind(to node: ViewNode, key: String) {
        self.node = node
        self.key = key
    }

    /// Whether the location has been installed in a node.
    var isBound: Bool { node != nil }

    /// The stored value, if the node still exists and holds one.
    var value: Any? { node?.storedValue(for: key) }

    /// The node's environment, if the location is installed.
    var containers: ContainerEnvironment? { node?.containers }

    /// Replaces the stored value and makes the node render again.
    func set(_ newValue: Any) {
        guard let node else { return }
        node.store(newValue, for: key)
        node.invalidate()
    }
}
