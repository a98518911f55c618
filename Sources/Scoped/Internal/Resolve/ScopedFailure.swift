/// The single place where Scoped stops the process on a programmer error.
///
/// `fatalError` keeps its message in release builds (a `precondition` would not), so
/// every stop names the registrations involved whatever the build configuration.
///
/// `fatalError`'s own location is inside Scoped, which is not where the mistake is. So
/// every stop adds a second line saying where to look: the first frame of the app's
/// code in the backtrace (or the debugger's stack) is the call that stopped, and each
/// registration the message names is declared by the `self { … }` call at the file, line
/// and column given (they are part of its key, so it costs nothing to report).
@usableFromInline
package enum ScopedFailure {
    @usableFromInline
    package static func stop(
        _ message: String, declaredBy keys: [RegistrationKey] = [], file: StaticString = #fileID, line: UInt = #line
    ) -> Never {
        fatalError("Scoped: \(message)\n\(whereToLook(keys))", file: file, line: line)
    }

    /// The one cycle reporter, for every kind of cycle: a thread's own stack of builds, a
    /// wait across threads, a `Lazy`, a task's chain of async builds or builds across
    /// tasks. `circular dependency[ <how>]: <steps joined by separator><note>`, naming the
    /// registrations of every step.
    package static func stopCycle(
        _ how: String? = nil, _ steps: [String], separator: String = " → ", note: String = "",
        declaredBy keys: [RegistrationKey]
    ) -> Never {
        stop("circular dependency\(how.map { " \($0)" } ?? ""): \(steps.joined(separator: separator))\(note)", declaredBy: keys)
    }

    /// The second line of every stop message.
    package static func whereToLook(_ keys: [RegistrationKey]) -> String {
        var text = "Scoped: where to look: the first frame of your code in the backtrace made the call that stopped"
        var named: [(key: RegistrationKey, site: String)] = []
        for key in keys where !named.contains(where: { $0.key == key }) {
            if let site = key.declaration { named.append((key, site)) }
        }
        guard !named.isEmpty else { return text }
        let sites = named.map { "\($0.site) for \($0.key)" }
        text += "; the self { … } calls are at " + sites.joined(separator: ", ")
        return text
    }
}
