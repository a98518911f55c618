import Scoped

/// Resolves a view model once and keeps it: the framework-free core of `@ScopedObject`
/// and `@ScopedObservable`.
///
/// SwiftUI keeps one slot per view identity (in `@StateObject` or `@State`). The slot is
/// made with the view's *first* value and remembers how to resolve; it resolves only
/// when the view first reads the view model, from the containers the view's environment
/// holds then. Later view values bring new slots that are never read and resolve nothing,
/// so a parent's re-render can neither build a second view model nor replace the first.
///
/// ```swift
/// let slot = ViewModelSlot(\.detail, 42)                   // resolves nothing
/// let environment = ContainerEnvironment().with(flow)
/// let first = slot.value(in: environment)                  // flow.detail(42)
/// let again = slot.value(in: environment)                  // the same instance
/// ```
///
/// A slot belongs to one isolation domain (the main actor, in a view); it is not `Sendable`.
public final class ViewModelSlot<T> {
    private let resolve: (ContainerEnvironment) -> T
    private var resolved: T?

    /// Makes a slot that resolves with `resolve` on first use. Makes nothing now.
    ///
    /// - Parameter resolve: Resolves the view model from the environment's containers.
    public init(resolving resolve: @escaping (ContainerEnvironment) -> T) {
        self.resolve = resolve
    }

    /// A slot that resolves `factory` from the nearest `Container`.
    ///
    /// - Parameter factory: The factory's key path (`\.settings`).
    public convenience init(_ factory: KeyPath<Container, Factory<T>>) {
        self.init(factory, in: Container.self)
    }

    /// A slot that resolves `factory` from the nearest container of type `C`.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\AppContainer.settings`).
    ///   - type: The container type, inferred from the key path's root.
    public convenience init<C: SharedContainer>(_ factory: KeyPath<C, Factory<T>>, in type: C.Type = C.self) {
        self.init { $0[C.self][keyPath: factory]() }
    }

    /// A slot that resolves `factory` with `parameter` from the nearest `Container`.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\.detail`).
    ///   - parameter: Passed to the factory.
    public convenience init<P>(_ factory: KeyPath<Container, ParameterFactory<P, T>>, _ parameter: P) {
        self.init(factory, parameter, in: Container.self)
    }

    /// A slot that resolves `factory` with `parameter` from the nearest container of type `C`.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\AppContainer.detail`).
    ///   - parameter: Passed to the factory.
    ///   - type: The container type, inferred from the key path's root.
    public convenience init<C: SharedContainer, P>(
        _ factory: KeyPath<C, ParameterFactory<P, T>>, _ parameter: P, in type: C.Type = C.self
    ) {
        self.init { $0[C.self][keyPath: factory](parameter) }
    }

    /// A slot that resolves a main-actor factory from the nearest `Container`.
    ///
    /// - Parameter factory: The factory's key path (`\.list`).
    public convenience init(_ factory: KeyPath<Container, MainActorFactory<T>>) where T: Sendable {
        self.init(factory, in: Container.self)
    }

    /// A slot that resolves a main-actor factory from the nearest container of type `C`.
    ///
    /// The factory's body runs on the main actor: read the slot there (SwiftUI's `body`
    /// does); elsewhere the body stops the process with a message naming it.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\AppContainer.list`).
    ///   - type: The container type, inferred from the key path's root.
    public convenience init<C: SharedContainer>(
        _ factory: KeyPath<C, MainActorFactory<T>>, in type: C.Type = C.self
    ) where T: Sendable {
        self.init { $0[C.self][keyPath: factory].factory() }
    }

    /// A slot that resolves a main-actor parameter factory with `parameter` from the
    /// nearest `Container`.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\.detail`).
    ///   - parameter: Passed to the factory.
    public convenience init<P>(_ factory: KeyPath<Container, MainActorParameterFactory<P, T>>, _ parameter: P)
    where T: Sendable {
        self.init(factory, parameter, in: Container.self)
    }

    /// A slot that resolves a main-actor parameter factory with `parameter` from the
    /// nearest container of type `C`.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\AppContainer.detail`).
    ///   - parameter: Passed to the factory.
    ///   - type: The container type, inferred from the key path's root.
    public convenience init<C: SharedContainer, P>(
        _ factory: KeyPath<C, MainActorParameterFactory<P, T>>, _ parameter: P, in type: C.Type = C.self
    ) where T: Sendable {
        self.init { $0[C.self][keyPath: factory].factory(parameter) }
    }

    /// A slot that resolves with `resolve` from the nearest `Container` — for factory
    /// functions (`{ $0.counter(initialValue: 3)() }`).
    ///
    /// - Parameter resolve: Resolves the view model from that container.
    public convenience init(_ resolve: @escaping (Container) -> T) {
        self.init(in: Container.self, resolve)
    }

    /// A slot that resolves with `resolve` from the nearest container of type `C` — for
    /// factory functions (`{ $0.counter(initialValue: 3)() }`).
    ///
    /// - Parameters:
    ///   - type: The container type.
    ///   - resolve: Resolves the view model from that container.
    public convenience init<C: SharedContainer>(in type: C.Type, _ resolve: @escaping (C) -> T) {
        self.init { resolve($0[C.self]) }
    }

    /// The view model: resolved from `environment` on the first call, the same instance on
    /// every later one (whatever environment they pass).
    ///
    /// - Parameter environment: Where the first call resolves — the view's containers.
    /// - Returns: The slot's view model.
    public func value(in environment: ContainerEnvironment) -> T {
        if let resolved { return resolved }
        let value = resolve(environment)
        resolved = value
        return value
    }

    /// The view model, if the slot has resolved it.
    public var resolvedValue: T? { resolved }
}
