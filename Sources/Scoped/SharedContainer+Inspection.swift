// No shared state of its own: each property reads the container's node under that node's
// or its storage's lock (see the lock inventory in Internal/Platform/Locked.swift).

/// What Scoped's own tests and benchmarks read of a container's internals: the one hook
/// they use instead of reaching into its node. `package`: not part of the public API.
package struct ContainerInspection {
    let node: ContainerNode

    /// How many instances the container holds (not builds in flight), live weak ones included.
    package var heldCount: Int { node.storage.count }
    /// How many entries its storage has filed, dead weak ones included (what its memory grows with).
    package var filedCount: Int { node.storage.filedCount }
    /// How events and messages name it: `root#1`, `checkout#7`.
    package var displayName: String { node.displayName }
    /// How many lifetime scopes opened from it are still open.
    package var openChildCount: Int { node.state.withLock { $0.children.count } }
    /// Whether its held instances are read without a lock (roots and singletons).
    package var readsLockFree: Bool { node.storage.index != nil }
    /// Whether it is a root container.
    package var isRoot: Bool { node.isRoot }
    /// Whether an observer is installed here or on an enclosing scope.
    package var isObserved: Bool { node.isObservedInChain }
    /// How many threads wait for a build in flight in its storage (a test makes a change
    /// once they do).
    package var threadsWaitingForBuilds: Int { node.storage.state.withLock { $0.waiters } }
    /// How many callers wait for the async builds in flight in its storage.
    package var asyncBuildCallers: Int {
        node.storage.state.withLock { $0.asyncBuilds.values.reduce(0) { $0 + $1.membersHoldingStorageLock } }
    }
}

extension SharedContainer {
    /// The hook Scoped's tests read internals through (``ContainerInspection``): this
    /// container as resolves from the calling task see it (a test world's root inside
    /// `ScopedTesting`'s isolation).
    package var inspection: ContainerInspection { ContainerInspection(node: manager.node.nodeInCurrentWorld()) }
}
