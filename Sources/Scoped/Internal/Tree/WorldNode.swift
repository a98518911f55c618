// Concurrency rule: `worldRoots` (one process-wide `Locked`) guards the table of world
// roots, keyed by production root and world; the `worlds` switch (Atomics.swift) is read
// on every resolve, each world's `entries` on every resolve inside a world. No lock is held while
// a world root is made or released (its instances' `deinit`s run): roots are moved out
// under the lock and dropped after unlocking.

/// The state behind a ``ContainerWorld`` (a nested world is a child of the world it was
/// made in): for the code that runs inside it (a task-local), each production root is
/// replaced by a fresh root with its own overrides, caches, custom scopes and singletons.
///
/// Lifetimes: a world root lives while both its world and its production root live. The
/// table holds it strongly and it names its world only by number, so the world's `deinit`
/// drops its world roots, releasing their instances newest first, and a production root's
/// `deinit` drops the world roots made for it.
package final class WorldNode: Sendable {
    /// Singletons of this world (the process's ones are not visible inside it).
    package let singletons = InstanceStorage()
    /// Singletons made by this world's roots' overrides (``ContainerNode/overriddenSingletons``).
    package let overriddenSingletons = InstanceStorage()
    private let parent: WorldNode?
    package let name: String
    /// Unique in the process (never reused, unlike an `ObjectIdentifier`).
    package let number: UInt64
    /// The context values context overrides see inside this world (nil: the process's),
    /// and the clock `.timeToLive` reads (nil: the platform's). Inherited by nested worlds.
    package let context: FactoryContext.Values?
    package let clock: ManualClock?
    /// Whether a world root starts with its production root's overrides when there is no
    /// enclosing world: `withContainer(context:)` keeps what the calling code registered.
    private let inheritsProduction: Bool

    /// World roots by production root number, then by world number.
    private static let worldRoots = Locked<[UInt64: [UInt64: ContainerNode]]>([:])
    /// How many ``enter(_:)`` calls into this world are running now. At 0, a task started
    /// inside that outlives them (`Task { }`) still carries the world but resolves outside it.
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
        Self.releaseNewestFirst(Self.worldRoots.withLock { table in
            table.keys.compactMap { root -> ContainerNode? in  // over the keys as they were
                let worldRoot = table[root]!.removeValue(forKey: number)
                if table[root]!.isEmpty { table[root] = nil }
                return worldRoot
            }
        })
        entries.deallocate()
    }

    /// Releases `worldRoots` (taken out under the lock) newest first; each releases its
    /// instances newest first.
    private static func releaseNewestFirst(_ worldRoots: [ContainerNode]) {
        var ordered = worldRoots.sorted { $0.number < $1.number }
        while let worldRoot = ordered.popLast() { _ = consume worldRoot }
    }

    /// The world the current task runs in, if any: the innermost one entered whose
    /// ``enter(_:)`` is still running (a `Task { }` that outlives it runs outside it).
    package static var current: WorldNode? {
        var world = bound
        while let candidate = world, candidate.entries.load(ordering: .acquiring) == 0 { world = candidate.parent }
        return world
    }

    /// The world the current task was started in (the task-local ``enter(_:)`` binds).
    @TaskLocal private static var bound: WorldNode?

    /// Runs `operation` inside this world.
    package func enter<R>(_ operation: () throws -> R) rethrows -> R {
        countEntry(1)
        defer { countEntry(-1) }
        return try Self.$bound.withValue(self, operation: operation)
    }

    /// Runs the async `operation` inside this world (child tasks inherit it).
    package func enter<R>(isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> R) async rethrows -> R {
        countEntry(1)
        defer { countEntry(-1) }
        return try await Self.$bound.withValue(self, operation: operation)
    }

    /// Counts an ``enter(_:)`` that starts (1) or returns (-1), here and process-wide.
    private func countEntry(_ delta: Int) {
        if delta > 0 { Switches.count(.worlds, by: delta) }
        entries.add(UInt(bitPattern: delta), ordering: .sequentiallyConsistent)
        if delta < 0 { Switches.count(.worlds, by: delta) }
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
    /// inherits production's starts with a copy of `root`'s, its `autoRegister()` run
    /// first (outside any world, so that what it registers goes to `root`).
    package func replacement(for root: ContainerNode) -> ContainerNode {
        if let existing = existingReplacement(for: root) { return existing }
        if parent == nil && inheritsProduction { Self.outsideAnyWorld { root.autoRegisterIfNeeded() } }
        let inherited = parent.map { $0.replacement(for: root) } ?? (inheritsProduction ? root : nil)
        let made = ContainerNode(worldRootFor: root, world: self, inheriting: inherited)
        Switches.set(.worldRootMade, on: true)
        return Self.worldRoots.withLock { table in
            if let raced = table[root.number]?[number] { return raced }
            table[root.number, default: [:]][number] = made
            return made
        }
    }

    /// This world's root for the production root `root`, if it was made already.
    package func existingReplacement(for root: ContainerNode) -> ContainerNode? {
        Self.worldRoots.withLock { $0[root.number]?[number] }
    }

    /// Drops the world roots made for the production root numbered `rootNumber`, which is
    /// going away. Costs one atomic load in a process that never used a world.
    package static func rootDidEnd(_ rootNumber: UInt64) {
        guard Switches.now.contains(.worldRootMade),
            let dropped = worldRoots.withLock({ $0.removeValue(forKey: rootNumber) })
        else { return }
        releaseNewestFirst(Array(dropped.values))
    }
}
