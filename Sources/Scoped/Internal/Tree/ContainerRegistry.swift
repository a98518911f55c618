// Concurrency rule: `live` (a `Locked`) guards the weak list of every root container's node; it is held only to add,
// remove or copy the list. A root's lifetime scopes are reached through the nodes' locks (their storages'), one at a
// time, and under a parent's each child's for a moment (nesting 1 in Locked.swift). No user code runs meanwhile.

/// Every live root container's node: `Scope.<name>.reset()` reaches the roots, and through their trees their children.
package enum ContainerRegistry {
    private struct WeakRoot {
        weak var node: ContainerNode?
        let worldNumber: UInt64
        /// The root's storage, with its node's state (its open children) in the same lock.
        let storage: InstanceStorage
    }
    private static let live = Locked<[ObjectIdentifier: WeakRoot]>([:])
    package static func add(_ root: ContainerNode) {
        let entry = WeakRoot(node: root, worldNumber: root.worldNumber, storage: root.storage)
        live.withLock { $0[ObjectIdentifier(root)] = entry }
    }
    package static func remove(_ id: ObjectIdentifier) { _ = live.withLock { $0.removeValue(forKey: id) } }
    /// The live containers of `world` (nil: production) that hold instances of `scope`.
    package static func nodes(in world: WorldNode?, holding scope: Scope) -> [ContainerNode] {
        let number = world?.number ?? 0
        let roots = live.withLock { $0.values.filter { $0.worldNumber == number } }
        var found = roots.filter { $0.storage.holdsInstances(of: scope) }.compactMap(\.node)
        // A stack of the scopes' storages (each with its node's state), not recursion.
        var unvisited = roots.map(\.storage)
        while let storage = unvisited.popLast() {
            storage.withLock { state in
                state.node.children.forEach { child in
                    if child.storage.holdsInstances(of: scope) { found.append(child) }
                    unvisited.append(child.storage)
                }
            }
        }
        return found.sorted { $0.number < $1.number }
    }
}
