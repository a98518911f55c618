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

    @TaskLocal static var current: Tracker?

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
