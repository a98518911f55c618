// Concurrency rule: `live` (a `Locked`) guards the weak list of every container
// manager in the process; it is held only to add, remove or copy the list, never
// while instances are released.

/// Every live container manager, so that `Scope.<name>.reset()` can reach them all.
package enum ContainerRegistry {
    private final class WeakManager {
        weak var manager: ContainerManager?
        let domainNumber: UInt64
        init(_ manager: ContainerManager) {
            self.manager = manager
            domainNumber = manager.domainNumber
        }
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
        let number = domain?.number ?? 0
        // Filter on the entry's number before loading the weak reference: loading makes a
        // strong one, which would keep another world's container alive until this returns
        // (its deinit, and its instances' deinits, then running on this thread).
        let matching = live.withLock { $0.values.filter { $0.domainNumber == number }.compactMap(\.manager) }
        return matching.sorted { $0.number < $1.number }
    }
}
