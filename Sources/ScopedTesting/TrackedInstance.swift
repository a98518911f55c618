import Testing

/// What a ``LifecycleTracker`` knows about one instance: where it came from and whether
/// it is still alive. A snapshot: ask the tracker again for the current state.
///
/// ```swift
/// let cart = tracker.watch(checkout.cart())
/// checkout.close()
/// #expect(tracker.current(cart).state == .deinitialized)
/// ```
public struct TrackedInstance: Sendable, Equatable, CustomStringConvertible {
    /// Whether the instance is alive, as far as the tracker can observe.
    public enum State: Sendable, Equatable {
        /// Observed alive: its `didInit` without a `didDeinit`, or a watched instance that
        /// still exists.
        case alive
        /// Observed gone: its `didDeinit` ran, or a watched instance no longer exists.
        case deinitialized
        /// Seen only through the event stream, and a scope released it (closed, reset).
        /// Its `deinit` is not observed: someone else may still hold it.
        case releasedByScope
        /// Seen only through the event stream, and no scope has released it. Its `deinit`
        /// is not observed: ``LifecycleTracker/watch(_:sourceLocation:)`` it, or call
        /// ``LifecycleTracker/didDeinit(_:)`` from its `deinit`, to know.
        case unobserved
    }

    /// Tells tracked instances apart within one tracker (in the order they were seen).
    public let id: Int
    /// The instance's dynamic type name when the tracker saw the object (`didInit`,
    /// `watch`), otherwise the type the factory produces.
    public let typeName: String
    /// Which instance of ``typeName`` this is (1 for the first one tracked, 2, …).
    public let ordinal: Int
    /// The registration that built it (`counter(initialValue:)`), when built through an
    /// observed container.
    public let registration: String?
    /// The type the registration produces, when it differs from ``typeName`` (a protocol).
    public let registeredType: String?
    /// The parameter of a per-parameter instance, described.
    public let parameter: String?
    /// The scope it was built in (`shared`, `scoped`, `session`, …).
    public let scope: String?
    /// The container or lifetime scope that built it (`root#3`, `checkout#7`).
    public let container: String?
    /// Where the tracker first saw it: the `didInit` or `watch` call.
    public let sourceLocation: SourceLocation?
    /// Whether ``sourceLocation`` is a `watch` call's: the description then says "watched
    /// at", not "built at" (a `didInit` runs where the instance is built).
    let locatedByWatch: Bool
    /// The registrations being built when its `didInit` ran, outermost first
    /// (`list (ListViewModel)`, `counter(initialValue:) (CounterViewModel)`).
    public let resolutionChain: [String]
    /// Whether it is alive, as far as the tracker can observe.
    public let state: State

    /// Whether the instance counts as released: deinitialized, or released by its scope.
    public var isReleased: Bool { state == .deinitialized || state == .releasedByScope }

    /// `CounterViewModel #2 (counter(initialValue:) shared in root#3, built at Tests/CounterTests.swift:18)`,
    /// "watched at" when the tracker first saw it in a `watch` call.
    public var description: String {
        var details: [String] = []
        if let registration {
            var made = registration + (parameter.map { "[\($0)]" } ?? "")
            if let registeredType { made += " (\(registeredType))" }
            if let scope { made += " \(scope)" }
            if let container { made += " in \(container)" }
            details.append(made)
        }
        if let sourceLocation {
            details.append("\(locatedByWatch ? "watched" : "built") at \(sourceLocation.fileID):\(sourceLocation.line)")
        }
        let own = registration.map { reg -> String in
            let name = reg + (parameter.map { "[\($0)]" } ?? "")
            return "\(name) (\(registeredType ?? typeName))"
        }
        let chain = own.map { own in resolutionChain.last == own ? Array(resolutionChain.dropLast()) : resolutionChain }
            ?? resolutionChain
        if !chain.isEmpty {
            details.append("while building \(chain.joined(separator: " → "))")
        }
        let name = "\(typeName) #\(ordinal)"
        return details.isEmpty ? name : "\(name) (\(details.joined(separator: ", ")))"
    }
}
