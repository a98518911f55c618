// Concurrency rule: a manager's fields are immutable but for a root's keeper cells,
// which are C11 atomic words (Atomics.swift): each holds 0 or a retained keeper, is
// filled at most once by a compare-and-swap (the loser releases the keeper it made) and
// is emptied only in `deinit`, when no thread can reach the manager any more. No lock is
// involved and no user code runs here, but a child's `close()` in `deinit` (ContainerNode.swift
// states how that reaches deinits: newest first, outside its locks).

/// The state behind a container: its instances, overrides, observers and place in the
/// tree of lifetime scopes.
///
/// You create one per container and otherwise leave it alone; the container's API
/// (``SharedContainer``) is the way to use it. Give every root container a new one
/// (`ContainerManager()`, the default of `init(manager:)`); child lifetime scopes get
/// theirs from ``SharedContainer/child(_:)``.
///
/// ```swift
/// final class AppContainer: SharedContainer {
///     static let shared = AppContainer()
///     let manager: ContainerManager
///     init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
/// }
/// ```
///
/// A factory value keeps its container's state alive, so that it still resolves after
/// the container is gone. For a root, it retains not the manager itself but a small
/// keeper of the calling thread's (one of eight per root, made on a thread's first
/// resolve): threads resolving from one container then write to reference counts of
/// their own, not to one cache line that they would all share. Two threads resolving a
/// key each from `AppContainer.shared` scale as they do from ``Container/shared``.
public final class ContainerManager: Sendable {
    /// Everything the manager keeps; the node is what lifetime scopes, the registry and
    /// events refer to, so that nothing ever refers to the manager weakly and retaining
    /// it in a factory value stays an inline atomic increment.
    @usableFromInline package let node: ContainerNode
    /// Made by ``processWide()``: never released, so factory values retain nothing of it.
    package let isProcessWide: Bool
    /// Whether releasing this manager closes its lifetime scope (false: a borrowed one).
    private let ownsScope: Bool
    /// A root's keepers (``nodeOwner()``): `keeperCount` words, each 0 or a retained keeper;
    /// nil for every other manager (process-wide, a child's, a keeper), whose factory
    /// values retain the manager itself or nothing.
    private let keepers: AtomicWords?

    /// How many keepers a root has at most: threads share them round-robin. Eight words
    /// fill one cache line.
    private static let keeperCount: UInt = 8

    /// Makes the state for a new root container.
    public convenience init() {
        self.init(node: ContainerNode(), isProcessWide: false, keepsPerThread: true)
    }

    /// Makes the state for a container that lives as long as the process: the one a
    /// container type's `static let shared` may hold.
    ///
    /// ```swift
    /// final class AppContainer: SharedContainer {
    ///     static let shared = AppContainer(manager: .processWide())
    ///     let manager: ContainerManager
    ///     init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
    /// }
    /// ```
    ///
    /// It behaves like any root's state; the difference is a few nanoseconds per resolve
    /// and nothing else. Factory values of a root retain a keeper of the calling thread's
    /// (see ``ContainerManager``); a process-wide manager is never released, so factory
    /// values refer to it without retaining anything, and a resolve skips that retain and
    /// its release. ``Container/shared`` is made this way; your own containers need not
    /// be, since the keepers already let threads scale.
    ///
    /// Use it only for a container that is never released either (a `static let`): the
    /// manager, its instances and overrides stay in memory until the process exits.
    ///
    /// - Returns: The state for a new root container, kept for the life of the process.
    public static func processWide() -> ContainerManager {
        let manager = ContainerManager(node: ContainerNode(), isProcessWide: true, keepsPerThread: false)
        // The reference that is never given back: factory values rely on it.
        _ = UnsafeReference.retaining(manager)  // never given back: the process keeps it
        return manager
    }

    /// A child lifetime scope's manager (retained by its factory values: a flow runs on
    /// one thread), or a root's keeper.
    package convenience init(node: ContainerNode) {
        self.init(node: node, isProcessWide: false, keepsPerThread: false)
    }

    /// A manager around `node` that does not own it: releasing it closes nothing. The
    /// container an override's body receives (`register { c in … }`) is made with one, so
    /// that it never keeps a lifetime scope open, nor closes one.
    package convenience init(borrowing node: ContainerNode) {
        self.init(node: node, isProcessWide: false, keepsPerThread: false, ownsScope: false)
    }

    private init(node: ContainerNode, isProcessWide: Bool, keepsPerThread: Bool, ownsScope: Bool = true) {
        self.node = node
        self.ownsScope = ownsScope
        self.isProcessWide = isProcessWide
        // One cache line of its own: every thread reads it on every factory access, and a
        // line shared with an object that threads write to (the container, retained by
        // every body that captures it) would move between their cores on each read.
        keepers = keepsPerThread ? AtomicWords(count: Int(Self.keeperCount), alignment: 64) : nil
    }

    /// What a factory value made on the calling thread retains to keep ``node`` alive:
    /// nothing for a process-wide manager, this manager for a child lifetime scope's, and
    /// for a root the thread's keeper, made on first use.
    ///
    /// A keeper is a manager of the same node that nothing else refers to, so the threads
    /// of one root retain different objects (round-robin by ``Platform/threadOrdinal``).
    /// It lives while this manager or a factory value holds it; since a root's node
    /// closes nothing when the last of them ends, which one goes last does not matter.
    ///
    /// One call for every kind of manager, with no branch at the resolve site: a site that
    /// tested the kind inline grew, and a benchmark loop no longer inlined its factory
    /// getters (BENCHMARKS.md, *Measured choices behind the code*).
    ///
    /// - Returns: The manager to retain, retained (+1), or nil.
    @usableFromInline @inline(never)
    package func nodeOwner() -> ContainerManager? {
        guard let keepers else { return isProcessWide ? nil : self }
        let cell = keepers[Int(Platform.threadOrdinal % Self.keeperCount)]
        let bits = cell.load(ordering: .acquiring)
        if bits != 0 {
            // Held by the cell, which is emptied only in this manager's `deinit`.
            return UnsafeReference<ContainerManager>(bits: bits).object
        }
        return installKeeper(in: cell)
    }

    /// Makes a keeper and stores it in `cell`, unless another thread stored one first.
    private func installKeeper(in cell: AtomicWord) -> ContainerManager {
        let made = UnsafeReference.retaining(ContainerManager(node: node))  // the cell's reference
        var expected: UInt = 0
        if cell.compareExchange(
            expected: &expected, desired: made.bits, ordering: .acquiringAndReleasing, failureOrdering: .acquiring) {
            return made.object
        }
        made.release()
        return UnsafeReference<ContainerManager>(bits: expected).object
    }

    deinit {
        // A child lifetime scope ends with the last reference to its manager: its parent
        // holds the node (to close it with the parent), so the node cannot end by itself.
        // Closing reports `scopeClosed` and releases the child's instances, newest first.
        // (A root's keepers are managers of a root: they close nothing.)
        if !node.isRoot && ownsScope { node.close() }
        if let keepers {
            for index in 0..<Int(Self.keeperCount) {
                let bits = keepers[index].load(ordering: .acquiring)
                if bits != 0 { UnsafeReference<ContainerManager>(bits: bits).release() }
            }
            keepers.deallocate()
        }
    }
}
