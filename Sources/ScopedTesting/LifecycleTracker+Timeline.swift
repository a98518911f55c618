extension LifecycleTracker {
    /// One `didInit` or `didDeinit` call, as ``LifecycleTracker/timeline`` lists them.
    ///
    /// ```swift
    /// let teardown = tracker.timeline.filter { $0.kind == .deinitialized }
    /// #expect(teardown.map(\.instance.typeName) == ["CartViewModel", "CheckoutStore"])
    /// ```
    public struct TimelineEntry: Sendable, Equatable, CustomStringConvertible {
        /// Which call it was.
        public enum Kind: Sendable, Equatable {
            /// ``LifecycleTracker/didInit(_:named:sourceLocation:)``.
            case initialized
            /// ``LifecycleTracker/didDeinit(_:)``.
            case deinitialized
        }

        /// Which call it was.
        public let kind: Kind
        /// The instance, as the tracker knows it now.
        public let instance: TrackedInstance

        /// `init CartViewModel #1`, `deinit CartViewModel #1`.
        public var description: String {
            "\(kind == .initialized ? "init" : "deinit") \(instance.typeName) #\(instance.ordinal)"
        }
    }
}
