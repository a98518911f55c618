import Scoped

/// Counts the probes one test run creates and releases: a tracker per run, never a
/// static counter, since Swift Testing runs tests in parallel.
///
/// Factory bodies find the run's tracker through the task-local ``current`` (set with
/// `Tracker.$current.withValue(tracker) { … }` on every thread that resolves).
final class Tracker: Sendable {
    private struct State {
        var lastID = 0
        var alive: Set<Int> = []
        var released = 0
        var createdByTag: [String: Int] = [:]
        /// Ids released twice or never created: must stay empty.
        var anomalies: [Int] = []
    }

    private let state = Locked(State())
    /// The gate the next probe tagged `tag` stops at (``ModelRunner``'s race steps): a
    /// tracker's own, so that runs in parallel never stop each other's builds.
    private let gate = Locked<(tag: String, gate: BuildGate)?>(nil)

    @TaskLocal static var current: Tracker?

    /// Makes the next probe tagged `tag` stop at `gate` while it is made.
    func arm(_ gate: BuildGate, for tag: String) {
        self.gate.withLock { $0 = (tag, gate) }
    }

    /// Called by every probe's init: stops at the armed gate if it is for `tag` (once).
    func passGate(_ tag: String) {
        let gate = self.gate.withLock { armed -> BuildGate? in
            guard let current = armed, current.tag == tag else { return nil }
            armed = nil
            return current.gate
        }
        gate?.pass()
    }

    /// Registers a new probe made by the body tagged `tag`; returns its id (1, 2, 3, … in
    /// creation order).
    func born(_ tag: String) -> Int {
        state.withLock { state in
            state.createdByTag[tag, default: 0] += 1
            state.lastID += 1
            state.alive.insert(state.lastID)
            return state.lastID
        }
    }

    /// Registers the release (deinit) of probe `id`.
    func died(_ id: Int) {
        state.withLock { state in
            if state.alive.remove(id) == nil { state.anomalies.append(id) }
            state.released += 1
        }
    }

    /// Ids of the probes alive now.
    var alive: Set<Int> { state.withLock { $0.alive } }

    /// How many probes were created.
    var created: Int { state.withLock { $0.lastID } }

    /// How many probes each body made, by tag.
    var createdByTag: [String: Int] { state.withLock { $0.createdByTag } }

    /// How many probes were released.
    var released: Int { state.withLock { $0.released } }

    /// Releases that did not match a live probe (double releases): must be empty.
    var anomalies: [Int] { state.withLock { $0.anomalies } }
}

/// The instance every reliability factory makes: says which body made it (`tag`), with
/// which parameter, what it holds (`deps`), and reports its deinit to its tracker.
final class Probe: Sendable {
    let id: Int
    let tag: String
    let parameter: Int?
    let deps: [Probe]
    private let tracker: Tracker

    init(_ tag: String, parameter: Int? = nil, deps: [Probe] = []) {
        guard let tracker = Tracker.current else {
            fatalError("Probe(\(tag)) made outside Tracker.$current.withValue")
        }
        tracker.passGate(tag)
        self.tracker = tracker
        self.tag = tag
        self.parameter = parameter
        self.deps = deps
        id = tracker.born(tag)
    }

    deinit {
        tracker.died(id)
    }
}

/// Lets a test run code while a body is in the middle of a build: the body waits in
/// ``pass()`` until the test, in ``whileBuilding(_:)``, has done what it wanted.
final class BuildGate: Sendable {
    private let phase = Locked(0, waitable: true)   // 0 waiting for the body, 1 body waits, 2 open

    /// Called by the body: announces the build and waits for the test.
    func pass() {
        phase.withLock { $0 = 1 }
        phase.broadcast()
        phase.wait { $0 != 2 }
    }

    /// Called by the test: waits for the body, runs `during`, then lets the body finish.
    func whileBuilding(_ during: () -> Void) {
        phase.wait { $0 == 0 }
        during()
        phase.withLock { $0 = 2 }
        phase.broadcast()
    }
}
