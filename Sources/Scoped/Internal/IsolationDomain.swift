// Concurrency rule: `standIns` (one process-wide `Locked`) guards the table of stand-ins,
// keyed by production root and domain; `activeCount` is an atomic read on every
// resolve. No lock is held while a stand-in is made or released (releasing one runs
// the `deinit`s of its instances): entries are moved out under the lock and dropped
// after unlocking.

/// A world of containers of its own: each production root container is replaced, for
/// the code that runs inside the domain (a task-local), by a fresh root with its own
/// overrides, caches, custom scopes and singletons. `ScopedTesting` builds on it.
///
/// Lifetimes: a stand-in lives while both its domain and its production root live.
/// The table holds it strongly; the stand-in refers to its domain only by number, so
/// the domain's `deinit` (when the last task or handle that entered it is gone) drops
/// its stand-ins, releasing their instances newest first; a production root's `deinit`
/// (a test's own `Container()` going away) drops the stand-ins made for it.
package final class IsolationDomain: Sendable {
    /// Singletons of this domain (the process's ones are not visible inside it).
    package let singletons = InstanceStorage()
    private let parent: IsolationDomain?
    package let name: String
    /// Unique in the process (never reused, unlike an `ObjectIdentifier`).
    package let number: UInt64

        /// Stand-ins by production root number, then by domain number.
    private static let standIns = Locked<[UInt64: [UInt64: ScopeNode]]>([:])
    /// Whether any stand-in was ever made: until then a root's `deinit` skips the table.
    private static var everReplaced: AtomicWord { ProcessWideWord.isolationEverReplaced.word }

    package init(name: String, parent: IsolationDomain?) {
        self.name = name
        self.parent = parent
        number = ProcessWideCounter.isolationDomainNumbers.next()
    }

    deinit {
        let number = self.number
        let dropped: [ScopeNode] = Self.standIns.withLock { table in
            var dropped: [ScopeNode] = []
            for (root, byDomain) in table {
                guard let standIn = byDomain[number] else { continue }
                dropped.append(standIn)
                table[root]![number] = nil
                if table[root]!.isEmpty { table[root] = nil }
            }
            return dropped
        }
        // Released unlocked, newest stand-in first; each releases its instances newest first.
        var ordered = dropped.sorted { $0.number < $1.number }
        while let standIn = ordered.popLast() { _ = consume standIn }
    }

    /// The domain the current task runs in, if any.
    @TaskLocal package static var current: IsolationDomain?

    /// How many domains are entered right now, process-wide. While it is zero, resolves
    /// skip the task-local read entirely.
    private static var activeCount: AtomicWord { ProcessWideWord.isolationDomainsActive.word }

    @inline(__always)
    package static var isActive: Bool { activeCount.load(ordering: .relaxed) != 0 }

    /// Runs `operation` inside this domain.
    package func enter<R>(_ operation: () throws -> R) rethrows -> R {
        Self.activeCount.add(1, ordering: .sequentiallyConsistent)
        defer { Self.activeCount.subtract(1, ordering: .sequentiallyConsistent) }
        return try Self.$current.withValue(self, operation: operation)
    }

    /// Runs the async `operation` inside this domain (child tasks inherit it).
    package func enter<R>(isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> R) async rethrows -> R {
        Self.activeCount.add(1, ordering: .sequentiallyConsistent)
        defer { Self.activeCount.subtract(1, ordering: .sequentiallyConsistent) }
        return try await Self.$current.withValue(self, operation: operation)
    }

    /// This domain's stand-in for the production root `root` (made on first use).
    ///
    /// A nested domain's stand-in starts as a child-less copy of the enclosing domain's
    /// overrides: nested isolation sees the outer test's overrides.
    package func replacement(for root: ScopeNode) -> ScopeNode {
        let rootNumber = root.number
        if let existing = Self.standIns.withLock({ $0[rootNumber]?[number] }) { return existing }
        let inherited = parent.map { $0.replacement(for: root) }
        let made = ScopeNode(standInFor: root, domain: self, inheriting: inherited)
        Self.everReplaced.store(1, ordering: .sequentiallyConsistent)
        return Self.standIns.withLock { table in
            if let raced = table[rootNumber]?[number] { return raced }
            table[rootNumber, default: [:]][number] = made
            return made
        }
    }

    /// Drops the stand-ins made for the production root numbered `rootNumber`, which is
    /// going away. Costs one atomic load in a process that never used a domain.
    package static func rootDidEnd(_ rootNumber: UInt64) {
        guard everReplaced.load(ordering: .relaxed) != 0 else { return }
        let dropped = standIns.withLock { $0.removeValue(forKey: rootNumber) }
        guard let dropped else { return }
        var ordered = dropped.values.sorted { $0.number < $1.number }
        while let standIn = ordered.popLast() { _ = consume standIn }
    }
}
