// Concurrency rule: a `ContainerTrait` is an immutable value; the world it makes for
// a test is an `WorldNode` bound to the test's task (a task-local), so parallel
// tests never share containers, overrides or instances.
import Scoped
import Testing

/// A Swift Testing trait that runs each test in a fresh container world of its own.
///
/// Inside the test, `Container.shared` — and every other root container: custom
/// containers' `shared`, any `Container()` made before the test — resolves through a
/// fresh world root with empty caches, its own singletons and custom scopes, and the
/// overrides the trait registers. Tests that run in parallel never see each other's
/// mocks or instances, and nothing the test does reaches the production containers.
///
/// ```swift
/// @Test(.container { $0.api.register { MockAPI() } })
/// func loadsEntries() async throws {
///     let model = Container.shared.entryList()      // built with MockAPI
///     try await model.load()
///     #expect(model.entries.count == 3)
/// }
///
/// @Test(.container(AppContainer.self) { $0.session.register { Session.signedIn } })
/// func showsProfile() { … }
///
/// @Suite(.container { $0.clock.register { TestClock() } })   // every test of the suite
/// struct CheckoutTests { … }
/// ```
///
/// Applied to a suite, the trait gives *each test* (each case of a parameterized test)
/// its own world with the suite's overrides. Several `.container` traits on one test, or
/// on a test and its suites, build a single world: overrides are registered outermost
/// first (the suite's, then the test's, in the order written), so the test's win.
///
/// The world is a task-local value: `async let`, task groups and `Task { }` inherit it,
/// `Task.detached` and GCD do not (see `ContainerWorld`). When the test ends, its
/// world is dropped and the instances it built are released.
public struct ContainerTrait: TestTrait, SuiteTrait, TestScoping {
    private let configurations: [@Sendable () async throws -> Void]
    /// The contexts the test's world sees (nil: the enclosing world's or the process's).
    private let context: FactoryContext.Values?

    fileprivate init(configurations: [@Sendable () async throws -> Void], context: FactoryContext.Values? = nil) {
        self.configurations = configurations
        self.context = context
    }

    /// Applies to every test of a suite (each gets its own world), not once to the suite.
    public var isRecursive: Bool { true }

    /// Runs the test (or test case) inside its container world.
    ///
    /// - Parameters:
    ///   - test: The test to run.
    ///   - testCase: The case of a parameterized test, or the test's only case.
    ///   - function: Runs the test.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if context == nil, let entered = TestWorld.current, entered.test == test.id,
            entered.world === WorldNode.current
        {
            // An outer `.container` trait of this same test made the world: add to it.
            try await entered.world.enter { try await configure() }
            try await function()
            return
        }
        // A trait with contexts makes a world of its own even inside an outer trait's: a
        // world's contexts are fixed when it is made. It starts with the outer world's
        // overrides (a nested world does), so traits still add up.
        let world = WorldNode(name: test.name, parent: WorldNode.current, context: context)
        try await TestWorld.$current.withValue(TestWorld(test: test.id, world: world)) {
            try await world.enter {
                try await configure()
                try await function()
            }
        }
    }

    private func configure() async throws {
        for configuration in configurations { try await configuration() }
    }
}

extension Trait where Self == ContainerTrait {
    /// A fresh container world for each test, with no overrides.
    ///
    /// ```swift
    /// @Test(.container) func cachesTheStore() {
    ///     #expect(Container.shared.store() === Container.shared.store())
    /// }
    /// ```
    public static var container: Self {
        ContainerTrait(configurations: [])
    }

    /// A fresh container world for each test, with overrides registered on its
    /// `Container.shared` before the test runs.
    ///
    /// ```swift
    /// @Test(.container {
    ///     $0.api.register { MockAPI() }
    ///     $0.clock.register { TestClock() }
    /// })
    /// func refreshes() { … }
    /// ```
    ///
    /// `configure` may be `async` and may be isolated to an actor, such as the main
    /// actor for main-actor view models' overrides:
    ///
    /// ```swift
    /// @Test(.container { @MainActor c in
    ///     c.profile.register { ProfileViewModel(user: .preview) }
    /// })
    /// @MainActor func showsTheName() { … }
    ///
    /// @Test(.container { c in
    ///     let fixture = try await Fixture.load("entries")
    ///     c.api.register { StubAPI(fixture) }
    /// })
    /// func listsTheFixture() async throws { … }
    /// ```
    ///
    /// - Parameter configure: Receives the test's `Container.shared`; register overrides
    ///   on it. It runs once per test, inside the test's world, before the test.
    /// - Returns: The trait.
    public static func container(_ configure: @escaping @Sendable (Container) async throws -> Void) -> Self {
        ContainerTrait(configurations: [{ try await configure(Container.shared) }])
    }

    /// A fresh container world for each test, with overrides registered on the test's
    /// `C.shared`, for a custom container type.
    ///
    /// ```swift
    /// @Test(.container(AppContainer.self) { $0.session.register { Session.signedIn } })
    /// func showsProfile() { … }
    /// ```
    ///
    /// Every root container is isolated whichever type you name here; the type only
    /// selects which container `configure` receives. Without `configure`,
    /// `.container(AppContainer.self)` is ``container``: a fresh world, no overrides.
    ///
    /// - Parameters:
    ///   - type: The container type whose `shared` instance `configure` receives.
    ///   - configure: Registers overrides; runs once per test, inside the test's world.
    ///     It may be `async` and isolated to an actor, as for ``container(_:)``.
    /// - Returns: The trait.
    public static func container<C: SharedContainer>(
        _ type: C.Type, _ configure: @escaping @Sendable (C) async throws -> Void = { _ in }
    ) -> Self {
        ContainerTrait(configurations: [{ try await configure(C.shared) }])
    }
}

extension Trait where Self == ContainerTrait {
    /// A fresh container world for each test whose context overrides see `context`, with
    /// overrides registered on its `Container.shared` before the test runs.
    ///
    /// ```swift
    /// @Test(.container(context: .init(isTest: false, isPreview: true)))
    /// func rendersPreviewData() {
    ///     #expect(Container.shared.api() is PreviewAPI)   // its .onPreview { } body
    /// }
    /// ```
    ///
    /// Only this test's world sees the contexts (see `withContainer(context:_:operation:)`).
    /// Given with other `.container` traits, put the one with contexts outermost (on the
    /// suite, or first): a world's contexts are fixed when it is made, so a trait with
    /// contexts inside another makes a nested world, which keeps the outer overrides.
    ///
    /// - Parameters:
    ///   - context: The contexts of the test's world.
    ///   - configure: Receives the test's `Container.shared`; register overrides on it.
    /// - Returns: The trait.
    public static func container(
        context: FactoryContext.Values, _ configure: @escaping @Sendable (Container) async throws -> Void = { _ in }
    ) -> Self {
        ContainerTrait(configurations: [{ try await configure(Container.shared) }], context: context)
    }
}

/// The world a `.container` trait made for the running test, so that further
/// `.container` traits of the same test add to it instead of nesting a new one.
private struct TestWorld: Sendable {
    let test: Test.ID
    let world: WorldNode

    @TaskLocal static var current: TestWorld?
}
