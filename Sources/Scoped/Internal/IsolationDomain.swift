// Concurrency rule: `replacements` (a `Locked`) guards the map from a production root
// container to this domain's stand-in; `activeCount` is an atomic read on every
// resolve. No lock is held while a stand-in is configured (that runs user code).
import Synchronization

/// A world of containers of its own: each production root container is replaced, for
/// the code that runs inside the domain (a task-local), by a fresh root with its own
/// overrides, caches, custom scopes and singletons. `ScopedTesting` builds on it.
package final class IsolationDomain: Sendable {
    /// Singletons of this domain (the process's ones are not visible inside it).
    package let singletons = InstanceStorage()
    private let replacements = Locked<[ObjectIdentifier: ContainerManager]>([:])
    private let parent: IsolationDomain?
    package let name: String

    package init(name: String, parent: IsolationDomain?) {
        self.name = name
        self.parent = parent
    }

    /// The domain the current task runs in, if any.
    @TaskLocal package static var current: IsolationDomain?

    /// How many domains are entered right now, process-wide. While it is zero, resolves
    /// skip the task-local read entirely.
    private static let activeCount = Atomic<Int>(0)

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
    package func replacement(for root: ContainerManager) -> ContainerManager {
        let id = ObjectIdentifier(root)
        if let existing = replacements.withLock({ $0[id] }) { return existing }
        let inherited = parent.map { $0.replacement(for: root) }
        let made = ContainerManager(standInFor: root, domain: self, inheriting: inherited)
        return replacements.withLock { map in
            if let raced = map[id] { return raced }
            map[id] = made
            return made
        }
    }
}
