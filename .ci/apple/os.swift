// Declarations-only stand-in for Apple's `os` module (the Swift overlay of os_log and
// os_signpost), for the Apple type-check (.ci/steps/15-apple-typecheck.sh): the toolchain
// on Linux ships no interface of it. A fixture, not a product: the bodies are placeholders
// that never run.
//
// Each declaration carries the page of Apple's developer documentation
// (developer.apple.com/documentation/os/…) its signature and availability were copied
// from. Only what Scoped (Sources/Scoped/Internal/Platform/Platform.swift) uses is
// declared. Not modelled: `OSLog` is an Objective-C class (`OS_os_log`) on Apple
// platforms; the check runs without Objective-C interop.

// oslogtype — `struct OSLogType` (the C `os_log_type_t`, imported as a struct);
// oslogtype/fault — `static let fault: OSLogType` (iOS 10, macOS 10.12, tvOS 10, watchOS 3).
public struct OSLogType: Sendable {
    public let rawValue: UInt8
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }
    public static let fault = OSLogType(0x11)
}

// oslog — `class OSLog` (the C `os_log_t`).
open class OSLog: @unchecked Sendable {
    private init(placeholder: Void) {}

    // oslog/default — `static let default: OSLog`.
    public static let `default` = OSLog(placeholder: ())

    // oslog/init(subsystem:category:)-17gyy — `convenience init(subsystem: String, category: String)`;
    // iOS 10.0, macOS 10.12, tvOS 10.0, watchOS 3.0.
    @available(iOS 10.0, macOS 10.12, tvOS 10.0, watchOS 3.0, *)
    public convenience init(subsystem: String, category: String) { self.init(placeholder: ()) }
}

// os_log(_:dso:log:_:_:) — `func os_log(_ type: OSLogType, dso: UnsafeRawPointer = #dsohandle,
// log: OSLog = .default, _ message: StaticString, _ args: any CVarArg...)` (iOS 12,
// macOS 10.14, tvOS 12, watchOS 5).
@available(iOS 12.0, macOS 10.14, tvOS 12.0, watchOS 5.0, *)
public func os_log(
    _ type: OSLogType, dso: UnsafeRawPointer = #dsohandle, log: OSLog = .default, _ message: StaticString,
    _ args: any CVarArg...
) {}

// ossignposttype — `struct OSSignpostType` (C's `os_signpost_type_t`);
// ossignposttype/init(rawvalue:) — `init(rawValue: UInt8)`;
// ossignposttype/begin, /end, /event — `static let begin`, `end`, `event: OSSignpostType`;
// iOS 12.0, macOS 10.14, tvOS 12.0, watchOS 5.0.
public struct OSSignpostType: Equatable, RawRepresentable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    @available(iOS 12.0, macOS 10.14, tvOS 12.0, watchOS 5.0, *)
    public static let event = OSSignpostType(rawValue: 0)
    @available(iOS 12.0, macOS 10.14, tvOS 12.0, watchOS 5.0, *)
    public static let begin = OSSignpostType(rawValue: 1)
    @available(iOS 12.0, macOS 10.14, tvOS 12.0, watchOS 5.0, *)
    public static let end = OSSignpostType(rawValue: 2)
}

// ossignpostid — `struct OSSignpostID`; iOS 12.0, macOS 10.14, tvOS 12.0, watchOS 5.0.
@available(iOS 12.0, macOS 10.14, tvOS 12.0, watchOS 5.0, *)
public struct OSSignpostID: Sendable {
    // ossignpostid/rawvalue — `let rawValue: os_signpost_id_t` (a `UInt64`).
    public let rawValue: UInt64

    // ossignpostid/init(_:) — `init(_ value: UInt64)`.
    public init(_ value: UInt64) { rawValue = value }

    // ossignpostid/exclusive — `static let exclusive: OSSignpostID`.
    public static let exclusive = OSSignpostID(0xEEEE_B0B5_B2B2_EEEE)
}

// os_signpost(_:dso:log:name:signpostid:_:_:)-2om9b —
// `func os_signpost(_ type: OSSignpostType, dso: UnsafeRawPointer = #dsohandle, log: OSLog,
//  name: StaticString, signpostID: OSSignpostID = .exclusive, _ format: StaticString,
//  _ arguments: any CVarArg...)`; iOS 12.0, macOS 10.14, tvOS 12.0, watchOS 5.0.
@available(iOS 12.0, macOS 10.14, tvOS 12.0, watchOS 5.0, *)
public func os_signpost(
    _ type: OSSignpostType, dso: UnsafeRawPointer = #dsohandle, log: OSLog, name: StaticString,
    signpostID: OSSignpostID = .exclusive, _ format: StaticString, _ arguments: any CVarArg...
) {}
