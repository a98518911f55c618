// What a container holds, counted: instances and overrides.

extension SharedContainer {
    /// How many instances this container holds: the caching scopes' of a root (custom
    /// scopes included), a lifetime scope's `.scoped` ones, live `.shared` ones. Singletons
    /// belong to the process and are not counted. (Factory's `manager.isEmpty(.scope)`.)
    ///
    /// ```swift
    /// let container = Container()
    /// _ = container.store()
    /// container.heldInstanceCount   // 1
    /// container.reset()
    /// container.isEmpty             // true
    /// ```
    public var heldInstanceCount: Int {
        manager.node.nodeInCurrentWorld().storage.count
    }

    /// How many overrides are registered on this container itself (not on its parents).
    /// (Factory's `manager.isEmpty(.registration)`.)
    public var overrideCount: Int {
        Int(manager.node.nodeInCurrentWorld().overrideCount.load(ordering: .relaxed))
    }

    /// Whether this container holds no instance and no override.
    public var isEmpty: Bool {
        heldInstanceCount == 0 && overrideCount == 0
    }
}
