// Concurrency rule: `worldRoots` (one process-wide `Locked`) guards the table of world roots,
// keyed by production root and world; `activeCount` is an atomic read on every
// resolve, and each world's `entries` an atomic read on every resolve inside a world.
// No lock is held while a world root is made or released (releasing one runs
// the `deinit`s of its instances): entries are moved out under the lock and dropped
// after unlocking.

/// The state behind a ``ContainerWorld`` (as a `ContainerNode` is behind a
/// `ContainerManager`; a nested world is a child of the world it was made in): a world
/// of containers of its own: each production root container is replaced, for
/// the code that runs inside the world (a task-local), by a fresh root with its own
/// overrides, caches, custom scopes and singletons. `ScopedTesting` builds on it.
///
/// Lifetimes: a world root lives while both its world and its production root live.
/// The table holds it strongly; the world root refers to its world only by number, so
/// the world's `deinit` (when the last task or handle that entered it is gone) drops
/// its world roots, releasing their instances newest first; a production root's `deinit`
/// (a test's own `Container()` going away) drops the world roots made for it.
package final class WorldNode: Sendable {
    /// Singletons of this world (the process's ones are not visible inside it).
    package let singletons = InstanceStorage()
    /// Singletons that this world's roots' overrides made (``ContainerNode/overriddenSingletons``).
    package let overriddenSingletons = InstanceStorage()
    private let parent: WorldNode?
    package let name: String
    /// Unique in the process (never reused, unlike an `ObjectIdentifier`).
    package let number: UInt64
    /// The contexts context overrides see inside this world (nil: the process's).
    /// Set when the world is made, inherited by nested worlds; never changed.
    package let context: FactoryContext.Values?
    /// The clock `.timeToLive` reads inside this world (nil: the platform's monotonic
    /// clock). Set when the world is made, inherited by nested worlds; never changed.
    package let clock: ManualClock?
    /// Whether a world root starts with the overrides of its production root when there
    /// is no enclosing world: a world made to resolve as if in other contexts
    /// (`withContainer(context:)`) keeps what the calling code registered.
    private let inheritsProduction: Bool

        /// World roots by production root number, then by world number.
    private static let worldRoots = Locked<[UInt64: [UInt64: ContainerNode]]>([:])
    /// Whether any world root was ever made: until then a root's `deinit` skips the table.
    private static var everReplaced: AtomicWord { ProcessWideWord.worldRootEverMade.word }
    /// How many ``enter(_:)`` calls into this world are running now. 0 once they have
    /// all returned: a task started inside that outlives them (`Task { }` inherits
    /// the task-local) still carries the world, but resolves as if outside it.
    private let entries = AtomicWord()

    package init(
        name: String, parent: WorldNode?, context: FactoryContext.Values? = nil, clock: ManualClock? = nil,
        inheritsProduction: Bool = false
    ) {
        self.name = name
        self.parent = parent
        self.inheritsProduction = inheritsProduction
        self.context = context ?? parent?.context
        self.clock = clock ?? parent?.clock
        number = ProcessWideCounter.worldNumbers.next()
    }

    deinit {
        let number = self.number
        let dropped: [ContainerNode] = Self.worldRoots.withLock { table in
            var dropped: [ContainerNode] = []
            for (root, byWorld) in table {
                guard let worldRoot = byWorld[number] else { continue }
                dropped.append(worldRoot)
                table[root]![number] = nil
                if table[root]!.isEmpty { table[root] = nil }
            }
            return dropped
        }
        // Released unlocked, newest world root first; each releases its instances newest first.
        var ordered = dropped.sorted { $0.number < $1.number }
        while let worldRoot = ordered.popLast() { _ = consume worldRoot }
        entries.deallocate()
    }

    /// The world the current task runs in, if any: the innermost one entered whose
    /// ``enter(_:)`` is still running. A task that outlives the code that entered its
    /// world (an unstructured `Task { }` started inside a test) runs outside it, as
    /// code outside any world does, whatever other worlds are entered meanwhile.
    package static var current: WorldNode? {
        var world = bound
        while let candidate = world, candidate.entries.load(ordering: .acquiring) == 0 { world = candidate.parent }
        return world
    }

    /// The world the current task was started in (the task-local ``enter(_:)`` binds).
    @TaskLocal private static var bound: WorldNode?

    /// How many worlds are entered right now, process-wide. While it is zero, resolves
    /// skip the task-local read entirely.
    private static var activeCount: AtomicWord { ProcessWideWord.containerWorldsEntered.word }

    @inline(__always)
    package static var isActive: Bool { activeCount.load(ordering: .relaxed) != 0 }

    /// Runs `operation` inside this world.
    package func enter<R>(_ operation: () throws -> R) rethrows -> R {
        Self.activeCount.add(1, ordering: .sequentiallyConsistent)
        entries.add(1, ordering: .sequentiallyConsistent)
        defer {
            entries.subtract(1, ordering: .sequentiallyConsistent)
            Self.activeCount.subtract(1, ordering: .sequentiallyConsistent)
        }
        return try Self.$bound.withValue(self, operation: operation)
    }

    /// Runs the async `operation` inside this world (child tasks inherit it).
    package func enter<R>(isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> R) async rethrows -> R {
        Self.activeCount.add(1, ordering: .sequentiallyConsistent)
        entries.add(1, ordering: .sequentiallyConsistent)
        defer {
            entries.subtract(1, ordering: .sequentiallyConsistent)
            Self.activeCount.subtract(1, ordering: .sequentiallyConsistent)
        }
        return try await Self.$bound.withValue(self, operation: operation)
    }

    /// Runs `operation` outside any world (the production containers).
    package static func outsideAnyWorld<R>(_ operation: () throws -> R) rethrows -> R {
        try $bound.withValue(nil, operation: operation)
    }

    /// Runs the async `operation` outside any world; child tasks it creates inherit that.
    package static func outsideAnyWorld<R>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> R
    ) async rethrows -> R {
        try await $bound.withValue(nil, operation: operation)
    }

    /// This world's root for the production root `root` (made on first use).
    ///
    /// A nested world's root starts as a child-less copy of the enclosing world's
    /// overrides: nested isolation sees the outer test's overrides. A world that
    /// inherits production's starts with a copy of `root`'s.
    package func replacement(for root: ContainerNode) -> ContainerNode {
        let rootNumber = root.number
        if let existing = Self.worldRoots.withLock({ $0[rootNumber]?[number] }) { return existing }
        let inherited = parent.map { $0.replacement(for: root) } ?? (inheritsProduction ? Self.production(root) : nil)
        let made = ContainerNode(worldRootFor: root, world: self, inheriting: inherited)
        Self.everReplaced.store(1, ordering: .sequentiallyConsistent)
        return Self.worldRoots.withLock { table in
            if let raced = table[rootNumber]?[number] { return raced }
            table[rootNumber, default: [:]][number] = made
            return made
        }
    }

    /// This world's root for the production root `root`, if it was made already.
    package func existingReplacement(for root: ContainerNode) -> ContainerNode? {
        let rootNumber = root.number
        return Self.worldRoots.withLock { $0[rootNumber]?[number] }
    }

    /// `root`, its `autoRegister()` run first if pending, outside any world: what it
    /// registers goes to `root`, which a world root inheriting it then copies.
    private static func production(_ root: ContainerNode) -> ContainerNode {
        outsideAnyWorld { root.autoRegisterIfNeeded() }
        return root
    }

    /// Drops the world roots made for the production root numbered `rootNumber`, which is
    /// going away. Costs one atomic load in a process that never used a world.
    package static func rootDidEnd(_ rootNumber: UInt64) {
        guard everReplaced.load(ordering: .relaxed) != 0 else { return }
        let dropped = worldRoots.withLock { $0.removeValue(forKey: rootNumber) }
        guard let dropped else { return }
        var ordered = dropped.values.sorted { $0.number < $1.number }
        while let worldRoot = ordered.popLast() { _ = consume worldRoot }
    }
}
