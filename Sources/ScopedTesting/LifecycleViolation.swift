import Testing

/// A broken lifetime promise found by a ``LifecycleTracker`` expectation, such as a view
/// model built twice or never released.
///
/// By default a tracker records each violation as a Swift Testing issue at the
/// expectation's source location, which fails the running test. Pass `onViolation` to the
/// tracker's initializer to handle them yourself (XCTest: `XCTFail(violation.message)`).
public struct LifecycleViolation: Sendable, Equatable, CustomStringConvertible {
    /// Which expectation failed.
    public enum Kind: Sendable, Equatable {
        /// ``LifecycleTracker/expectBuilt(_:times:sourceLocation:)`` (or `expectBuiltOnce`).
        case builtCount
        /// ``LifecycleTracker/expectReleased(_:sourceLocation:)-(T.Type,_)`` and the other
        /// release checks.
        case notReleased
        /// ``LifecycleTracker/expectAlive(_:sourceLocation:)``.
        case notAlive
        /// ``LifecycleTracker/expectNoLeaks(after:fileID:filePath:line:column:)``: an
        /// instance a scope released during the flow is still alive.
        case leaked
    }

    /// Which expectation failed.
    public let kind: Kind
    /// The whole explanation: what was expected, what happened, and the instances involved.
    public let message: String
    /// The instances the message lists.
    public let instances: [TrackedInstance]
    /// Where the expectation was written.
    public let sourceLocation: SourceLocation

    /// The ``message``.
    public var description: String { message }
}
