// `CGFloat`, as SwiftUI code sees it: on Apple platforms SwiftUI re-exports Core
// Foundation's `CGFloat`, which its layout APIs take (`VStack(spacing:)`). The stub
// declares it itself, so that the SwiftUI stub needs no Foundation: the Apple
// type-check (.ci/steps/15-apple-typecheck.sh) has no interface of Foundation.
//
// corefoundation/cgfloat-swift.struct — `@frozen struct CGFloat` (iOS 2, macOS 10.0,
// tvOS 9, watchOS 1); a 64-bit CPU stores a `Double` (…/nativetype — `typealias
// NativeType = Double`). Of its conformances, only those a literal needs are declared.
@frozen
public struct CGFloat: Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public typealias NativeType = Double
    public var native: NativeType
    public init(_ value: Double) { native = value }
    public init(integerLiteral value: Int) { native = Double(value) }
    public init(floatLiteral value: Double) { native = value }
}
