/// The single place where Scoped stops the process on a programmer error.
///
/// `fatalError` keeps its message in release builds (a `precondition` would not), so
/// every stop names the registrations involved whatever the build configuration.
@usableFromInline
package enum ScopedFailure {
    @usableFromInline
    package static func stop(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        fatalError("Scoped: \(message)", file: file, line: line)
    }
}
