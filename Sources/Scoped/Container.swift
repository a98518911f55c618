/// The default container. Declare factories in extensions of it, in any module.
///
/// ```swift
/// import Scoped
///
/// extension Container {
///     var api: Factory<APIClient> { self { LiveAPIClient() }.singleton }
/// }
///
/// let api = Container.shared.api()
/// ```
///
/// `Container.shared` is the process-wide instance; `Container()` makes another,
/// independent root with its own caches and overrides (singletons are still one per
/// process: an override of a singleton on any root replaces the one every overriding
/// root shares; see <doc:ChoosingAScope#singleton-one-per-process>).
public final class Container: SharedContainer {
    /// The process-wide container (its state is ``ContainerManager/processWide()``).
    public static let shared = Container(manager: .processWide())

    /// The state behind this container: its instances, overrides, observers and place in
    /// the tree of lifetime scopes.
    public let manager: ContainerManager

    /// Makes a container on `manager`, by default a new independent root.
    ///
    /// - Parameter manager: The state to use; a new root's unless you pass one.
    public init(manager: ContainerManager = ContainerManager()) {
        self.manager = manager
        if Container.autoRegisters, manager.node.isRoot { enableAutoRegistration(of: Container.self) }
    }

    /// Whether an app declared `extension Container: AutoRegistering` (asked once).
    private static let autoRegisters = (Container.self as Any.Type) is any AutoRegistering.Type
}
