// Factory 3.2 spellings that Scoped replaces: each one does not compile, and its
// diagnostic names what to write instead (MigratingFromFactory.md has a row for each).

extension FactoryModifying where Parameter: Hashable & Sendable {
    /// Factory's name for ``perParameter``.
    @available(*, unavailable, renamed: "perParameter")
    public var scopeOnParameters: Self { perParameter }
}

extension FactoryModifying {
    /// Not available: configure the instance in the body, or observe its `created` event.
    ///
    /// - Parameter decorate: Would run on every resolve.
    /// - Returns: Nothing: a call does not compile.
    @available(*, unavailable, message: "configure the instance in the body (or the override's), or observe LifecycleEvent .created events with container.observe { }")
    public func decorator(_ decorate: @escaping @Sendable (Instance) -> Void) -> Self {
        fatalError("unavailable")
    }
}

extension ContainerManager {
    /// Not available: each test gets a container world of its own instead.
    @available(*, unavailable, message: "use ScopedTesting: @Test(.container) or withContainer { } gives each test a container world of its own")
    public func push() {}

    /// Not available: each test gets a container world of its own instead.
    @available(*, unavailable, message: "use ScopedTesting: @Test(.container) or withContainer { } gives each test a container world of its own")
    public func pop() {}

    /// Not available: a scope resets everywhere at once.
    ///
    /// - Parameter scope: The scope.
    @available(*, unavailable, message: "use scope.reset(), such as Scope.singleton.reset(): it drops that scope's instances in every container")
    public func reset(scope: Scope) {}

    /// Not available: every factory states its scope; `.unique` is the default.
    @available(*, unavailable, message: "write the scope on each factory (.cached, .singleton, …); .unique is the default")
    public var defaultScope: Scope? { nil }

    /// Not available: the event stream replaces the trace.
    @available(*, unavailable, message: "use container.observe(.print) for a trace of every resolve, build and release")
    public var trace: Bool { false }
}
