// Shared helpers of the ScopedTests suites: the tracked test model (reporting to
// ScopedTesting's `LifecycleTracker`, the one the package ships), and helpers that run
// code on real threads. Swift Testing runs tests in parallel in one process, so nothing
// here is static: each test makes its own tracker.
import Foundation
import Scoped
import ScopedTesting
import Testing

/// What the suites ask of ScopedTesting's ``LifecycleTracker``, in their words: counts,
/// live instances and the init/deinit order by probe name (`store#1`, `store#2`). Each
/// is read from the public tracker (its ``LifecycleTracker/timeline`` and
/// ``LifecycleTracker/instances``); nothing is counted twice.
extension LifecycleTracker {
    /// How many instances of `name` were made (`didInit` calls).
    func inits(_ name: String) -> Int {
        timeline.filter { $0.kind == .initialized && $0.instance.typeName == name }.count
    }

    /// How many instances of `name` were released (`didDeinit` calls).
    func deinits(_ name: String) -> Int {
        timeline.filter { $0.kind == .deinitialized && $0.instance.typeName == name }.count
    }

    /// Every init and deinit so far, in order: `init store#1`, `deinit store#1`.
    var log: [String] {
        timeline.map { "\($0.kind == .initialized ? "init" : "deinit") \($0.instance.label)" }
    }

    /// The `deinit` lines only, in order.
    var deinitLog: [String] { log.filter { $0.hasPrefix("deinit ") } }

    /// The live instances (`name#number`), sorted.
    var live: [String] { instances.filter { $0.state == .alive }.map(\.label).sorted() }

    /// How many tracked instances are alive.
    var liveCount: Int { instances.filter { $0.state == .alive }.count }

    /// How many inits and deinits were recorded: progress for ``finishes(stallSeconds:progress:_:)``.
    var changes: Int { timeline.count }

    /// Waits until the live instances are exactly `expected`, re-checking every
    /// millisecond. `false` if they still are not and nothing was built or released for
    /// `stallSeconds`: a guard so that a leak fails the test instead of hanging it, however
    /// slowly the releases come.
    ///
    /// For releases that may finish on another thread: a lifetime scope dropped without
    /// `close()` releases its instances when its last reference goes, and a concurrent
    /// `Scope.x.reset()` elsewhere in the process briefly holds every container (to reach
    /// them all), so that last reference may go on that thread, a moment later.
    func waitUntilLive(is expected: [String], stallSeconds: Double = 30) -> Bool {
        let done = Locked(false)
        let finished = finishes(stallSeconds: stallSeconds, progress: { [self] in changes }) { [self] in
            while live != expected, !done.withLock({ $0 }) { Thread.sleep(forTimeInterval: 0.001) }
        }
        done.withLock { $0 = true }   // a stalled wait stops polling
        return finished
    }
}

extension TrackedInstance {
    /// `name#number`, as the suites name probes.
    var label: String { "\(typeName)#\(ordinal)" }
}

/// A tracked test object: reports its `init` and `deinit` to a ``LifecycleTracker`` under
/// its name, may hold dependencies (to build object graphs) and may run code in its
/// `deinit`.
final class Probe: Sendable {
    let name: String
    let tracker: LifecycleTracker
    let dependencies: [Probe]
    private let onDeinit: (@Sendable () -> Void)?
    /// Its record in the tracker: set once, in `init`, before any other thread can reach
    /// the probe, and never changed.
    nonisolated(unsafe) private(set) var tracked: TrackedInstance?

    init(
        _ name: String, _ tracker: LifecycleTracker, holding dependencies: [Probe] = [],
        onDeinit: (@Sendable () -> Void)? = nil
    ) {
        self.name = name
        self.tracker = tracker
        self.dependencies = dependencies
        self.onDeinit = onDeinit
        tracked = tracker.didInit(self, named: name)
    }

    deinit {
        onDeinit?()
        tracker.didDeinit(self)
    }

    /// Which probe of its name this is (1, 2, …).
    var number: Int { tracked?.ordinal ?? 0 }

    /// `name#number`.
    var label: String { "\(name)#\(number)" }

    /// Whether the tracker has seen this probe's `deinit` (a probe still in use must not).
    var isReportedGone: Bool { tracked.map { tracker.current($0).state != .alive } ?? false }
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
    /// ``LifecycleTracker/waitUntilLive(is:stallSeconds:)``.
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

/// Resolves on a thread of its own (not Dispatch's pool, whose few threads other suites'
/// blocked bodies may hold); the closure returned waits for the result and takes it (a
/// finished `Thread` may keep its closure a while: it must not keep the instance).
func resolveOnNewThread<T: Sendable>(_ resolve: @escaping @Sendable () -> T) -> () -> T {
    let result = Locked<T?>(nil, waitable: true)
    Thread {
        // Resolved into the box, so that no local of this thread still holds the instance
        // once the box has it (a test may check that nothing keeps it).
        result.withLock { $0 = resolve() }
        result.broadcast()
    }.start()
    return {
        result.wait { $0 == nil }
        return result.withLock { value in
            defer { value = nil }
            return value!
        }
    }
}
