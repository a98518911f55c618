// Concurrency rule: `live` (a `Locked`) guards the weak list of every container
// manager in the process; it is held only to add, remove or copy the list, never
// while instances are released.

/// Every live container manager, so that `Scope.<name>.reset()` can reach them all.
package enum ContainerRegistry {
    private final class WeakManager {
        weak var manager: ContainerManager?
        init(_ manager: ContainerManager) { self.manager = manager }
    }

    private static let live = Locked<[ObjectIdentifier: WeakManager]>([:])

    package static func add(_ manager: ContainerManager) {
        let entry = WeakManager(manager)
        live.withLock { $0[ObjectIdentifier(manager)] = entry }
    }

    package static func remove(_ id: ObjectIdentifier) {
        _ = live.withLock { $0.removeValue(forKey: id) }
    }

    /// The live managers that belong to `domain` (nil: production), oldest first.
    package static func managers(in domain: IsolationDomain?) -> [ContainerManager] {
        let all = live.withLock { $0.values.compactMap(\.manager) }
        return all.filter { $0.domain === domain }.sorted { $0.number < $1.number }
    }
}
