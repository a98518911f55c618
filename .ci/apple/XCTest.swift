// Declarations-only stand-in for Apple's XCTest, for the Apple type-check of the doc
// snippets (.ci/steps/15-apple-typecheck.sh): the toolchain on Linux ships no interface
// of it. A fixture, not a product: the bodies are placeholders that never run.
//
// Each declaration carries the page of Apple's developer documentation
// (developer.apple.com/documentation/xctest/…) it was copied from; the pages list no
// introduction version. Only what the snippets use is declared. Not modelled: both
// classes are Objective-C classes on Apple platforms; the check runs without
// Objective-C interop.

// xctest — `class XCTest`, the abstract base class of test cases and suites.
open class XCTest {
    public init() {}
}

// xctestcase — `class XCTestCase`, a subclass of `XCTest`.
open class XCTestCase: XCTest {}

// xctassertequal(_:_:_:file:line:) — `func XCTAssertEqual<T>(_ expression1: @autoclosure
// () throws -> T, _ expression2: @autoclosure () throws -> T, _ message: @autoclosure ()
// -> String = "", file: StaticString = #filePath, line: UInt = #line) where T : Equatable`.
public func XCTAssertEqual<T>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) where T: Equatable {}

// xctfail(_:file:line:) — `func XCTFail(_ message: String = "", file: StaticString =
// #filePath, line: UInt = #line)`.
public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {}
