import Foundation
import Testing

/// Bounds a scenario that could deadlock: it runs on a thread of its own while the test
/// waits for it at most `seconds`. A scenario still running then is a recorded test
/// failure, so a deadlock fails the run instead of hanging it (the stuck thread is
/// abandoned). This is a bound, not a way to wait for a result.
///
/// - Returns: Whether the scenario finished in time.
@discardableResult
func withWatchdog(
    _ name: String, seconds: Int = 30, sourceLocation: SourceLocation = #_sourceLocation,
    _ scenario: @escaping @Sendable () -> Void
) async -> Bool {
    let done = DispatchSemaphore(value: 0)
    let worker = Thread {
        scenario()
        done.signal()
    }
    worker.stackSize = 4 << 20
    worker.start()
    return await awaitBounded(done, name: name, seconds: seconds, sourceLocation: sourceLocation)
}

/// The async form: `scenario` runs in a task (it may hop to the main actor).
@discardableResult
func withWatchdog(
    _ name: String, seconds: Int = 30, sourceLocation: SourceLocation = #_sourceLocation,
    async scenario: @escaping @Sendable () async -> Void
) async -> Bool {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        await scenario()
        done.signal()
    }
    return await awaitBounded(done, name: name, seconds: seconds, sourceLocation: sourceLocation)
}

/// Waits for `done` on a dedicated thread (never blocking the cooperative pool).
private func awaitBounded(
    _ done: DispatchSemaphore, name: String, seconds: Int, sourceLocation: SourceLocation
) async -> Bool {
    let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        Thread {
            continuation.resume(returning: done.wait(timeout: .now() + .seconds(seconds)) == .success)
        }.start()
    }
    if !finished {
        Issue.record("deadlock: \(name) did not finish within \(seconds) s", sourceLocation: sourceLocation)
    }
    return finished
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

    /// Blocks until `parties` threads have arrived (or `timeout` seconds have passed).
    ///
    /// - Returns: Whether everyone arrived (false only after a timeout).
    @discardableResult
    func arriveAndWait(timeout: TimeInterval? = nil) -> Bool {
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
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        while generation == mine {
            if let deadline {
                if !condition.wait(until: deadline) && generation == mine { return false }
            } else {
                condition.wait()
            }
        }
        return true
    }
}
