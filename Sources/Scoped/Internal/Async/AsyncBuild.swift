// Concurrency rule: `state` (one `Locked`) guards the build's waiters, its result, its
// task and its watchdog. It is held only to read or change them: continuations are
// resumed, the tasks are cancelled, `abandoned` and a stall report run after unlocking, so no lock is held while a waiter
// resumes or user code runs. A continuation carries no value: the resumed waiter reads
// the result from `state`, so the instance only ever crosses tasks inside the lock.
// Nothing here outlives its callers' hold on the instance: the last waiter to take the
// result drops it, and every waiter returns only after the build's task has ended (the
// runtime releases a finished task's closure, and with it the task's last reference).

/// One build of an async factory's instance for a caching scope, and the callers awaiting
/// it: however many callers race for a key, one build runs and every one of them gets its
/// result (single flight).
///
/// The build runs in a task of its own, so a caller whose task is cancelled stops waiting
/// (it throws `CancellationError`) without cancelling the build for the others. When the
/// last waiter leaves before the result is in, the build is *abandoned*: its task is
/// cancelled, `abandoned` runs (the storage forgets the build, so the next caller starts
/// anew), and whatever the body still returns is not stored.
package final class AsyncBuild: Sendable {
    private struct State {
        /// Waiters whose continuation is stored, by waiter number.
        var waiting: [UInt64: UnsafeContinuation<Void, any Error>] = [:]
        /// Waiters that joined and have neither taken the result nor left (cancelled) yet:
        /// at first the caller that claimed the build (``AsyncBuild/firstWaiter``).
        var members = 1
        /// Waiters cancelled before their continuation was stored.
        var cancelledEarly: Set<UInt64> = []
        var nextWaiter = AsyncBuild.firstWaiter
        /// Whether the result is in (``finish(_:)``) or the build was ended (``end(throwing:)``).
        var over = false
        /// The result, until the last member has taken it.
        var result: Result<AnyObject, any Error>?
        /// The build's task, kept after it finishes: a waiter awaits its end.
        var task: Task<Void, Never>?
        /// The task that reports the build if it is still running after a while (``watch(after:report:)``).
        var watchdog: Task<Void, Never>?
        var abandoned = false
        /// Ended by its scope's close (``end(throwing:)``): what the body still makes is
        /// dropped, and it may resolve from the closed scope without stopping.
        var ended = false
    }

    private let state = Locked(State())
    /// What the build makes, as messages name it: `database (Database)`.
    package let description: String
    /// The registration, for messages: `database`, and the line that declares it.
    package let registration: RegistrationKey
    /// Called once, unlocked, when the last waiter leaves before the result is in.
    private let abandoned: @Sendable (AsyncBuild) -> Void

    package init(
        description: String, registration: RegistrationKey, abandoned: @escaping @Sendable (AsyncBuild) -> Void
    ) {
        self.description = description
        self.registration = registration
        self.abandoned = abandoned
    }

    /// Starts the build: `run` in a task of its own, whose result goes to every waiter
    /// (``finish(_:)`` must be called by `run`'s task, once).
    package func start(_ run: @escaping @Sendable () async -> Void) {
        // Made under the lock (a task starts elsewhere, so no user code runs here): a
        // waiter resumed by ``finish(_:)`` always finds the task to await.
        let (task, cancelNow) = state.withLock { state -> (Task<Void, Never>, Bool) in
            let task = Task { await run() }
            state.task = task
            return (task, state.abandoned)
        }
        if cancelNow { task.cancel() }
    }

    /// Calls `report` with this build and the number of its callers if the build is still
    /// running `nanoseconds` from now; nothing if it finishes, ends or is abandoned first
    /// (its watchdog task is then cancelled).
    package func watch(after nanoseconds: UInt64, report: @escaping @Sendable (AsyncBuild, _ callers: Int) -> Void) {
        let watchdog = Task { [self] in
            try? await Task.sleep(nanoseconds: nanoseconds)
            guard !Task.isCancelled else { return }
            let callers = state.withLock { !$0.over && !$0.abandoned ? $0.members : nil }
            if let callers { report(self, callers) }
        }
        let over = state.withLock { state -> Bool in
            guard !state.over, !state.abandoned else { return true }
            state.watchdog = watchdog
            return false
        }
        if over { watchdog.cancel() }
    }

    /// The waiter number of the caller whose claim recorded the build: a member from the
    /// start, so that a new build is never abandoned before it runs.
    package static let firstWaiter: UInt64 = 1

    /// Joins the build as a waiter; nil if it was abandoned (the caller starts a new one).
    package func join() -> UInt64? {
        state.withLock { state in
            guard !state.abandoned else { return nil }
            state.nextWaiter += 1
            state.members += 1
            return state.nextWaiter
        }
    }

    /// Whether the build was abandoned: its result must not be stored.
    package var isAbandoned: Bool { state.withLock { $0.abandoned } }

    /// Whether the close of its scope ended the build (``end(throwing:)``).
    package var wasEnded: Bool { state.withLock { $0.ended } }

    /// Ends the build before its body returns (its scope closed): every waiter, and every
    /// caller that still joins, throws `error` now; the task is cancelled, and what the
    /// body still returns goes nowhere.
    package func end(throwing error: any Error) {
        let (waiting, task, watchdog) = state.withLock {
            state -> ([UnsafeContinuation<Void, any Error>], Task<Void, Never>?, Task<Void, Never>?) in
            guard !state.over else { return ([], nil, nil) }
            state.over = true
            state.result = .failure(error)
            state.ended = true
            let waiting = Array(state.waiting.values)
            state.waiting = [:]
            return (waiting, state.task, state.watchdog.take())
        }
        for continuation in waiting { continuation.resume() }
        task?.cancel()
        watchdog?.cancel()
    }

    /// Waits for the result as waiter `waiter` (from ``join()``); throws
    /// `CancellationError` if the calling task is cancelled first, or the body's error.
    ///
    /// Returns once the build's task has ended too, so that a caller that drops the
    /// instance finds it released: neither the build nor its task still holds it.
    package func value(for waiter: UInt64) async throws -> AnyObject {
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let ready: Result<Void, any Error>? = state.withLock { state in
                    // A waiter that left before it got here is counted out already
                    // (``leave(_:)``), even if the result is in by now: it must not take
                    // it, or it would be counted out twice and drop the instance a
                    // member still waits for.
                    if state.cancelledEarly.remove(waiter) != nil { return .failure(CancellationError()) }
                    if state.over { return .success(()) }
                    state.waiting[waiter] = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            leave(waiter)
        }
        let (result, task) = state.withLock { state in
            guard let result = state.result else {
                preconditionFailure("\(description): a waiter joined after the build's instance was handed out")
            }
            state.members -= 1
            // The last member drops the instance (a failure is kept for late joiners of an ended build).
            if state.members == 0, case .success = result { state.result = nil }
            // An ended build's body may still run: its waiters do not wait for it.
            return (result, state.ended ? nil : state.task)
        }
        await task?.value
        return try result.get()
    }

    /// A waiter's task was cancelled: it stops waiting; the last one to leave abandons
    /// the build.
    private func leave(_ waiter: UInt64) {
        let (continuation, tasks, abandon) = state.withLock {
            state -> (UnsafeContinuation<Void, any Error>?, [Task<Void, Never>?], Bool) in
            guard !state.over else { return (nil, [], false) }
            let continuation = state.waiting.removeValue(forKey: waiter)
            if continuation == nil { state.cancelledEarly.insert(waiter) }
            state.members -= 1
            guard state.members == 0, !state.abandoned else { return (continuation, [], false) }
            state.abandoned = true
            return (continuation, [state.task, state.watchdog.take()], true)
        }
        continuation?.resume(throwing: CancellationError())
        if abandon {
            for task in tasks { task?.cancel() }
            abandoned(self)
        }
    }

    /// Hands `result` to every waiter (and to those who join later); nothing if the build
    /// was ended (then `result` is dropped here).
    package func finish(_ result: Result<AnyObject, any Error>) {
        let (waiting, watchdog) = state.withLock { state -> ([UnsafeContinuation<Void, any Error>], Task<Void, Never>?) in
            let watchdog = state.watchdog.take()
            guard !state.ended else { return ([], watchdog) }
            state.over = true
            // Kept for the members still to take it; with none (all left), dropped now.
            if state.members > 0 { state.result = result }
            let waiting = Array(state.waiting.values)
            state.waiting = [:]
            return (waiting, watchdog)
        }
        watchdog?.cancel()
        for continuation in waiting { continuation.resume() }
    }
}
