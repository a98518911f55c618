// No shared state. The one file that says what each lifetime does with its instances: where
// they live and which storage holds them, whether weakly, how long, who reports a stored
// release, what a reset reaches. Adding a scope touches this file, `Scope.swift` and the modifiers.

extension Scope {
    package static func builtIn(_ kind: Lifetime) -> Scope {
        switch kind {
        case .unique: .unique
        case .graph: .graph
        case .shared: .shared
        case .cached: .cached
        case .scoped: .scoped
        case .singleton: .singleton
        }
    }
    /// `reset()`: drops every instance of this scope in every container of the current world.
    func dropInstancesEverywhere() {
        if kind.holdsInstances { ContainerNode.resetEverywhere(scope: self) }
    }
}

extension Scope.Lifetime {
    /// Where the instances of a scope live, seen from the container that resolves.
    @usableFromInline
    package enum Home {
        case nowhere  // every resolve builds (`.unique`)
        case graph  // in the current top-level resolve, for everything it builds (`.graph`)
        case lifetimeScope  // in the resolving lifetime scope; at a root, in the root (`.scoped`)
        case root  // in the root container, whichever child resolves (`.cached`, `.shared`, custom)
        case process  // in the process's singletons, or the current isolation's (`.singleton`)
    }

    /// Where instances of this lifetime live (an override moves `.root` and `.process` ones to its container).
    @inlinable @inline(__always)
    package var home: Home {
        switch self {
        case .unique: .nowhere
        case .graph: .graph
        case .scoped: .lifetimeScope
        case .cached, .shared: .root
        case .singleton: .process
        }
    }
    /// Whether the container keeps its instance weakly (`.shared`: class instances only).
    @inlinable @inline(__always)
    package var keepsWeakly: Bool { self == .shared }
    /// Whether a container holds instances of this lifetime (a resolve may find, a reset drop).
    @inlinable @inline(__always)
    package var holdsInstances: Bool { home != .nowhere && home != .graph }
    /// How long a scope of this lifetime keeps what it holds (captive-dependency checks).
    package var rank: UInt8 {
        switch self {
        case .unique, .graph: 0
        case .shared: 1
        case .scoped: 2
        case .cached: 3
        case .singleton: 4
        }
    }
    /// Whether an instance of this lifetime outlives every lifetime scope (cached, singleton).
    package var outlivesLifetimeScopes: Bool { rank >= Scope.Lifetime.cached.rank }
    /// Whether an instance may die while a longer-lived one holds it (`.shared`, child `.scoped`).
    package func isShortLived(ownedByChild: Bool) -> Bool { keepsWeakly || (home == .lifetimeScope && ownedByChild) }
    /// Whether an instance is kept outside every lifetime scope a view opened (by the root, the
    /// process or the top-level resolve): its build sees its holder's factories, never a view's.
    package func isHeldOutsideViews(ownedByChild: Bool) -> Bool { home != .nowhere && !ownedByChild }
    package var allowsAsyncBodies: Bool { home != .graph }
    /// How a build hands its value to `finishBuild`: `.shared` as the class instance itself.
    @inlinable @inline(__always)
    package var payloadForm: PayloadForm { keepsWeakly ? .weak : .strong }
    /// What a storage keeps for a build's `payload`: a weak reference for `.shared`, the payload
    /// otherwise; nothing for no payload or an optional's `nil` (the next resolve builds again).
    @inline(__always)
    package func holding(for payload: AnyObject?, weakTarget: (AnyObject) -> AnyObject?) -> StoredEntry.Holding {
        guard let payload else { return .vacant }
        guard keepsWeakly else { return (payload as? AnyInstanceBox)?.holdsNil == true ? .vacant : .strong(payload) }
        return weakTarget(payload).map { .weak(WeakInstance($0)) } ?? .vacant
    }

    /// Who reports a stored instance's release: the resolving root for a singleton (one storage for
    /// every root), nobody otherwise (the storage's owner does).
    @inline(__always)
    package func storedReporter(_ resolvingRoot: ContainerNode?) -> ContainerNode? {
        home == .process ? resolvingRoot : nil
    }

    /// Who owns the instances of this lifetime resolved from `node`, and which storage keeps
    /// them (nil for `.unique` and `.graph`); an override's owner for `.root` and `.process`.
    @inline(__always)
    func holder(
        from node: ContainerNode, overriddenIn overrideOwner: ContainerNode?
    ) -> (owner: ContainerNode, storage: InstanceStorage)? {
        switch home {
        case .nowhere, .graph: return nil
        case .lifetimeScope: return (node, node.storage)
        case .root:
            let owner = overrideOwner ?? node.root
            return (owner, owner.storage)
        case .process:
            guard let overrideOwner else { return (node.root, node.singletons) }
            return (overrideOwner, overrideOwner.isRoot ? overrideOwner.overriddenSingletons : overrideOwner.storage)
        }
    }

    /// The storage of `holder(from:overriddenIn:)` with no override, borrowed (no retain of a
    /// weakly referenced root): for the lock-free read.
    @inline(__always)
    func withHeldStorage<R>(from node: ContainerNode, _ body: (InstanceStorage) -> R) -> R? {
        switch home {
        case .root: node.rootStorage.withBorrowed(body)
        case .lifetimeScope: body(node.storage)
        case .process: body(node.singletons)
        case .nowhere, .graph: nil
        }
    }
}

extension ContainerNode {
    /// The storages a `register` or `reset` of one registration drops its instances from, in
    /// this container (a child: its own only, its parent is never touched).
    package func storagesToDrop(overrideChanged: Bool) -> [InstanceStorage] {
        guard isRoot else { return [storage] }
        return overrideChanged ? [storage, overriddenSingletons] : [storage, singletons, overriddenSingletons]
    }
}
