import Foundation
import Scoped
import Testing

/// What a scenario under a watchdog has done so far: it calls ``advance()`` after every
/// operation it completes, and runs its main-actor work through ``onMainActor(_:)``.
///
/// The watchdog (``withWatchdog(_:stallSeconds:sourceLocation:_:)``) fails the scenario
/// only when this stops advancing, so a run that is slow (a sanitizer, a loaded machine,
/// other tests in parallel) is told apart from one that makes no progress.
final class ScenarioProgress: Sendable {
    /// What the scenario has done so far.
    struct Counts: Equatable {
        /// Operations completed.
        var completed = 0
        /// Main-actor operations enqueued that have not started yet.
        var waitingForMainActor = 0
        /// Main-actor operations running now.
        var onMainActor = 0
        /// Whether the scenario's task has not started yet: a task waits for a thread of the
        /// cooperative pool, which other tests' blocking waits may hold for a while.
        var waitingToStart = false
        /// Probes the watchdog sent to the main actor that ran (``beatOnMainActor()``): while
        /// it runs other tests' work, these go on; a main actor that runs nothing stops them.
        var mainActorBeats = 0
        /// Whether a probe is on its way to the main actor.
        var probeInFlight = false
    }

    private let counts = Locked(Counts())

    /// One more operation completed.
    func advance() {
        counts.withLock { $0.completed += 1 }
    }

    /// Runs `body` on the main actor as one operation (it advances the progress when done).
    ///
    /// The main actor is the process's: other tests' main-actor work may run for minutes
    /// before `body` gets its turn (under ThreadSanitizer, with the whole suite in parallel,
    /// it does). While every main-actor operation of the scenario waits for its turn and
    /// none runs, the scenario is waiting, not stalled: the watchdog does not count that
    /// time. Time in `body` counts as usual, so a deadlock on the main actor is caught.
    func onMainActor<R: Sendable>(_ body: @MainActor @Sendable () -> R) async -> R {
        counts.withLock { $0.waitingForMainActor += 1 }
        return await MainActor.run {
            counts.withLock { counts in
                counts.waitingForMainActor -= 1
                counts.onMainActor += 1
            }
            defer {
                counts.withLock { counts in
                    counts.onMainActor -= 1
                    counts.completed += 1
                }
            }
            return body()
        }
    }

    /// Sends a probe to the main actor: it counts a beat when it runs. One at a time.
    func beatOnMainActor() {
        guard counts.withLock({ counts in
            defer { counts.probeInFlight = true }
            return !counts.probeInFlight
        }) else { return }
        Task { @MainActor in
            counts.withLock { counts in
                counts.mainActorBeats += 1
                counts.probeInFlight = false
            }
        }
    }

    /// The scenario's task is enqueued (``started()`` when it runs).
    func enqueued() {
        counts.withLock { $0.waitingToStart = true }
    }

    /// The scenario's task runs.
    func started() {
        counts.withLock { $0.waitingToStart = false }
    }

    var snapshot: Counts { counts.withLock { $0 } }
}

/// The watchdog's verdict from successive looks at a scenario's ``ScenarioProgress``: the
/// scenario is stuck once it has completed nothing for `stall`, not counting the time in
/// which its only pending work is main-actor operations waiting for their turn (that wait
/// has a bound of its own, `mainActorWait`, counted only while the main actor runs nothing
/// at all — not even the watchdog's probes — in case it never runs again).
struct StallMeter {
    let stall: Duration
    let mainActorWait: Duration
    private var last: ScenarioProgress.Counts
    private var stalled = Duration.zero
    private var waitingForMainActor = Duration.zero

    init(stall: Duration, mainActorWait: Duration, initial: ScenarioProgress.Counts = .init()) {
        self.stall = stall
        self.mainActorWait = mainActorWait
        last = initial
    }

    /// Takes a look `elapsed` after the previous one; returns why the scenario is stuck,
    /// or nil while it is not.
    mutating func observe(_ counts: ScenarioProgress.Counts, after elapsed: Duration) -> String? {
        defer { last = counts }
        if counts.completed != last.completed {
            stalled = .zero
            waitingForMainActor = .zero
            return nil
        }
        if counts.waitingToStart || (counts.waitingForMainActor > 0 && counts.onMainActor == 0) {
            // The main actor ran a probe since the last look: it is busy with other work,
            // not stuck; the bound counts only time in which it runs nothing at all.
            if counts.mainActorBeats != last.mainActorBeats { waitingForMainActor = .zero }
            waitingForMainActor += elapsed
            guard waitingForMainActor >= mainActorWait else { return nil }
            if counts.waitingToStart {
                return "the scenario's task did not start for \(mainActorWait)"
            }
            return "the main actor ran none of its \(counts.waitingForMainActor) waiting operations "
                + "for \(mainActorWait) (after \(counts.completed) operations)"
        }
        stalled += elapsed
        guard stalled >= stall else { return nil }
        return "no progress for \(stall) (after \(counts.completed) operations"
            + (counts.onMainActor > 0 ? ", one of them stuck on the main actor)" : ")")
    }
}

/// Bounds a scenario that could deadlock: it runs on a thread of its own and reports its
/// progress (``ScenarioProgress``); if it completes no operation for `stallSeconds`, the
/// test records a failure instead of hanging (the stuck thread is abandoned). However long
/// the whole scenario takes, it fails only when it stops making progress. This is a
/// bound, not a way to wait for a result.
///
/// - Returns: Whether the scenario finished.
@discardableResult
func withWatchdog(
    _ name: String, stallSeconds: Double = 30, sourceLocation: SourceLocation = #_sourceLocation,
    _ scenario: @escaping @Sendable (ScenarioProgress) -> Void
) async -> Bool {
    let progress = ScenarioProgress()
    let done = DispatchSemaphore(value: 0)
    let worker = Thread {
        scenario(progress)
        done.signal()
    }
    worker.stackSize = 4 << 20
    worker.start()
    return await watch(done, progress, name: name, stallSeconds: stallSeconds, sourceLocation: sourceLocation)
}

