// Declarations-only stand-in for Apple's `os` module (the unified logging system's Swift
// overlay), for the Apple type-check (.ci/steps/15-apple-typecheck.sh): the toolchain on
// Linux ships no interface of it. A fixture, not a product: the bodies are placeholders
// that never run. Only what Scoped (Sources/Scoped/Internal/Platform/Platform.swift) uses
// is declared, each with the page of Apple's developer documentation
// (developer.apple.com/documentation/os/…) its signature was copied from.

// oslogtype — `struct OSLogType` (the C `os_log_type_t`, imported as a struct);
// oslogtype/fault — `static let fault: OSLogType` (iOS 10, macOS 10.12, tvOS 10, watchOS 3).
public struct OSLogType: Sendable {
    public let rawValue: UInt8
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }
    public static let fault = OSLogType(0x11)
}

// oslog — `class OSLog` (the C `os_log_t`); oslog/default — `static let default: OSLog`.
public final class OSLog: Sendable {
    private init() {}
    public static let `default` = OSLog()
}

// os_log(_:dso:log:_:_:) — `func os_log(_ type: OSLogType, dso: UnsafeRawPointer = #dsohandle,
// log: OSLog = .default, _ message: StaticString, _ args: any CVarArg...)` (iOS 12,
// macOS 10.14, tvOS 12, watchOS 5).
@available(iOS 12.0, macOS 10.14, tvOS 12.0, watchOS 5.0, *)
public func os_log(
    _ type: OSLogType, dso: UnsafeRawPointer = #dsohandle, log: OSLog = .default, _ message: StaticString,
    _ args: any CVarArg...
) {}
