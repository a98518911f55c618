/// The state behind a container: its instances, overrides, observers and place in the
/// tree of lifetime scopes.
///
/// You create one per container and otherwise leave it alone; the container's API
/// (``SharedContainer``) is the way to use it.
///
/// ```swift
/// final class AppContainer: SharedContainer {
///     static let shared = AppContainer()
///     let manager: ContainerManager
///     init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
/// }
/// ```
public final class ContainerManager: Sendable {
    /// Everything the manager keeps; the node is what lifetime scopes, the registry and
    /// events refer to (weakly), so that nothing ever refers to the manager weakly and
    /// retaining it on every resolve stays an inline atomic increment.
    @usableFromInline package let node: ScopeNode

    /// Makes the state for a new root container.
    public convenience init() {
        self.init(node: ScopeNode())
    }

    package init(node: ScopeNode) {
        self.node = node
    }
}