/// The async form: `scenario` runs in a task (it may hop to the main actor, through
/// ``ScenarioProgress/onMainActor(_:)``) on a thread of its own (``ScenarioExecutor``), it
/// and its child tasks: the suite's synchronous tests may hold every thread of the
/// cooperative pool for minutes under a sanitizer, which would stall the scenario before
/// it even started.
@discardableResult
func withWatchdog(
    _ name: String, stallSeconds: Double = 30, sourceLocation: SourceLocation = #_sourceLocation,
    async scenario: @escaping @Sendable (ScenarioProgress) async -> Void
) async -> Bool {
    let progress = ScenarioProgress()
    let done = DispatchSemaphore(value: 0)
    // Until the task runs, the scenario waits for its turn (on the pool, before macOS 15;
    // on its own thread otherwise): waiting, not stalled.
    progress.enqueued()
    guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else {
        Task.detached {
            progress.started()
            await scenario(progress)
            done.signal()
        }
        return await watch(done, progress, name: name, stallSeconds: stallSeconds, sourceLocation: sourceLocation)
    }
    let executor = ScenarioExecutor()
    Task.detached(executorPreference: executor) {
        progress.started()
        await scenario(progress)
        done.signal()
    }
    let finished = await watch(done, progress, name: name, stallSeconds: stallSeconds, sourceLocation: sourceLocation)
    if finished { executor.stop() }   // a stuck scenario's thread is abandoned with it
    return finished
}

/// A task executor with a thread of its own, for an async scenario under a watchdog.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class ScenarioExecutor: TaskExecutor, @unchecked Sendable { // @unchecked: `condition` guards `jobs` and `stopped`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    init() {
        let thread = Thread { [self] in run() }
        thread.stackSize = 4 << 20
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once it has run the jobs enqueued so far.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Watches on a dedicated thread (never blocking the cooperative pool).
private func watch(
    _ done: DispatchSemaphore, _ progress: ScenarioProgress, name: String, stallSeconds: Double,
    sourceLocation: SourceLocation
) async -> Bool {
    let verdict = await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
        Thread {
            // The main actor's bound is long: in two full-suite ThreadSanitizer runs on a loaded
            // 2-core machine it ran nothing, not even the probes, for over 600 s while other
            // suites held the machine (alone, the scenario takes under a second).
            var meter = StallMeter(stall: .seconds(stallSeconds), mainActorWait: .seconds(60 * stallSeconds))
            let clock = ContinuousClock()
            var previous = clock.now
            // A poll of the progress counters, not a wait for a result: `done` ends it at once.
            while done.wait(timeout: .now() + min(1, stallSeconds / 4)) == .timedOut {
                let now = clock.now
                let snapshot = progress.snapshot
                if snapshot.waitingForMainActor > 0 && snapshot.onMainActor == 0 { progress.beatOnMainActor() }
                if let stuck = meter.observe(snapshot, after: now - previous) {
                    continuation.resume(returning: stuck)
                    return
                }
                previous = now
            }
            continuation.resume(returning: nil)
        }.start()
    }
    if let verdict {
        Issue.record("deadlock: \(name): \(verdict)", sourceLocation: sourceLocation)
        return false
    }
    return true
}

/// Runs `body(index)` on `count` threads at once and returns when all have finished.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    startThreads(count, body).wait()
}

/// Starts `body(index)` on `count` threads at once; the group is left when all finish.
func startThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> DispatchGroup {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            body(index)
            group.leave()
        }
        thread.stackSize = 4 << 20
        thread.start()
    }
    return group
}

/// Waits for `group` from async code without blocking a thread of the cooperative pool
/// (the wait happens on a thread of its own).
func waitForThreads(_ group: DispatchGroup) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        Thread {
            group.wait()
            continuation.resume()
        }.start()
    }
}

/// A reusable rendezvous for a fixed number of threads.
final class Barrier: @unchecked Sendable { // @unchecked: `condition` guards `arrived` and `generation`.
    private let condition = NSCondition()
    private let parties: Int
    private var arrived = 0
    private var generation = 0

    init(parties: Int) {
        self.parties = parties
    }

    /// Blocks until `parties` threads have arrived, or until `stallSeconds` pass with no
    /// new arrival (each arrival restarts that time: slow arrivals are not a stall).
    ///
    /// - Returns: Whether everyone arrived (false only when arrivals stopped).
    @discardableResult
    func arriveAndWait(stallSeconds: TimeInterval? = nil) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let mine = generation
        arrived += 1
        if arrived == parties {
            arrived = 0
            generation += 1
            condition.broadcast()
            return true
        }
        condition.broadcast()   // an arrival: waiters with a stall bound start it again
        guard let stallSeconds else {
            while generation == mine { condition.wait() }
            return true
        }
        var seen = arrived
        var deadline = Date(timeIntervalSinceNow: stallSeconds)
        while generation == mine {
            if arrived != seen {
                seen = arrived
                deadline = Date(timeIntervalSinceNow: stallSeconds)
            }
            if !condition.wait(until: deadline) && generation == mine && arrived == seen { return false }
        }
        return true
    }
}
