// No shared state. This is the one file that says what each lifetime does with its
// instances: where they live (`home`, and the storage that holds them: `holder` and
// `withHeldStorage`), whether weakly (`holding`), how long (`rank`), which ones a
// longer-lived instance can capture, who reports a stored instance's release
// (`storedReporter`), what a reset reaches (`storagesToDrop`, `dropInstancesEverywhere`)
// and what an async body may use. Every other file asks these and decides nothing on its
// own: adding a scope touches this file, `Scope.swift` and the modifiers.

extension Scope {
    /// The built-in scope of `kind`.
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
}

extension Scope.Lifetime {
    /// Where the instances of a scope live, seen from the container that resolves.
    @usableFromInline
    package enum Home {
        /// Nowhere: every resolve builds (`.unique`).
        case nowhere
        /// In the current top-level resolve, for everything it builds (`.graph`).
        case graph
        /// In the resolving lifetime scope; at a root, in the root (`.scoped`).
        case lifetimeScope
        /// In the root container, whichever child resolves (`.cached`, `.shared`, custom).
        case root
        /// In the process's singletons, or the current isolation's (`.singleton`).
        case process
    }

    /// Where instances of this lifetime live (an override moves `.root` and `.process`
    /// instances to the container that holds the override).
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

    /// Whether the container keeps its instance weakly (`.shared`: class instances only;
    /// a value type is built anew on every resolve).
    @inlinable @inline(__always)
    package var keepsWeakly: Bool { self == .shared }

    /// Whether a container holds instances of this lifetime (what a resolve may find
    /// without building, and what a reset may drop).
    @inlinable @inline(__always)
    package var holdsInstances: Bool { home != .nowhere && home != .graph }

    /// How long a scope of this lifetime keeps what it holds; captive-dependency checks
    /// compare these.
    package var rank: UInt8 {
        switch self {
        case .unique, .graph: 0
        case .shared: 1
        case .scoped: 2
        case .cached: 3
        case .singleton: 4
        }
    }

    /// Whether an instance of this lifetime outlives every lifetime scope (cached, custom,
    /// singleton): resolving a short-lived one from its body captures that one.
    package var outlivesLifetimeScopes: Bool { rank >= Scope.Lifetime.cached.rank }

    /// Whether an instance of this lifetime may be gone while a longer-lived one still
    /// holds it: a `.shared` one, or a `.scoped` one owned by a child lifetime scope.
    package func isShortLived(ownedByChild: Bool) -> Bool {
        keepsWeakly || (home == .lifetimeScope && ownedByChild)
    }

    /// Whether an instance of this lifetime is kept outside every lifetime scope a view
    /// opened: by the root or the process (`.cached`, `.shared`, custom, `.singleton`, and
    /// `.scoped` at a root), or by the current top-level resolve (`.graph`). What such a
    /// build resolves sees its holder's factories and overrides only, never a view's
    /// (InjectionContainers.swift). `.unique` belongs to its caller; `ownedByChild`: a
    /// lifetime scope holds it (`.scoped`, or an override registered in that scope).
    package func isHeldOutsideViews(ownedByChild: Bool) -> Bool {
        home != .nowhere && !ownedByChild
    }

    /// Whether an async factory may use this lifetime: not `.graph`, the scope of one
    /// synchronous resolve.
    package var allowsAsyncBodies: Bool { home != .graph }

    /// How a build hands its value to `finishBuild`: weakly kept instances as the class
    /// instance itself (nil for a value type), the others as a ``Payload``.
    @inlinable @inline(__always)
    package var payloadForm: PayloadForm { keepsWeakly ? .weak : .strong }

    /// What a storage keeps for a build that made `payload`: a weak reference to its class
    /// instance (`weakTarget`; nothing for a value type) for `.shared`, the payload itself
    /// otherwise, nothing for a build that made nothing or an optional's `nil` (as in
    /// Factory, the next resolve builds again).
    @inline(__always)
    package func holding(for payload: AnyObject?, weakTarget: (AnyObject) -> AnyObject?) -> StoredEntry.Holding {
        guard let payload else { return .vacant }
        guard keepsWeakly else { return (payload as? AnyInstanceBox)?.holdsNil == true ? .vacant : .strong(payload) }
        return weakTarget(payload).map { .weak(WeakInstance($0)) } ?? .vacant
    }

    /// The container that reports the release of a stored instance, kept with it: a
    /// singleton's (its storage is shared by every root of the process), nobody for the
    /// others (their storage's owner reports).
    @inline(__always)
    package func storedReporter(_ resolvingRoot: ContainerNode?) -> ContainerNode? {
        home == .process ? resolvingRoot : nil
    }
}

extension Scope.Lifetime {
    /// Who owns the instances of this lifetime resolved from `node`, and where they are
    /// kept; nil for `.unique` and `.graph`, which keep nothing.
    ///
    /// `.scoped`: that lifetime scope, wherever an override was registered. `.cached`,
    /// `.shared`, custom scopes: the root, or the container whose override made the
    /// instance. `.singleton`: the process's (or test world's) singletons; an override's,
    /// one per process (or world) for the roots' overrides of a registration, as in Factory,
    /// and a lifetime scope's own for an override registered on that scope.
    @inline(__always)
    func holder(
        from node: ContainerNode, overriddenIn overrideOwner: ContainerNode?
    ) -> (owner: ContainerNode, storage: InstanceStorage)? {
        switch home {
        case .nowhere, .graph:
            return nil
        case .lifetimeScope:
            return (node, node.storage)
        case .root:
            let owner = overrideOwner ?? node.root
            return (owner, owner.storage)
        case .process:
            guard let overrideOwner else { return (node.root, node.singletons) }
            return (overrideOwner, overrideOwner.isRoot ? overrideOwner.overriddenSingletons : overrideOwner.storage)
        }
    }

    /// `holder(from:overriddenIn:)` with no override, for the lock-free read: `body` gets
    /// the storage borrowed, without a reference to its owner (a retain per resolve that
    /// the read does not need; a root is weakly referenced, so its retains are slow). Nil
    /// for the lifetimes that keep nothing. Inlined into the fast read, so that choosing
    /// the storage costs what the hand-written switch there did.
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
    /// The storages a `register` or `reset` of one registration drops its instances from,
    /// in this container: a root's own and the singleton the roots' overrides made; on a
    /// reset of its instances (`overrideChanged` false) the declaration's singleton too,
    /// which an override change leaves to the roots without an override that resolve it.
    /// A child lifetime scope's own only, so that its parent is never touched. (The open
    /// scopes below the container drop theirs too: ``ContainerNode/dropInOpenDescendants(_:)``.)
    package func storagesToDrop(overrideChanged: Bool) -> [InstanceStorage] {
        guard isRoot else { return [storage] }
        return overrideChanged ? [storage, overriddenSingletons] : [storage, singletons, overriddenSingletons]
    }
}

extension Scope {
    /// `reset()`: drops every instance of this scope, in every container of the current
    /// world — singletons from the process's (or test world's) singletons and the
    /// containers holding overridden ones, the others from every container holding some.
    func dropInstancesEverywhere() {
        switch kind.home {
        case .nowhere, .graph: return
        case .process: ContainerNode.resetSingletons(scope: self)
        case .root, .lifetimeScope: ContainerNode.resetEverywhere(scope: self)
        }
    }
}
