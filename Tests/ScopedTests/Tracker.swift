// Shared helpers of the ScopedTests suites: a per-test lifecycle tracker, the tracked
// test model, and helpers that run code on real threads. Swift Testing runs tests in
// parallel in one process, so nothing here is static: each test makes its own tracker.
import Foundation
import Scoped
import Testing

/// Records the life of the test objects of one test: every `init` and `deinit`, with
/// the instance's number (`store#1`, `store#2`), in the order they happened, plus any
/// line a test adds (event-stream lines, for a merged log).
final class Tracker: Sendable {
    private struct State {
        /// Every init, deinit and note so far: what ``waitUntilLive(is:stallSeconds:)``
        /// watches for progress.
        var changes = 0
        var counters: [String: Int] = [:]
        var log: [String] = []
        var live: Set<String> = []
        var inits: [String: Int] = [:]
        var deinits: [String: Int] = [:]
    }

    private let state = Locked(State(), waitable: true)

    /// The running test's tracker, for models whose factories take no tracker parameter
    /// (the three-screen flow's view models, so that events show plain names).
    @TaskLocal static var current: Tracker?

    /// Records an `init` of `name`; returns the instance's number (1, 2, …).
    func didInit(_ name: String) -> Int {
        state.withLock { state in
            let number = state.counters[name, default: 0] + 1
            state.changes += 1
            state.counters[name] = number
            state.log.append("init \(name)#\(number)")
            state.live.insert("\(name)#\(number)")
            state.inits[name, default: 0] += 1
            return number
        }
    }

    /// Records the `deinit` of `name#number`.
    func didDeinit(_ name: String, _ number: Int) {
        state.withLock { state in
            state.changes += 1
            state.log.append("deinit \(name)#\(number)")
            state.live.remove("\(name)#\(number)")
            state.deinits[name, default: 0] += 1
        }
        state.broadcast()
    }

    /// Waits until the live instances are exactly `expected` (re-checked at every
    /// `deinit`, on the lock's condition: no sleeping). `false` if they still are not
    /// and nothing was built or released for `stallSeconds`: a guard so that a leak fails
    /// the test instead of hanging it, however slowly the releases come.
    ///
    /// For releases that may finish on another thread: a lifetime scope dropped without
    /// `close()` releases its instances when its last reference goes, and a concurrent
    /// `Scope.x.reset()` elsewhere in the process briefly holds every container (to reach
    /// them all), so that last reference may go on that thread, a moment later.
    func waitUntilLive(is expected: [String], stallSeconds: Double = 30) -> Bool {
        finishes(stallSeconds: stallSeconds, progress: { [self] in changes }) { [state] in
            state.wait { $0.live.sorted() != expected }
        }
    }

    /// How many inits, deinits and notes were recorded: progress for ``finishes(stallSeconds:progress:_:)``.
    var changes: Int { state.withLock { $0.changes } }

    /// Appends a line of the test's own to the log.
    func note(_ line: String) {
        state.withLock { state in
            state.changes += 1
            state.log.append(line)
        }
    }

    /// Everything recorded, in order.
    var log: [String] { state.withLock { $0.log } }

    /// The `deinit` lines only, in order.
    var deinitLog: [String] { log.filter { $0.hasPrefix("deinit ") } }

    /// How many instances of `name` were made.
    func inits(_ name: String) -> Int { state.withLock { $0.inits[name, default: 0] } }

    /// How many instances of `name` were released.
    func deinits(_ name: String) -> Int { state.withLock { $0.deinits[name, default: 0] } }

    /// How many tracked instances are alive.
    var liveCount: Int { state.withLock { $0.live.count } }

    /// The live instances (`name#number`), sorted.
    var live: [String] { state.withLock { $0.live.sorted() } }
}

/// A tracked test object: records its `init` and `deinit` in a ``Tracker``, may hold
/// dependencies (to build object graphs) and may run code in its `deinit`.
final class Probe: Sendable {
    let name: String
    let number: Int
    let tracker: Tracker
    let dependencies: [Probe]
    private let onDeinit: (@Sendable () -> Void)?

    init(
        _ name: String, _ tracker: Tracker, holding dependencies: [Probe] = [],
        onDeinit: (@Sendable () -> Void)? = nil
    ) {
        self.name = name
        self.tracker = tracker
        self.dependencies = dependencies
        self.onDeinit = onDeinit
        number = tracker.didInit(name)
    }

    deinit {
        onDeinit?()
        tracker.didDeinit(name, number)
    }

    /// `name#number`.
    var label: String { "\(name)#\(number)" }
}

/// A value collected from several threads.
final class Collected<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([], waitable: true)

    func append(_ value: Value) {
        values.withLock { $0.append(value) }
        values.broadcast()
    }

    var all: [Value] { values.withLock { $0 } }

    /// Waits (on the lock's condition) until `predicate` holds for the values collected;
    /// `false` if it still does not and no value came for `stallSeconds`. See
    /// ``Tracker/waitUntilLive(is:stallSeconds:)``.
    func waitUntil(stallSeconds: Double = 30, _ predicate: @escaping @Sendable ([Value]) -> Bool) -> Bool {
        finishes(stallSeconds: stallSeconds, progress: { [values] in values.withLock { $0.count } }) { [values] in
            values.wait { !predicate($0) }
        }
    }
}

/// Runs `body(index)` on `count` new threads that start together (a barrier releases
/// them once all are running) and returns when every one has finished.
///
/// `body` and what it captures are released on the calling thread before this returns
/// (a finished thread may linger, holding its closure, for a while after it signals).
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let arrived = Locked(0, waitable: true)
    let finished = DispatchGroup()
    let work = Locked<(@Sendable (Int) -> Void)?>(body)
    for index in 0..<count {
        finished.enter()
        Thread {
            arrived.withLock { $0 += 1 }
            arrived.broadcast()
            arrived.wait { $0 < count }
            do {
                let run = work.withLock { $0 }
                run?(index)
            }
            finished.leave()
        }.start()
    }
    finished.wait()
    let done = work.withLock { work in
        defer { work = nil }
        return work
    }
    _ = done
}

/// Runs `body` on a new thread and tells whether it finished; `false` once `progress()`
/// (a count of what happened so far: instances released, values collected) has not
/// changed for `stallSeconds` while `body` still runs.
///
/// A guard against deadlocks and leaks only (a hung test would never report): it tells
/// "nothing happens any more" from "slow" (a sanitizer, a loaded machine), and no test
/// asserts how fast anything is. The body's end is signalled at once; the progress is
/// polled once a second meanwhile.
func finishes(
    stallSeconds: Double = 30, progress: @escaping @Sendable () -> Int, _ body: @escaping @Sendable () -> Void
) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    let clock = ContinuousClock()
    var last = progress()
    var lastChange = clock.now
    while done.wait(timeout: .now() + min(1, stallSeconds / 4)) == .timedOut {
        let current = progress()
        if current != last {
            last = current
            lastChange = clock.now
        } else if clock.now - lastChange >= .seconds(stallSeconds) {
            return false
        }
    }
    return true
}

/// The text an exit test's child process wrote to standard error.
func standardError(of result: ExitTest.Result?) -> String {
    guard let result else { return "" }
    return String(decoding: result.standardErrorContent, as: UTF8.self)
}

/// The text an exit test's child process wrote to standard output.
func standardOutput(of result: ExitTest.Result?) -> String {
    guard let result else { return "" }
    return String(decoding: result.standardOutputContent, as: UTF8.self)
}
