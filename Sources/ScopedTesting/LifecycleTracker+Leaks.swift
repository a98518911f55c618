// Concurrency rule: no state of its own; the flow's releases are gathered by Scoped's leak
// check (a task-local collector, locked) and checked after the flow returns, with no lock held.
import Scoped
import Testing

extension LifecycleTracker {
    /// Runs `flow` and expects every class instance a scope released during it (a
    /// `close()`, a reset) to be gone when it returns: the leak check of
    /// `LifecycleEvent.leakGracePeriod`, made at once, so the test never waits.
    ///
    /// ```swift
    /// @Test(.container) func checkoutLeavesNothingBehind() {
    ///     let tracker = LifecycleTracker(observing: Container.shared)
    ///     tracker.expectNoLeaks {
    ///         let checkout = Container.shared.child("checkout")
    ///         let cart = checkout.cart()
    ///         cart.onChange = { cart.save() }   // a retain cycle: fails the test
    ///         checkout.close()
    ///     }
    /// }
    /// ```
    ///
    /// A failure names each instance still alive, its scope, the container that released it
    /// and the builds that made it:
    ///
    /// ```
    /// expected no leaks, but 1 instance released during the flow is still alive:
    ///   - cart (Cart) scoped, released by checkout#4
    /// ```
    ///
    /// Each one is reported to the observers of the container that released it too, as a
    /// `LifecycleEvent.Kind.leaked` event (0 seconds). Releases made during
    /// the flow on this thread, or in this task and its child tasks, are checked; not those
    /// of other threads or unstructured tasks. Instances the scopes never held strongly are
    /// not: a `.shared` one (others keep it on purpose), a `.cached` or `.singleton` one
    /// that a lifetime scope resolved but its root holds, a value.
    ///
    /// - Parameters:
    ///   - flow: What the test does: open a scope, resolve, close it.
    ///   - fileID: The caller's file; filled in for you (as are `filePath`, `line` and `column`).
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the expectation held.
    @discardableResult
    public func expectNoLeaks(
        after flow: () throws -> Void,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) rethrows -> Bool {
        try expectNoLeaks(
            sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column), after: flow)
    }

    /// Runs `flow` and expects every class instance a scope released during it to be gone
    /// when it returns; a failure is reported at `sourceLocation`. See
    /// ``expectNoLeaks(after:fileID:filePath:line:column:)``.
    ///
    /// - Parameters:
    ///   - sourceLocation: Where a failure is reported: the caller's, forwarded by a helper.
    ///   - flow: What the test does.
    /// - Returns: Whether the expectation held.
    @discardableResult
    public func expectNoLeaks(sourceLocation: SourceLocation, after flow: () throws -> Void) rethrows -> Bool {
        let leaks = try LeakCheck.collecting(flow).leaks
        return expectNone(of: leaks, sourceLocation: sourceLocation)
    }

    /// Runs the async `flow` and expects every class instance a scope released during it
    /// to be gone when it returns. See ``expectNoLeaks(after:fileID:filePath:line:column:)``.
    ///
    /// ```swift
    /// await tracker.expectNoLeaks {
    ///     let feed = Container.shared.child("feed")
    ///     await feed.feedModel().load()
    ///     feed.close()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor; filled in for you.
    ///   - flow: What the test does.
    ///   - fileID: The caller's file; filled in for you (as are `filePath`, `line` and `column`).
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the expectation held.
    @discardableResult
    public func expectNoLeaks(
        isolation: isolated (any Actor)? = #isolation,
        after flow: () async throws -> Void,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async rethrows -> Bool {
        let leaks = try await LeakCheck.collecting(flow).leaks
        return expectNone(
            of: leaks, sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func expectNone(of leaks: [LeakCheck.Leak], sourceLocation: SourceLocation) -> Bool {
        guard !leaks.isEmpty else { return true }
        let count = leaks.count == 1 ? "1 instance released during the flow is" : "\(leaks.count) instances released during the flow are"
        let lines = leaks.map { leak -> String in
            var line = "\n  - \(leak.subject) \(leak.scope), released by \(leak.container)"
            if !leak.event.builtThrough.isEmpty {
                line += ", built through \(leak.event.builtThrough.map(\.description).joined(separator: " → "))"
            }
            return line
        }
        let tracked = leaks.compactMap { trackedInstance(identifiedBy: $0.instance) }
        report(LifecycleViolation(
            kind: .leaked, message: "expected no leaks, but \(count) still alive:" + lines.joined(),
            instances: tracked, sourceLocation: sourceLocation))
        return false
    }
}
