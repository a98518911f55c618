// Global resolve functions (Factory's `dependency(_:)`): resolve a key path's factory
// from the container `@Injected` would use — the type's `shared` instance, or, while a
// view model is built for a view, the view's nearest container of that type.

/// Resolves `keyPath`'s factory from `Container.shared`: a stored property can take its
/// dependency without a property wrapper.
///
/// ```swift
/// final class SyncService {
///     let api: APIClient = dependency(\.api)
/// }
/// ```
///
/// While ScopedSwiftUI builds a view model for a view, the container is the view's
/// nearest `Container` instead, as for ``Injected``.
///
/// - Parameter keyPath: The factory, such as `\.api`.
/// - Returns: The instance the factory's scope calls for.
public func dependency<T>(_ keyPath: KeyPath<Container, Factory<T>>) -> T {
    InjectionContainers.nearestOrShared(Container.self)[keyPath: keyPath]()
}

/// Resolves `keyPath`'s factory from `C.shared`, for a container type of your own.
///
/// ```swift
/// let session: Session = dependency(\AppContainer.session)
/// ```
///
/// - Parameter keyPath: The factory, such as `\AppContainer.session`.
/// - Returns: The instance the factory's scope calls for.
public func dependency<C: SharedContainer, T>(_ keyPath: KeyPath<C, Factory<T>>) -> T {
    InjectionContainers.nearestOrShared(C.self)[keyPath: keyPath]()
}

/// Resolves `keyPath`'s parameter factory from `Container.shared` with `parameter`.
///
/// ```swift
/// let detail: DetailViewModel = dependency(\.detail, parameter: 42)
/// ```
///
/// - Parameters:
///   - keyPath: The factory, such as `\.detail`.
///   - parameter: Passed to the factory.
/// - Returns: The instance the factory's scope calls for.
public func dependency<P, T>(_ keyPath: KeyPath<Container, ParameterFactory<P, T>>, parameter: P) -> T {
    InjectionContainers.nearestOrShared(Container.self)[keyPath: keyPath](parameter)
}

/// Resolves `keyPath`'s parameter factory from `C.shared` with `parameter`.
///
/// - Parameters:
///   - keyPath: The factory, such as `\AppContainer.detail`.
///   - parameter: Passed to the factory.
/// - Returns: The instance the factory's scope calls for.
public func dependency<C: SharedContainer, P, T>(_ keyPath: KeyPath<C, ParameterFactory<P, T>>, parameter: P) -> T {
    InjectionContainers.nearestOrShared(C.self)[keyPath: keyPath](parameter)
}

/// Resolves `keyPath`'s async factory from `Container.shared`.
///
/// ```swift
/// let database: Database = try await dependency(\.database)
/// ```
///
/// - Parameters:
///   - keyPath: The factory, such as `\.database`.
///   - isolation: The caller's actor, filled in by the compiler.
/// - Returns: The instance the factory's scope calls for.
/// - Throws: What the factory's body throws, or ``LifetimeScopeClosedError``.
public func dependency<T: Sendable>(
    _ keyPath: KeyPath<Container, AsyncFactory<T>>, isolation: isolated (any Actor)? = #isolation
) async throws -> T {
    try await InjectionContainers.nearestOrShared(Container.self)[keyPath: keyPath]()
}

/// Resolves `keyPath`'s async factory from `C.shared`.
///
/// - Parameters:
///   - keyPath: The factory, such as `\AppContainer.database`.
///   - isolation: The caller's actor, filled in by the compiler.
/// - Returns: The instance the factory's scope calls for.
/// - Throws: What the factory's body throws, or ``LifetimeScopeClosedError``.
public func dependency<C: SharedContainer, T: Sendable>(
    _ keyPath: KeyPath<C, AsyncFactory<T>>, isolation: isolated (any Actor)? = #isolation
) async throws -> T {
    try await InjectionContainers.nearestOrShared(C.self)[keyPath: keyPath]()
}

/// Resolves `keyPath`'s main-actor factory from `Container.shared`, on the main actor.
///
/// ```swift
/// @MainActor final class Coordinator {
///     let list: ListViewModel = dependency(\.list)
/// }
/// ```
///
/// - Parameter keyPath: The factory, such as `\.list`.
/// - Returns: The instance the factory's scope calls for.
@MainActor
public func dependency<T: Sendable>(_ keyPath: KeyPath<Container, MainActorFactory<T>>) -> T {
    InjectionContainers.nearestOrShared(Container.self)[keyPath: keyPath]()
}

/// Resolves `keyPath`'s main-actor factory from `C.shared`, on the main actor.
///
/// - Parameter keyPath: The factory, such as `\AppContainer.list`.
/// - Returns: The instance the factory's scope calls for.
@MainActor
public func dependency<C: SharedContainer, T: Sendable>(_ keyPath: KeyPath<C, MainActorFactory<T>>) -> T {
    InjectionContainers.nearestOrShared(C.self)[keyPath: keyPath]()
}
