import Scoped

/// What the soak's threads share: a tracker, a container world (so scope resets and
/// singletons stay inside this test), a root container, and the round's state that the
/// coordinating thread (index 0) sets up and checks between barriers.
final class SoakWorld: Sendable {
    /// Where an instance must be the same for every thread: its owner (0 = the root or
    /// the world, 1… = a shared child), registration and storage parameter.
    struct OwnerKey: Hashable, CustomStringConvertible {
        let owner: Int
        let registration: ModelRegistration
        let parameter: Int?
        var description: String { "\(registration)[\(parameter.map(String.init) ?? "-")] owned by c\(owner)" }
    }

    struct State {
        var children: [ModelContainer] = []
        var lazies: [Lazy<Probe>] = []
        var results: [OwnerKey: Set<Int>] = [:]
        var lazyResults: [Int: Set<Int>] = [:]
        var observed: Set<Int> = []
        var failures: [String] = []
        /// Root-level operations that may drop `cachedProbe`'s root instance (counted before they run).
        var cachedDrops = 0
        var operations = 0
        var firstResolves = 0
    }

    let tracker = Tracker()
    let world = WorldNode(name: "soak", parent: nil)
    let root = ModelContainer()
    let threads: Int
    let barrier: Barrier
    let state = Locked(State())

    init(threads: Int) {
        self.threads = threads
        barrier = Barrier(parties: threads)
    }

    func fail(_ message: String) {
        state.withLock { $0.failures.append(message) }
    }

    /// Runs `body` on this thread inside the soak's tracker and world.
    func enter<R>(_ body: () -> R) -> R {
        Tracker.$current.withValue(tracker) { world.enter(body) }
    }

    /// The root (0) and the shared children (1…), as of this round.
    var containers: [ModelContainer] {
        [root] + state.withLock { $0.children }
    }

    /// Who owns what `registration` hands out when resolved through container `index`.
    static func owner(of registration: ModelRegistration, resolvedThrough index: Int) -> Int? {
        switch registration.kind {
        case .unique, .graph: return nil
        case .scoped: return index
        case .cached, .session, .shared, .singleton: return 0
        }
    }

    /// Every id reachable from `probe` (itself and what it holds).
    static func ids(in probe: Probe) -> [Int] {
        [probe.id] + probe.deps.flatMap(ids(in:))
    }
}
