/// Resolves a dependency when the owner is initialised.
///
/// ```swift
/// final class ListViewModel {
///     @Injected(\.store) var store: EntryStore
///     @Injected(\AppContainer.session) var session: Session   // a custom container
/// }
/// ```
///
/// Without `in:`, the container is the type's `shared` instance — except while
/// ScopedSwiftUI's `@ScopedObject` or `@ScopedObservable` builds a view model: then it is
/// the view's nearest open container of that type (its lifetime scope, or the scope of
/// `.container { $0.store.register { … } }`), so a view model built in a preview's
/// overrides gets the mocks. ``LazyInjected`` and ``WeakLazyInjected`` take the container
/// at `init` the same way and resolve from it on first access.
@propertyWrapper
public struct Injected<T> {
    /// The resolved dependency.
    public var wrappedValue: T

    /// The factory, from the container the wrapper took at `init`.
    private let makeFactory: @Sendable () -> Factory<T>

    /// The wrapper itself, as `$service`: ``resolve()`` replaces the dependency with a
    /// new resolve (a new instance for a `.unique` factory, the current one for a caching
    /// scope, an override's after `register`); ``factory`` is the factory it resolves.
    ///
    /// ```swift
    /// Container.shared.api.register { MockAPIClient() }
    /// model.$api.resolve()      // model.api is now the mock
    /// ```
    public var projectedValue: Injected<T> {
        get { self }
        set { self = newValue }
    }

    /// The factory the dependency comes from, in the container the wrapper took at `init`
    /// (`$api.factory.reset()`, `$api.factory.register { … }`).
    public var factory: Factory<T> { makeFactory() }

    /// Resolves the dependency again, from the container it was first resolved from.
    ///
    /// - Returns: The new dependency, now also the wrapped value.
    @discardableResult
    public mutating func resolve() -> T {
        wrappedValue = makeFactory()()
        return wrappedValue
    }

    /// Resolves `keyPath`'s factory from `Container.shared` (or, while a view model is
    /// built for a view, from the view's nearest `Container`).
    ///
    /// - Parameter keyPath: The factory, such as `\.api`.
    public init(_ keyPath: KeyPath<Container, Factory<T>>) {
        self.init(keyPath, in: Switches.now.contains(.injectionContainers) ? InjectionContainers.nearestInUse(Container.self) : Container.shared)
    }

    /// Resolves `keyPath`'s factory from `C.shared` (a custom container; while a view
    /// model is built for a view, the view's nearest `C`).
    ///
    /// - Parameter keyPath: The factory, such as `\AppContainer.session`.
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
        self.init(keyPath, in: Switches.now.contains(.injectionContainers) ? InjectionContainers.nearestInUse(C.self) : C.shared)
    }

    /// Resolves `keyPath`'s factory from `container`, such as a flow's lifetime scope.
    ///
    /// - Parameters:
    ///   - keyPath: The factory.
    ///   - container: The container (or child scope) to resolve in.
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>, in container: C) {
        let factory = container[keyPath: keyPath]
        makeFactory = { factory }
        wrappedValue = factory()
    }
}

extension Injected where T: Sendable {
    /// Resolves a main-actor factory from `Container.shared`, on the main actor (a
    /// `@MainActor` owner's initialiser).
    ///
    /// ```swift
    /// @MainActor final class Coordinator {
    ///     @Injected(\.list) var list: ListViewModel
    /// }
    /// ```
    ///
    /// - Parameter keyPath: The factory, such as `\.list`.
    @MainActor
    public init(_ keyPath: KeyPath<Container, MainActorFactory<T>>) {
        self.init(keyPath, in: Switches.now.contains(.injectionContainers) ? InjectionContainers.nearestInUse(Container.self) : Container.shared)
    }

    /// Resolves a main-actor factory from `C.shared` (a custom container), on the main actor.
    ///
    /// - Parameter keyPath: The factory, such as `\AppContainer.settings`.
    @MainActor
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, MainActorFactory<T>>) {
        self.init(keyPath, in: Switches.now.contains(.injectionContainers) ? InjectionContainers.nearestInUse(C.self) : C.shared)
    }

    /// Resolves a main-actor factory from `container`, on the main actor. ``resolve()``
    /// resolves on the main actor too (off it, the process stops with a message naming
    /// the registration), and so does ``factory``, the main-actor factory's synchronous
    /// face.
    ///
    /// - Parameters:
    ///   - keyPath: The factory.
    ///   - container: The container (or child scope) to resolve in.
    @MainActor
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, MainActorFactory<T>>, in container: C) {
        let factory = container[keyPath: keyPath]
        makeFactory = { factory.factory }
        wrappedValue = factory()
    }
}

extension Injected: Sendable where T: Sendable {}

