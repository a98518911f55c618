// Declarations-only stand-in for the Swift overlay of Apple's Dispatch, for the Apple
// type-check (.ci/steps/15-apple-typecheck.sh): the toolchain on Linux ships no interface
// of it. A fixture, not a product: the bodies are placeholders that never run.
//
// Each declaration carries the page of Apple's developer documentation
// (developer.apple.com/documentation/dispatch/…) its signature, constraints and
// attributes were copied from. Every page lists no introduction version: these APIs
// exist on every Apple platform the package supports, so nothing here carries
// `@available`. Only what Scoped (Sources/Scoped/Internal/Platform/Platform.swift) and the doc
// snippets use is declared. Not modelled: `DispatchQueue` is an Objective-C class
// (`OS_dispatch_queue`) on Apple platforms; the check runs without Objective-C interop.

// dispatchobject — `class DispatchObject`.
open class DispatchObject: @unchecked Sendable {}

// dispatchqueue — `class DispatchQueue`, a `DispatchObject`, `Sendable`.
open class DispatchQueue: DispatchObject, @unchecked Sendable {
    fileprivate override init() {}

    // dispatchqueue/main — `class var main: DispatchQueue { get }`.
    open class var main: DispatchQueue { DispatchQueue() }

    // dispatchqueue/global(qos:) — `class func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue`.
    open class func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue { DispatchQueue() }

    // dispatchqueue/setspecific(key:value:) —
    // `@preconcurrency func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?) where T : Sendable`.
    @preconcurrency
    public func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?) where T: Sendable {}

    // dispatchqueue/getspecific(key:)-swift.type.method —
    // `@preconcurrency class func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? where T : Sendable`.
    @preconcurrency
    public class func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? where T: Sendable { nil }

    // dispatchqueue/async(group:qos:flags:execute:) —
    // `@preconcurrency func async(group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified,
    //  flags: DispatchWorkItemFlags = [], execute work: @escaping @Sendable () -> Void)`.
    @preconcurrency
    public func async(
        group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable () -> Void
    ) {}

    // dispatchqueue/asyncafter(deadline:qos:flags:execute:) —
    // `@preconcurrency func asyncAfter(deadline: DispatchTime, qos: DispatchQoS = .unspecified,
    //  flags: DispatchWorkItemFlags = [], execute work: @escaping @Sendable () -> Void)`
    // (as its wall-clock twin, dispatchqueue/asyncafter(walldeadline:qos:flags:execute:)).
    @preconcurrency
    public func asyncAfter(
        deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable () -> Void
    ) {}
}

// dispatchtime — `struct DispatchTime`, `Comparable`, `Sendable`;
// dispatchtime/now() — `static func now() -> DispatchTime`.
public struct DispatchTime: Comparable, Sendable {
    let uptimeNanoseconds: UInt64
    public static func now() -> DispatchTime { DispatchTime(uptimeNanoseconds: 0) }
    public static func < (lhs: DispatchTime, rhs: DispatchTime) -> Bool { lhs.uptimeNanoseconds < rhs.uptimeNanoseconds }
}

// dispatchtimeinterval — `enum DispatchTimeInterval`, `Equatable`, `Sendable`; its cases
// (seconds, milliseconds, microseconds, nanoseconds: each `(Int)`; never).
public enum DispatchTimeInterval: Equatable, Sendable {
    case seconds(Int), milliseconds(Int), microseconds(Int), nanoseconds(Int), never
}

// dispatchtime/+(_:_:)-… — `static func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime`.
extension DispatchTime {
    public static func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime { time }
}

// dispatchspecifickey — `final class DispatchSpecificKey<T>`, `Sendable`;
// dispatchspecifickey/init() — `init()`.
public final class DispatchSpecificKey<T>: Sendable {
    public init() {}
}

// dispatchgroup — `class DispatchGroup`, a `DispatchObject`.
open class DispatchGroup: DispatchObject, @unchecked Sendable {}

// dispatchqos — `struct DispatchQoS`, `Equatable`, `Sendable`;
// dispatchqos/unspecified — `static let unspecified: DispatchQoS`.
public struct DispatchQoS: Equatable, Sendable {
    public static let unspecified = DispatchQoS()

    // dispatchqos/qosclass-swift.enum — `enum QoSClass`; its cases (background, utility,
    // default, userInitiated, userInteractive, unspecified).
    public enum QoSClass: Sendable {
        case background, utility, `default`, userInitiated, userInteractive, unspecified
    }
}

// dispatchworkitemflags — `struct DispatchWorkItemFlags`, an `OptionSet`;
// rawValue — `let rawValue: UInt`.
public struct DispatchWorkItemFlags: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
}
