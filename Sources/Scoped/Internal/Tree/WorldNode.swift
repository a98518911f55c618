// Concurrency rule: `worldRoots` (process-wide) guards the world roots, keyed by production root and world; the
// `worlds` switch (Atomics.swift) is read on every resolve, a world's `entries` on every resolve inside it. No lock is
// held while a world root is made or released (`deinit`s run): roots are moved out under the lock, dropped unlocked.

/// The state behind a ``ContainerWorld``: inside it, each production root is replaced by a fresh root, alive while its
/// world and production root both live (the table holds it; it names its world by number: either `deinit` drops it).
package final class WorldNode: Sendable {
    /// Singletons of this world, and those made by its roots' overrides.
    package let singletons = InstanceStorage()
    package let overriddenSingletons = InstanceStorage()
    private let parent: WorldNode?
    package let name: String
    /// Unique in the process (never reused, unlike an `ObjectIdentifier`).
    package let number: UInt64
    /// What context overrides see and `.timeToLive` reads (nil: the process's); inherited.
    package let context: FactoryContext.Values?
    package let clock: ManualClock?
    /// With no enclosing world: start from production's overrides (`withContainer(context:)`).
    private let inheritsProduction: Bool
    private static let worldRoots = Locked<[UInt64: [UInt64: ContainerNode]]>([:])
    /// ``enter(_:)`` calls running: at 0, a `Task { }` started inside resolves outside it.
    private let entries = AtomicWord()
    @TaskLocal private static var bound: WorldNode?
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
        Self.releaseNewestFirst(Self.worldRoots.withLock { table in
            table.keys.compactMap { root -> ContainerNode? in  // over the keys as they were
                let worldRoot = table[root]!.removeValue(forKey: number)
                if table[root]!.isEmpty { table[root] = nil }
                return worldRoot
            }
        })
        entries.deallocate()
    }
    private static func releaseNewestFirst(_ worldRoots: [ContainerNode]) {
        var ordered = worldRoots.sorted { $0.number < $1.number }
        while let worldRoot = ordered.popLast() { _ = consume worldRoot }
    }
    /// The innermost world entered whose ``enter(_:)`` is still running, if any.
    package static var current: WorldNode? {
        var world = bound
        while let candidate = world, candidate.entries.load(ordering: .acquiring) == 0 { world = candidate.parent }
        return world
    }
    package func enter<R>(_ operation: () throws -> R) rethrows -> R {
        countEntry(1)
        defer { countEntry(-1) }
        return try Self.$bound.withValue(self, operation: operation)
    }
    package func enter<R>(isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> R) async rethrows -> R {
        countEntry(1)
        defer { countEntry(-1) }
        return try await Self.$bound.withValue(self, operation: operation)
    }
    private func countEntry(_ delta: Int) {
        if delta > 0 { Switches.count(.worlds, by: delta) }
        entries.add(UInt(bitPattern: delta), ordering: .sequentiallyConsistent)
        if delta < 0 { Switches.count(.worlds, by: delta) }
    }
    package static func outsideAnyWorld<R>(_ operation: () throws -> R) rethrows -> R {
        try $bound.withValue(nil, operation: operation)
    }
    package static func outsideAnyWorld<R>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> R
    ) async rethrows -> R {
        try await $bound.withValue(nil, operation: operation)
    }
    /// This world's root for `root` (made on first use), with the enclosing world's overrides, or production's after
    /// `autoRegister()` ran (outside any world).
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
    package func existingReplacement(for root: ContainerNode) -> ContainerNode? {
        Self.worldRoots.withLock { $0[root.number]?[number] }
    }
    package static func rootDidEnd(_ rootNumber: UInt64) {
        guard Switches.now.contains(.worldRootMade),
            let dropped = worldRoots.withLock({ $0.removeValue(forKey: rootNumber) })
        else { return }
        releaseNewestFirst(Array(dropped.values))
    }
}
