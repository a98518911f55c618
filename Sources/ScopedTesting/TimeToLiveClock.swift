// Concurrency rule: none of its own. A `TimeToLiveClock`'s time is a `ManualClock` of Scoped,
// which keeps it behind its lock; `withContainer(clock:)` binds it to a new container
// world (a task-local), as `withContainer` does.
import Scoped

/// A clock for `.timeToLive` that moves only when the test advances it: time-to-live tests
/// without sleeps, each test with time of its own.
///
/// ```swift
/// @Test func feedExpiresAfterAMinute() {
///     let clock = TimeToLiveClock()
///     withContainer(clock: clock) {
///         let first = Container.shared.feed()        // .cached.timeToLive(60)
///         clock.advance(by: 60)
///         #expect(Container.shared.feed() === first) // not older than 60 s yet
///         clock.advance(by: 1)
///         #expect(Container.shared.feed() !== first) // expired: built anew
///     }
/// }
/// ```
///
/// The clock starts at 0 and belongs to the worlds it is given to (and the worlds nested in
/// them); code outside them measures ages on the real clock.
public final class TimeToLiveClock: Sendable {
    package let clock = ManualClock()

    /// Makes a clock at 0 seconds.
    public init() {}

    /// Moves the clock forward by `seconds`.
    ///
    /// ```swift
    /// clock.advance(by: 61)
    /// ```
    ///
    /// - Parameter seconds: How far; 0 or more.
    public func advance(by seconds: Double) {
        precondition(seconds >= 0, "TimeToLiveClock.advance(by:): a clock moves forward only; got \(seconds)")
        clock.advance(nanoseconds: seconds >= 18e9 ? .max : UInt64(seconds * 1_000_000_000))
    }

    /// The seconds the clock has been advanced by since it was made.
    ///
    /// ```swift
    /// clock.advance(by: 1.5)
    /// clock.elapsed   // 1.5
    /// ```
    public var elapsed: Double {
        Double(clock.now) / 1_000_000_000
    }
}

/// Runs `operation` in a fresh container world whose `.timeToLive` ages are measured on
/// `clock`: advance it to expire held instances without sleeping.
///
/// ```swift
/// let clock = TimeToLiveClock()
/// withContainer(clock: clock) {
///     let first = Container.shared.feed()   // .cached.timeToLive(60)
///     clock.advance(by: 61)
///     #expect(Container.shared.feed() !== first)
/// }
/// ```
///
/// The world is fresh, as with ``withContainer(operation:)-(()->R)``; inside a test's
/// `.container` trait it keeps that trait's overrides.
///
/// - Parameters:
///   - clock: The world's clock.
///   - operation: Runs inside the world.
/// - Returns: What `operation` returns.
@discardableResult
public func withContainer<R>(clock: TimeToLiveClock, operation: () throws -> R) rethrows -> R {
    let world = WorldNode(name: "withContainer", parent: WorldNode.current, clock: clock.clock)
    return try world.enter(operation)
}

/// Runs the async `operation` in a fresh container world whose `.timeToLive` ages are
/// measured on `clock`.
///
/// ```swift
/// let clock = TimeToLiveClock()
/// try await withContainer(clock: clock) {
///     let first = try await Container.shared.session()   // an AsyncFactory, .cached.timeToLive(300)
///     clock.advance(by: 301)
///     #expect(try await Container.shared.session() !== first)
/// }
/// ```
///
/// - Parameters:
///   - isolation: The actor to run on; the caller's by default.
///   - clock: The world's clock.
///   - operation: Runs inside the world; child tasks inherit it.
/// - Returns: What `operation` returns.
@discardableResult
public func withContainer<R>(
    isolation: isolated (any Actor)? = #isolation, clock: TimeToLiveClock, operation: () async throws -> R
) async rethrows -> R {
    let world = WorldNode(name: "withContainer", parent: WorldNode.current, clock: clock.clock)
    return try await world.enter(operation)
}