/// Resolves a dependency on first access, then keeps it (a ``Lazy`` inside).
///
/// ```swift
/// final class DetailViewModel {
///     @LazyInjected(\.api) var api: APIClient   // nothing resolved until `api` is read
/// }
/// ```
///
/// `$api` is the wrapper: ``isResolved`` and ``resolvedOrNil()`` read without resolving,
/// ``resolve()`` resolves again now, ``factory`` is the factory behind it.
@propertyWrapper
public struct LazyInjected<T> {
    private let makeFactory: @Sendable () -> Factory<T>
    private var thunk: Lazy<T>

    /// The dependency, resolved on first access. Setting it replaces the dependency
    /// (a test double, say) without resolving.
    public var wrappedValue: T {
        get { thunk() }
        set { thunk = Lazy(resolved: newValue) }
    }

    /// The wrapper itself, as `$api`.
    ///
    /// ```swift
    /// model.$api.isResolved        // false: nothing resolved yet
    /// model.$api.resolvedOrNil()   // nil, and still nothing resolved
    /// ```
    public var projectedValue: LazyInjected<T> {
        get { self }
        set { self = newValue }
    }

    /// Whether the dependency has been resolved (or set) yet.
    public var isResolved: Bool { thunk.isResolved }

    /// The dependency if it has been resolved (or set); nil otherwise. Resolves nothing.
    ///
    /// - Returns: The dependency, or nil.
    public func resolvedOrNil() -> T? { thunk.resolvedOrNil() }

    /// The factory the dependency comes from (read from the container on each access).
    public var factory: Factory<T> { makeFactory() }

    /// Resolves the dependency again now and keeps that instance (after a `register` or a
    /// reset, say).
    ///
    /// - Returns: The new dependency.
    @discardableResult
    public mutating func resolve() -> T {
        let value = InjectionContainers.resolve(makeFactory())
        thunk = Lazy(resolved: value)
        return value
    }

    private init(makeFactory: @escaping @Sendable () -> Factory<T>) {
        self.makeFactory = makeFactory
        thunk = Lazy { InjectionContainers.resolve(makeFactory()) }
    }

    /// Resolves `keyPath`'s factory on first access from `Container.shared` (or the
    /// view's nearest `Container`, if the owner is built for a view).
    ///
    /// - Parameter keyPath: The factory, such as `\.api`.
    public init(_ keyPath: KeyPath<Container, Factory<T>> & Sendable) {
        self.init(makeFactory: InjectionContainers.factory(keyPath))
    }

    /// Resolves `keyPath`'s factory on first access from `C.shared` (or the view's
    /// nearest `C`, if the owner is built for a view).
    ///
    /// - Parameter keyPath: The factory, such as `\AppContainer.session`.
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>> & Sendable) {
        self.init(makeFactory: InjectionContainers.factory(keyPath))
    }

    /// Resolves `keyPath`'s factory from `container` on first access.
    ///
    /// - Parameters:
    ///   - keyPath: The factory.
    ///   - container: The container (or child scope) to resolve in.
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>> & Sendable, in container: C) {
        self.init(makeFactory: { container[keyPath: keyPath] })
    }
}

extension LazyInjected: Sendable where T: Sendable {}

/// Resolves a class-instance dependency on first access and holds it weakly: use it for
/// `.shared` or `.scoped` instances whose lifetime belongs to someone else.
///
/// ```swift
/// final class EditViewModel {
///     @WeakLazyInjected(\.session) var session: Session?
/// }
/// ```
///
/// Reading it after the instance is gone returns `nil`; it does not resolve again. `T`
/// may be a protocol type (`Factory<any SessionProviding>`) whose instances are classes:
/// resolving a value that is not a class instance stops with a message naming the
/// registration.
/// Setting it holds the new instance weakly instead (a test double, say).
@propertyWrapper
public final class WeakLazyInjected<T> {
    private let makeFactory: @Sendable () -> Factory<T>
    private let state = Locked<(resolved: Bool, object: WeakInstance?)>((false, nil))

    /// The dependency, resolved on first access; `nil` once it has been released.
    /// Setting it replaces the dependency, held weakly, without resolving.
    public var wrappedValue: T? {
        get {
            let (resolved, weak) = state.withLock { ($0.resolved, $0.object) }
            if resolved { return weak?.object.map { $0 as! T } }
            let factory = makeFactory()
            let value = InjectionContainers.resolve(factory)
            let object = Self.classInstance(value, from: factory)
            state.withLock { state in
                if !state.resolved { state = (true, WeakInstance(object)) }
            }
            return value
        }
        set {
            let weak = newValue.map { WeakInstance(Self.classInstance($0, from: nil)) }
            state.withLock { $0 = (true, weak) }
        }
    }

