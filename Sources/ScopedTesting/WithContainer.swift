// Concurrency rule: `withContainer` binds a new `WorldNode` to the calling task
// (a task-local) for the duration of `operation`; it keeps no state of its own.
import Scoped

/// Runs `operation` in a fresh container world with the overrides `configure` registers:
/// test isolation for XCTest and for plain code.
///
/// Inside `operation`, `Container.shared` and every other root container resolve through
/// fresh world roots: empty caches, their own singletons and custom scopes, and the
/// overrides registered by `configure`. Nothing reaches the production containers or
/// other tests running in parallel.
///
/// ```swift
/// func testLoadsEntries() throws {
///     try withContainer { $0.api.register { MockAPI() } } operation: {
///         let model = Container.shared.entryList()
///         try model.load()
///         XCTAssertEqual(model.entries.count, 3)
///     }
/// }
/// ```
///
/// Calls nest: an inner world starts with the overrides of the enclosing one (a test's
/// trait, or an outer `withContainer`), then adds its own; its caches and singletons are
/// its own. When `operation` returns, the world is dropped and the instances built in it
/// are released, unless something still holds them.
///
/// - Parameters:
///   - configure: Receives the world's `Container.shared`; register overrides on it.
///   - operation: Runs inside the world.
/// - Returns: What `operation` returns.
@discardableResult
public func withContainer<R>(
    _ configure: (Container) throws -> Void, operation: () throws -> R
) rethrows -> R {
    try withContainer(Container.self, configure, operation: operation)
}

/// Runs `operation` in a fresh container world with the overrides `configure` registers
/// on the world's `C.shared`, for a custom container type.
///
/// ```swift
/// withContainer(AppContainer.self) { $0.session.register { Session.signedIn } } operation: {
///     #expect(AppContainer.shared.profile().name == "Ada")
/// }
/// ```
///
/// Every root container is isolated, whichever type you name; see
/// ``withContainer(_:operation:)-(_,()->R)``.
///
/// - Parameters:
///   - type: The container type whose `shared` instance `configure` receives.
///   - configure: Registers overrides.
///   - operation: Runs inside the world.
/// - Returns: What `operation` returns.
@discardableResult
public func withContainer<C: SharedContainer, R>(
    _ type: C.Type, _ configure: (C) throws -> Void, operation: () throws -> R
) rethrows -> R {
    try withContainer(context: nil, type, configure, operation: operation)
}

private func withContainer<C: SharedContainer, R>(
    context: FactoryContext.Values?, _ type: C.Type, _ configure: (C) throws -> Void, operation: () throws -> R
) rethrows -> R {
    let world = WorldNode(
        name: "withContainer", parent: WorldNode.current, context: context, inheritsProduction: context != nil)
    return try world.enter {
        try configure(C.shared)
        return try operation()
    }
}

/// Runs the async `operation` in a fresh container world with the overrides `configure`
/// registers. Child tasks (`async let`, task groups, `Task { }`) inherit the world;
/// `Task.detached` and GCD do not (see `ContainerWorld`).
///
/// ```swift
/// func testRefresh() async throws {
///     try await withContainer { $0.api.register { MockAPI() } } operation: {
///         let model = Container.shared.entryList()
///         try await model.refresh()
///         XCTAssertEqual(model.entries.count, 3)
///     }
/// }
/// ```
///
/// `configure` may be `async` (load a fixture, then register it):
///
/// ```swift
/// try await withContainer { c in
///     let fixture = try await Fixture.load("entries")
///     c.api.register { StubAPI(fixture) }
/// } operation: { … }
/// ```
///
/// - Parameters:
///   - isolation: The actor to run on; the caller's by default.
///   - configure: Receives the world's `Container.shared`; register overrides on it.
///   - operation: Runs inside the world.
/// - Returns: What `operation` returns.
@discardableResult
public func withContainer<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ configure: (Container) async throws -> Void, operation: () async throws -> R
) async rethrows -> R {
    try await withContainer(Container.self, configure, operation: operation)
}

/// Runs the async `operation` in a fresh container world with the overrides `configure`
/// registers on the world's `C.shared`, for a custom container type.
///
/// - Parameters:
///   - isolation: The actor to run on; the caller's by default.
///   - type: The container type whose `shared` instance `configure` receives.
///   - configure: Registers overrides.
///   - operation: Runs inside the world.
/// - Returns: What `operation` returns.
@discardableResult
public func withContainer<C: SharedContainer, R>(
    isolation: isolated (any Actor)? = #isolation,
    _ type: C.Type, _ configure: (C) async throws -> Void, operation: () async throws -> R
) async rethrows -> R {
    try await withContainer(context: nil, type, configure, operation: operation)
}

private func withContainer<C: SharedContainer, R>(
    isolation: isolated (any Actor)? = #isolation,
    context: FactoryContext.Values?, _ type: C.Type, _ configure: (C) async throws -> Void, operation: () async throws -> R
) async rethrows -> R {
    let world = WorldNode(
        name: "withContainer", parent: WorldNode.current, context: context, inheritsProduction: context != nil)
    return try await world.enter {
        try await configure(C.shared)
        return try await operation()
    }
}

