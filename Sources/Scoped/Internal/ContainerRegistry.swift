// Concurrency rule: `live` (a `Locked`) guards the weak list of every root container's
// node in the process; it is held only to add, remove or copy the list, never while
// instances are released. A root's lifetime scopes are reached through the nodes'
// `state` locks, taken top-down (a parent's, then each child's under it: nothing takes
// them bottom-up) together with each storage's lock for a moment, so that only the
// nodes that hold instances of the scope are retained. No user code runs meanwhile.

/// Every live root container's node, so that `Scope.<name>.reset()` can reach every
/// container: the roots, and through their trees the open lifetime scopes.
package enum ContainerRegistry {
    private final class WeakRoot {
        weak var node: ScopeNode?
        let domainNumber: UInt64
        /// The root's storage and state (its open children), reachable without the node:
        /// a reset asks them what they hold before taking a strong reference to the root.
        let storage: InstanceStorage
        let state: Locked<ScopeNode.State>
        init(_ node: ScopeNode) {
            self.node = node
            domainNumber = node.domainNumber
            storage = node.storage
            state = node.state
        }
    }

    private static let live = Locked<[ObjectIdentifier: WeakRoot]>([:])

    package static func add(_ root: ScopeNode) {
        let entry = WeakRoot(root)
        live.withLock { $0[ObjectIdentifier(root)] = entry }
    }

    package static func remove(_ id: ObjectIdentifier) {
        _ = live.withLock { $0.removeValue(forKey: id) }
    }

    /// The live containers of `domain` (nil: production) that hold instances of `scope`,
    /// oldest first: roots, and the open lifetime scopes under them.
    ///
    /// A root is loaded (made strong) only if it holds such instances: holding any
    /// other, even for the length of a reset, would keep it alive past its last user, so
    /// that its `deinit` — and its instances' — would run later, on the resetting
    /// thread. The same holds for lifetime scopes, which are walked under their parents'
    /// locks and retained only if they hold such instances.
    package static func managers(in domain: IsolationDomain?, holding scope: Scope) -> [ScopeNode] {
        let number = domain?.number ?? 0
        let roots = live.withLock { $0.values.filter { $0.domainNumber == number } }
        var found: [ScopeNode] = []
        for root in roots {
            if root.storage.holdsInstances(of: scope), let node = root.node { found.append(node) }
            root.state.withLock { collect($0.children, holding: scope, into: &found) }
        }
        return found.sorted { $0.number < $1.number }
    }

    /// Appends the nodes among `children` and their descendants that hold instances of
    /// `scope` (called with the parent's state lock held; the children stay alive).
    private static func collect(_ children: [ScopeNode], holding scope: Scope, into found: inout [ScopeNode]) {
        for child in children {
            if child.storage.holdsInstances(of: scope) { found.append(child) }
            child.state.withLock { collect($0.children, holding: scope, into: &found) }
        }
    }
}
