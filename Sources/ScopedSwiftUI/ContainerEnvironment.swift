import Scoped

/// What a view's environment carries for Scoped: the nearest container of each container
/// type, innermost first.
///
/// `View.lifetimeScope(_:)` and `View.container(_:)` add to it for
/// their subtree; `@ScopedObject` and `@ScopedObservable` read it. Where no view has
/// put a container of a type in, the type's `shared` instance stands in, so a view tree
/// without any Scoped modifier resolves exactly as `Container.shared` does.
///
/// ```swift
/// var environment = ContainerEnvironment()
/// environment[Container.self] === Container.shared      // true
/// environment = environment.with(flow)
/// environment[Container.self] === flow                  // true
/// ```
public struct ContainerEnvironment: Sendable {
    private var containers: [any SharedContainer] = []

    /// An environment holding no container: every type resolves to its `shared` instance.
    public init() {}

    /// The nearest container of type `C`, or `C.shared` if none was put in.
    ///
    /// - Parameter type: The container type.
    public subscript<C: SharedContainer>(_ type: C.Type) -> C {
        for container in containers.reversed() {
            if let match = container as? C { return match }
        }
        return C.shared
    }

    /// This environment with `container` as the nearest container of its type.
    ///
    /// - Parameter container: A root or a lifetime scope.
    /// - Returns: The environment for the subtree below.
    public func with<C: SharedContainer>(_ container: C) -> ContainerEnvironment {
        var copy = self
        copy.containers.removeAll { $0 is C }
        copy.containers.append(container)
        return copy
    }
}