/// Runs `operation` in a fresh container world with no overrides of its own (an
/// enclosing world's overrides still apply).
///
/// ```swift
/// withContainer {
///     #expect(Container.shared.store() === Container.shared.store())
/// }
/// ```
///
/// - Parameter operation: Runs inside the world.
/// - Returns: What `operation` returns.
@discardableResult
public func withContainer<R>(operation: () throws -> R) rethrows -> R {
    try withContainer(Container.self, { _ in }, operation: operation)
}

/// Runs the async `operation` in a fresh container world with no overrides of its own.
///
/// - Parameters:
///   - isolation: The actor to run on; the caller's by default.
///   - operation: Runs inside the world.
/// - Returns: What `operation` returns.
@discardableResult
public func withContainer<R>(
    isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R
) async rethrows -> R {
    try await withContainer(Container.self, { _ in }, operation: operation)
}

// MARK: - Worlds with contexts of their own

/// Runs `operation` in a fresh container world whose context overrides see `context`:
/// "resolve as if in a preview", "as if not in a test", "as if launched with `-mockAPI`".
///
/// Factory's tests set `FactoryContext.current` or `FactoryContext.setArg` for the whole
/// process; tests in Scoped run in parallel, so the contexts belong to the world instead.
/// Only code inside it (and nested worlds) sees them; other tests, and code outside any
/// world, still see the process's `FactoryContext.Values.process`.
///
/// ```swift
/// withContainer(context: .init(isTest: false, isPreview: true)) {
///     #expect(Container.shared.api() is PreviewAPI)   // its .onPreview { } body
/// }
/// withContainer(context: .init(addingArguments: ["-mockAPI"])) { $0.clock.register { TestClock() } } operation: {
///     #expect(Container.shared.api() is MockAPI)      // its .onArg("-mockAPI") { } body
/// }
/// ```
///
/// An explicit `register` still outranks every context override.
///
/// Unlike the other forms, the world starts with the overrides of the calling code: its
/// enclosing world's, or the production containers' outside any world (run-time context
/// modifiers included), so what a test's set-up registered before still applies, as when a
/// Factory test sets `FactoryContext.current` after its `setUp`. They are copied: what the
/// world registers stays in it. Its caches and singletons are its own.
///
/// - Parameters:
///   - context: The contexts of the world (`FactoryContext.Values(isPreview: true)`
///     fills in the ones you leave out from the current ones).
///   - configure: Receives the world's `Container.shared`; register overrides on it.
///   - operation: Runs inside the world.
/// - Returns: What `operation` returns.
@discardableResult
public func withContainer<R>(
    context: FactoryContext.Values, _ configure: (Container) throws -> Void, operation: () throws -> R
) rethrows -> R {
    try withContainer(context: context, Container.self, configure, operation: operation)
}

/// Runs `operation` in a fresh container world whose context overrides see `context`,
/// with no overrides of its own; see ``withContainer(context:_:operation:)-(_,_,()->R)``.
///
/// ```swift
/// withContainer(context: .init(isPreview: true)) {
///     #expect(Container.shared.api() is PreviewAPI)
/// }
/// ```
///
/// - Parameters:
///   - context: The contexts of the world.
///   - operation: Runs inside the world.
/// - Returns: What `operation` returns.
@discardableResult
public func withContainer<R>(context: FactoryContext.Values, operation: () throws -> R) rethrows -> R {
    try withContainer(context: context, Container.self, { _ in }, operation: operation)
}

/// Runs the async `operation` in a fresh container world whose context overrides see
/// `context`; see ``withContainer(context:_:operation:)-(_,_,()->R)``.
///
/// ```swift
/// try await withContainer(context: .init(isPreview: true)) { $0.clock.register { TestClock() } } operation: {
///     try await Container.shared.feed().load()
/// }
/// ```
///
/// - Parameters:
///   - isolation: The actor to run on; the caller's by default.
///   - context: The contexts of the world.
///   - configure: Receives the world's `Container.shared`; register overrides on it.
///   - operation: Runs inside the world.
/// - Returns: What `operation` returns.
@discardableResult
public func withContainer<R>(
    isolation: isolated (any Actor)? = #isolation,
    context: FactoryContext.Values, _ configure: (Container) async throws -> Void, operation: () async throws -> R
) async rethrows -> R {
    try await withContainer(context: context, Container.self, configure, operation: operation)
}

/// Runs the async `operation` in a fresh container world whose context overrides see
/// `context`, with no overrides of its own.
///
/// - Parameters:
///   - isolation: The actor to run on; the caller's by default.
///   - context: The contexts of the world.
///   - operation: Runs inside the world.
/// - Returns: What `operation` returns.
@discardableResult
public func withContainer<R>(
    isolation: isolated (any Actor)? = #isolation, context: FactoryContext.Values, operation: () async throws -> R
) async rethrows -> R {
    try await withContainer(context: context, Container.self, { _ in }, operation: operation)
}
