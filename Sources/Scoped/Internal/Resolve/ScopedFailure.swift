/// The single place where Scoped stops the process on a programmer error: `fatalError`
/// (it keeps its message in release builds), plus a line saying where to look: the app's
/// first frame in the backtrace, and the `self { … }` call of each registration named.
@usableFromInline package enum ScopedFailure {
    @usableFromInline package static func stop(
        _ message: String, declaredBy keys: [RegistrationKey] = [], file: StaticString = #fileID, line: UInt = #line
    ) -> Never {
        fatalError("Scoped: \(message)\n\(whereToLook(keys))", file: file, line: line)
    }
    /// The one reporter of every kind of cycle: `circular dependency[ <how>]: <steps, separated><note>`.
    package static func stopCycle(
        _ how: String? = nil, _ steps: [String], separator: String = " → ", note: String = "",
        declaredBy keys: [RegistrationKey]
    ) -> Never {
        stop("circular dependency\(how.map { " \($0)" } ?? ""): \(steps.joined(separator: separator))\(note)", declaredBy: keys)
    }
    package static func whereToLook(_ keys: [RegistrationKey]) -> String {
        let text = "Scoped: where to look: the first frame of your code in the backtrace made the call that stopped"
        var sites: [(key: RegistrationKey, site: String)] = []
        for key in keys where !sites.contains(where: { $0.key == key }) {
            if let site = key.declaration { sites.append((key, site)) }
        }
        let list = sites.map { "\($0.site) for \($0.key)" }.joined(separator: ", ")
        return sites.isEmpty ? text : text + "; the self { … } calls are at " + list
    }
}
