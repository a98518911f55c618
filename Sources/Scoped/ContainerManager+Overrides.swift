// `ContainerManager`'s calls on one container's overrides and instances, as Factory's
// manager has them: push/pop, reset by scope or options, isEmpty. Each runs in the calling
// code's container world and stops on a closed lifetime scope.

extension ContainerManager {
    /// Saves this container's overrides (those of the calling code's container world),
    /// for ``pop()`` to put back: Factory's `push()` in a test's `setUp`.
    ///
    /// ```swift
    /// Container.shared.manager.push()
    /// Container.shared.api.register { MockAPI() }
    /// // … the test …
    /// Container.shared.manager.pop()   // the overrides as they were at push()
    /// ```
    ///
    /// Pushes nest. For tests that run in parallel, give each its own world instead
    /// (`@Test(.container)`, `withContainer { }` of ScopedTesting): a push on a shared
    /// container saves what other tests registered too.
    public func push() {
        openNode(for: "push()").pushOverrides()
    }

    /// Puts back the overrides the latest ``push()`` saved and drops the instances held for
    /// each registration whose override that changes, so the next resolve uses the restored
    /// one. A `pop()` without a `push()` before it stops with a message.
    public func pop() {
        openNode(for: "pop()").popOverrides()
    }

    /// Drops the instances of `scope` this container holds (in the calling code's world),
    /// leaving its overrides and other containers' instances (Factory's `reset(scope:)`).
    /// For ``Scope/singleton``: the singletons this root container built, its overrides'
    /// and the declared ones it resolved first; other roots keep theirs.
    ///
    /// ```swift
    /// Container.shared.manager.reset(scope: .cached)
    /// ```
    ///
    /// `Scope.cached.reset()` drops a scope's instances in every container at once.
    ///
    /// - Parameter scope: The scope whose instances go.
    public func reset(scope: Scope) {
        openNode(for: "reset(scope: .\(scope.name))").resetHeld(of: scope)
    }

    /// Factory's `reset(options:)` of a whole container (in the calling code's world):
    /// `.all` is ``SharedContainer/reset()``; `.registration` drops the overrides
    /// `register` made, `.context` the context modifiers stored at run time (each
    /// keeping the other), `.scope` every instance the container holds but its overrides
    /// and singletons, `.none` nothing. Each drops the instances made with what it removes.
    ///
    /// - Parameter options: What to reset.
    public func reset(options: FactoryResetOptions) {
        let node = openNode(for: "reset(options: .\(options))")
        switch options {
        case .all: node.reset()
        case .none: return
        case .registration: node.removeOverrideParts(of: nil, keepRegistered: false, keepContexts: true)
        case .context: node.removeOverrideParts(of: nil, keepRegistered: true, keepContexts: false)
        case .scope: node.releaseNewestFirst(node.storage.remove())
        }
    }

    /// Whether this container (in the calling code's world) holds nothing of what
    /// `options` names (Factory's `isEmpty(_:)`): `.registration` no override `register`
    /// made, `.context` no context modifier stored at run time, `.scope` no instance,
    /// `.all` none of them; `.none` is always true.
    ///
    /// - Parameter options: What to look for.
    /// - Returns: Whether there is none of it.
    public func isEmpty(_ options: FactoryResetOptions) -> Bool {
        let node = node.nodeInCurrentWorld()
        let overrides = node.state.withLock { $0.overrides }
        let registrations = overrides.values.contains(where: StoredOverrides.hasRegistered)
        let contexts = overrides.values.contains(where: StoredOverrides.hasContexts)
        switch options {
        case .none: return true
        case .registration: return !registrations
        case .context: return !contexts
        case .scope: return node.storage.count == 0
        case .all: return overrides.isEmpty && node.storage.count == 0
        }
    }

    /// This container's node in the calling code's world; stops if it is closed, naming
    /// `call`: a closed lifetime scope holds nothing and takes no override, so Factory's
    /// container calls on it are a mistake, as `register` on it is.
    private func openNode(for call: String) -> ContainerNode {
        let node = node.nodeInCurrentWorld()
        if node.isClosed {
            ScopedFailure.stop("cannot \(call) on \(node.displayName): that \(node.isRoot ? "container" : "lifetime scope") is closed")
        }
        return node
    }
}