    /// The wrapper itself, as `$session`: ``resolvedOrNil()`` reads the dependency without
    /// resolving it, ``resolve()`` resolves again, ``factory`` is the factory behind it.
    public var projectedValue: WeakLazyInjected<T> { self }

    /// The factory the dependency comes from (read from the container on each access).
    public var factory: Factory<T> { makeFactory() }

    /// Resolves the dependency again now and holds the new instance weakly (after the
    /// old one was released, say).
    ///
    /// - Returns: The new dependency.
    @discardableResult
    public func resolve() -> T {
        let factory = makeFactory()
        let value = InjectionContainers.resolve(factory)
        let weak = WeakInstance(Self.classInstance(value, from: factory))
        state.withLock { $0 = (true, weak) }
        return value
    }

    /// The dependency if it was resolved (or set) and is still alive; nil otherwise.
    /// Resolves nothing.
    ///
    /// - Returns: The instance, or nil.
    public func resolvedOrNil() -> T? {
        state.withLock { $0.object }?.object.map { $0 as! T }
    }

    /// The class instance `value` is; stops for a value type, which cannot be held
    /// weakly, naming the registration `factory` resolved (nil: a value set directly).
    private static func classInstance(_ value: T, from factory: Factory<T>?) -> AnyObject {
        guard let object = Payload.classInstance(in: value) else {
            guard let key = factory?.registration.key else {
                ScopedFailure.stop("@WeakLazyInjected holds instances weakly, and the \(T.self) it was set to is not a class instance")
            }
            ScopedFailure.stop(
                "@WeakLazyInjected holds instances weakly, and \(key.description) resolved to a value that is not a class instance",
                declaredBy: [key])
        }
        return object
    }

    /// Resolves `keyPath`'s factory on first access from `Container.shared` (or the
    /// view's nearest `Container`, if the owner is built for a view).
    ///
    /// - Parameter keyPath: The factory, such as `\.session`.
    public init(_ keyPath: KeyPath<Container, Factory<T>> & Sendable) {
        makeFactory = InjectionContainers.factory(keyPath)
    }

    /// Resolves `keyPath`'s factory on first access from `C.shared` (or the view's
    /// nearest `C`, if the owner is built for a view).
    ///
    /// - Parameter keyPath: The factory.
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>> & Sendable) {
        makeFactory = InjectionContainers.factory(keyPath)
    }

    /// Resolves `keyPath`'s factory from `container` on first access.
    ///
    /// - Parameters:
    ///   - keyPath: The factory.
    ///   - container: The container (or child scope) to resolve in.
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>> & Sendable, in container: C) {
        makeFactory = { container[keyPath: keyPath] }
    }
}

/// A weakly held dependency can cross threads when the instance can.
extension WeakLazyInjected: Sendable where T: Sendable {}

/// Resolves a dependency on every access: a new instance each time for a `.unique`
/// factory, the current one for a caching scope (an override's, after `register`).
///
/// ```swift
/// final class Reporter {
///     @DynamicInjected(\.clock) var clock: Clock   // resolved on each read
/// }
/// ```
///
/// The container is taken at `init`, as ``LazyInjected`` takes it.
@propertyWrapper
public struct DynamicInjected<T>: Sendable {
    private let makeFactory: @Sendable () -> Factory<T>

    /// The dependency, resolved now.
    public var wrappedValue: T { InjectionContainers.resolve(makeFactory()) }

    /// The wrapper itself, as `$clock`: ``factory`` is the factory each read resolves.
    public var projectedValue: DynamicInjected<T> { self }

    /// The factory each read resolves (`$clock.factory.register { TestClock() }`).
    public var factory: Factory<T> { makeFactory() }

    /// Resolves the dependency now, as every read does (Factory's `$clock.resolve()`).
    ///
    /// - Returns: The dependency.
    @discardableResult
    public func resolve() -> T { wrappedValue }

    /// Resolves `keyPath`'s factory on every access from `Container.shared` (or the view's
    /// nearest `Container`, if the owner is built for a view).
    ///
    /// - Parameter keyPath: The factory, such as `\.clock`.
    public init(_ keyPath: KeyPath<Container, Factory<T>> & Sendable) {
        makeFactory = InjectionContainers.factory(keyPath)
    }

    /// Resolves `keyPath`'s factory on every access from `C.shared` (or the view's
    /// nearest `C`).
    ///
    /// - Parameter keyPath: The factory, such as `\AppContainer.session`.
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>> & Sendable) {
        makeFactory = InjectionContainers.factory(keyPath)
    }

    /// Resolves `keyPath`'s factory from `container` on every access.
    ///
    /// - Parameters:
    ///   - keyPath: The factory.
    ///   - container: The container (or child scope) to resolve in.
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>> & Sendable, in container: C) {
        makeFactory = { container[keyPath: keyPath] }
    }
}
