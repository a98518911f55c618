import Scoped

/// What a view's environment carries for Scoped: the containers views above it put in,
/// innermost last.
///
/// `View.lifetimeScope(_:)` and `View.container(_:)` add to it for
/// their subtree; `@ScopedObject` and `@ScopedObservable` read it. The subscript gives the
/// nearest *open* container of a type: where no view has put one in, the type's `shared`
/// instance stands in, so a view tree without any Scoped modifier resolves exactly as
/// `Container.shared` does; where app code closed a lifetime scope that a view is still
/// rendered under (a dismissal in progress), the scope's nearest open ancestor in the
/// environment stands in, so nothing resolves through a closed scope and stops the process.
/// ``lifetimeScope(_:)`` is the view's own scope itself, closed or not.
///
/// ```swift
/// var environment = ContainerEnvironment()
/// environment[Container.self] === Container.shared      // true
/// environment = environment.with(flow)
/// environment[Container.self] === flow                  // true
/// ```
///
/// Two environments are equal when they hold the same containers (by identity) in the
/// same order: SwiftUI compares an environment value's old and new value to decide which
/// views read a changed value, so a parent's re-render that hands down the same scopes
/// re-renders none of the views that read them.
public struct ContainerEnvironment: Sendable, Equatable {
    /// Innermost last. Outer containers of a type stay (behind the inner one) so that a
    /// closed scope can fall back to its nearest open ancestor.
    private var containers: [any SharedContainer] = []

    /// An environment holding no container: every type resolves to its `shared` instance.
    public init() {}

    /// The nearest open container of type `C`, or `C.shared` if none was put in.
    ///
    /// - Parameter type: The container type.
    public subscript<C: SharedContainer>(_ type: C.Type) -> C {
        InjectionContainers.nearest(type, in: containers)
    }

    /// The innermost container of type `C` that views above put in — the view's own
    /// lifetime scope — whether it is closed or not; nil where none was put in.
    ///
    /// Unlike the subscript, which passes over closed scopes, this is the scope itself: a
    /// `.task` that outlives its view (the screen was popped) sees it closed and stops.
    ///
    /// - Parameter type: The container type.
    /// - Returns: The innermost container of that type, or nil.
    public func lifetimeScope<C: SharedContainer>(_ type: C.Type = Container.self) -> C? {
        containers.last { $0 is C } as? C
    }

    /// This environment with `container` as the nearest container of its type.
    ///
    /// - Parameter container: A root or a lifetime scope.
    /// - Returns: The environment for the subtree below.
    public func with<C: SharedContainer>(_ container: C) -> ContainerEnvironment {
        var copy = self
        copy.containers.append(container)
        return copy
    }

    /// Runs `operation` with this environment's containers as the ones `@Injected`,
    /// `@LazyInjected` and `@WeakLazyInjected` resolve through (in place of `shared`).
    func injecting<R>(_ operation: () throws -> R) rethrows -> R {
        try InjectionContainers.resolving(through: containers, operation)
    }

    /// Whether both hold the same containers, by identity, in the same order.
    public static func == (lhs: ContainerEnvironment, rhs: ContainerEnvironment) -> Bool {
        lhs.containers.count == rhs.containers.count
            && zip(lhs.containers, rhs.containers).allSatisfy { $0 === $1 }
    }
}
