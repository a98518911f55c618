// Concurrency rule: a `FactoryContext.Values` is an immutable-by-copy value; the values a
// container world resolves with are stored once in its `WorldNode` (a
// constant) and read through the world's task-local. No lock.

extension FactoryContext {
    /// The contexts the context overrides (`onTest`, `onPreview`, `onArg`, …) see: the
    /// process's, or the ones a test's container world was given.
    ///
    /// Factory lets a test set `FactoryContext.current.isPreview` for the whole process.
    /// Scoped's tests run in parallel, each in a container world of its own, so contexts
    /// are set per world instead (`ScopedTesting`): `withContainer(context:)` or the
    /// `.container(context:)` trait. Inside that world only, context overrides pick the
    /// body of the given context; other tests and the production containers are untouched.
    ///
    /// ```swift
    /// withContainer(context: .init(isTest: false, isPreview: true)) {
    ///     Container.shared.api()   // the .onPreview { } body
    /// }
    /// ```
    ///
    /// A context a world does not set is the enclosing world's, or the process's.
    public struct Values: Sendable, Equatable {
        /// Whether context overrides see a test run (``FactoryContext/isTest`` by default).
        public var isTest: Bool
        /// Whether they see Xcode previews (``FactoryContext/isPreview`` by default).
        public var isPreview: Bool
        /// Whether they see a debug build (``FactoryContext/isDebug`` by default).
        public var isDebug: Bool
        /// Whether they see a simulator (``FactoryContext/isSimulator`` by default).
        public var isSimulator: Bool
        /// Whether they see a device (``FactoryContext/isDevice`` by default).
        public var isDevice: Bool
        /// The launch arguments `onArg` and `onArgs` match (``FactoryContext/arguments`` by default).
        public var arguments: [String]

        /// The contexts of ``FactoryContext/current`` (the calling world's, or the
        /// process's), with the ones you pass replaced.
        ///
        /// ```swift
        /// let preview = FactoryContext.Values(isTest: false, isPreview: true)
        /// let mocked = FactoryContext.Values(addingArguments: ["-mockAPI"])
        /// ```
        ///
        /// - Parameters:
        ///   - isTest: Whether `onTest` bodies apply.
        ///   - isPreview: Whether `onPreview` bodies apply.
        ///   - isDebug: Whether `onDebug` bodies apply.
        ///   - isSimulator: Whether `onSimulator` bodies apply.
        ///   - isDevice: Whether `onDevice` bodies apply.
        ///   - arguments: The launch arguments `onArg`/`onArgs` match, instead of the current ones.
        ///   - addingArguments: Arguments added to those (Factory's `setArg`).
        public init(
            isTest: Bool? = nil, isPreview: Bool? = nil, isDebug: Bool? = nil, isSimulator: Bool? = nil,
            isDevice: Bool? = nil, arguments: [String]? = nil, addingArguments: [String] = []
        ) {
            let base = FactoryContext.current
            self.isTest = isTest ?? base.isTest
            self.isPreview = isPreview ?? base.isPreview
            self.isDebug = isDebug ?? base.isDebug
            self.isSimulator = isSimulator ?? base.isSimulator
            self.isDevice = isDevice ?? base.isDevice
            self.arguments = (arguments ?? base.arguments) + addingArguments
        }

        private init(process: Void) {
            isTest = FactoryContext.isTest
            isPreview = FactoryContext.isPreview
            isDebug = FactoryContext.isDebug
            isSimulator = FactoryContext.isSimulator
            isDevice = FactoryContext.isDevice
            arguments = FactoryContext.arguments
        }

        /// The process's contexts, as detected at first use.
        public static let process = Values(process: ())
    }

    /// The contexts the calling code resolves with: its container world's (set with
    /// `withContainer(context:)` or `.container(context:)` of `ScopedTesting`), or
    /// ``Values/process`` outside any world that sets them.
    ///
    /// ```swift
    /// @Test(.container(context: .init(isPreview: true)))
    /// func rendersPreviewData() {
    ///     #expect(FactoryContext.current.isPreview)
    /// }
    /// ```
    ///
    /// Costs one atomic load when no container world is active in the process. It cannot
    /// be set: a process-wide switch would leak into tests running in parallel.
    public static var current: Values {
        get {
            guard Switches.now.contains(.worlds), let context = WorldNode.current?.context else { return .process }
            return context
        }
        @available(*, unavailable, message: "contexts are set per container world: withContainer(context: .init(isPreview: true)) { } or @Test(.container(context: …)) of ScopedTesting")
        set {}
    }
}
