/// The state behind a container: its instances, overrides, observers and place in the
/// tree of lifetime scopes.
///
/// You create one per container and otherwise leave it alone; the container's API
/// (``SharedContainer``) is the way to use it. Give a container type's `static let shared`
/// a ``processWide()`` one, and every other root a new one (`ContainerManager()`); child
/// lifetime scopes get theirs from ``SharedContainer/child(_:)``.
///
/// ```swift
/// final class AppContainer: SharedContainer {
///     static let shared = AppContainer(manager: .processWide())
///     let manager: ContainerManager
///     init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
/// }
/// ```
public final class ContainerManager: Sendable {
    /// Everything the manager keeps; the node is what lifetime scopes, the registry and
    /// events refer to, so that nothing ever refers to the manager weakly and retaining
    /// it in a factory value stays an inline atomic increment.
    @usableFromInline package let node: ScopeNode
    /// Made by ``processWide()``: never released, so factory values need not retain it.
    @usableFromInline package let isProcessWide: Bool

    /// Makes the state for a new root container.
    public convenience init() {
        self.init(node: ScopeNode())
    }

    /// Makes the state for a container that lives as long as the process: the one a
    /// container type's `static let shared` holds.
    ///
    /// ```swift
    /// final class AppContainer: SharedContainer {
    ///     static let shared = AppContainer(manager: .processWide())
    ///     let manager: ContainerManager
    ///     init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
    /// }
    /// ```
    ///
    /// It behaves like any root's state; the difference is speed. A factory value
    /// normally retains its container's manager, and every thread resolving from that
    /// container writes to the manager's reference count, one cache line they all share.
    /// A process-wide manager is never released, so factory values refer to it without
    /// retaining it: cached resolves from two threads then scale instead of contending.
    /// ``Container/shared`` is made this way.
    ///
    /// Use it only for a container that is never released either (a `static let`): the
    /// manager, its instances and overrides stay in memory until the process exits.
    ///
    /// - Returns: The state for a new root container, kept for the life of the process.
    public static func processWide() -> ContainerManager {
        let manager = ContainerManager(node: ScopeNode(), processWide: true)
        // The reference that is never given back: factory values rely on it.
        _ = UnsafeReference.retaining(manager)  // never given back: the process keeps it
        return manager
    }

    package init(node: ScopeNode, processWide: Bool = false) {
        self.node = node
        self.isProcessWide = processWide
    }

    deinit {
        // A child lifetime scope ends with the last reference to its manager: its parent
        // holds the node (to close it with the parent), so the node cannot end by itself.
        // Closing reports `scopeClosed` and releases the child's instances, newest first.
        if !node.isRoot { node.close() }
    }
}
