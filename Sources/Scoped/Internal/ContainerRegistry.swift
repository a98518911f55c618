// Concurrency rule: `live` (a `Locked`) guards the weak list of every container's
// node in the process; it is held only to add, remove or copy the list, never
// while instances are released.

/// Every live container's node, so that `Scope.<name>.reset()` can reach them all.
package enum ContainerRegistry {
    private final class WeakNode {
        weak var node: ScopeNode?
        let domainNumber: UInt64
        /// The node's storage, reachable without the node: a reset asks it whether it holds
        /// anything of the scope before taking a strong reference to the node.
        let storage: InstanceStorage
        init(_ node: ScopeNode) {
            self.node = node
            domainNumber = node.domainNumber
            storage = node.storage
        }
    }

    private static let live = Locked<[ObjectIdentifier: WeakNode]>([:])

    package static func add(_ manager: ScopeNode) {
        let entry = WeakNode(manager)
        live.withLock { $0[ObjectIdentifier(manager)] = entry }
    }

    package static func remove(_ id: ObjectIdentifier) {
        _ = live.withLock { $0.removeValue(forKey: id) }
    }

    /// The live managers of `domain` (nil: production) that hold instances of `scope`,
    /// oldest first.
    ///
    /// Only those are loaded (made strong): holding any other container, even for the
    /// length of a reset, would keep it alive past its last user, so that its `deinit` —
    /// and its instances' — would run later, on the resetting thread.
    package static func managers(in domain: IsolationDomain?, holding scope: Scope) -> [ScopeNode] {
        let number = domain?.number ?? 0
        let candidates = live.withLock { $0.values.filter { $0.domainNumber == number } }
        return candidates
            .filter { $0.storage.holdsInstances(of: scope) }
            .compactMap(\.node)
            .sorted { $0.number < $1.number }
    }
}
