// Concurrency rule: no lock of its own. Its progress is guarded by the lock of the storage
// that records it in flight (`InstanceStorage.state`), so a claim joins it, and the
// storage forgets it, in the same critical section as the table's lookup. Continuations
// are resumed, tasks cancelled and stalls reported after unlocking. A continuation carries
// no value: the resumed waiter reads the result under the lock. Nothing here outlives the
// callers' hold on the instance: the last waiter to take the result drops it, and every
// waiter returns only after the build's task has ended (and released its closure).

/// The one build of an async factory's instance for a caching scope however many callers
/// race for its key, in a task of its own: a caller whose task is cancelled stops waiting
/// (`CancellationError`) without cancelling it for the others. When the last waiter leaves
/// before the result is in, the build is *abandoned*: its storage forgets it in the same
/// step (the next caller starts anew), its task is cancelled, and its result is not stored.
package final class InFlightTask: @unchecked Sendable { // @unchecked: its storage's lock (`lock`) guards `progress`.
    private struct Progress {
        /// Stored continuations, by waiter number.
        var waiting: [UInt64: UnsafeContinuation<Void, any Error>] = [:]
        /// Waiters that joined and have neither taken the result nor left yet: at first the
        /// caller that claimed the build (``InFlightTask/firstWaiter``).
        var members = 1
        /// Waiters cancelled before their continuation was stored.
        var cancelledEarly: Set<UInt64> = []
        var nextWaiter = InFlightTask.firstWaiter
        /// Whether the result is in (``deliver(_:)``) or the build was ended (``end(throwing:)``).
        var over = false
        /// The result, until the last member has taken it.
        var result: Result<AnyObject, any Error>?
        /// Kept after it finishes: a waiter awaits its end.
        var task: Task<Void, Never>?
        var watchdog: Task<Void, Never>?
        var abandoned = false
        /// Ended by its scope's close: what the body still makes is dropped, and it may
        /// resolve from the closed scope without stopping.
        var ended = false

        /// Marks the build over with `result` and takes the continuations to resume.
        mutating func finish(with result: Result<AnyObject, any Error>?) -> [UnsafeContinuation<Void, any Error>] {
            over = true
            self.result = result
            defer { waiting = [:] }
            return Array(waiting.values)
        }
    }

    /// Read and changed only under `lock`, the lock of the storage that records the build
    /// in flight for `key`.
    private var progress = Progress()
    private let lock: Locked<StorageState>
    private let key: StorageKey
    private let frame: TaskFrame
    /// What the build makes, as messages name it: `database (Database)` (made when asked).
    package var description: String { frame.buildDescription }
    package var registration: RegistrationKey { key.registration }

    package init(_ frame: TaskFrame, key: StorageKey, lock: Locked<StorageState>) {
        (self.frame, self.key, self.lock) = (frame, key, lock)
    }

    private func withProgress<R>(_ body: (inout Progress) -> R) -> R {
        lock.withLock { _ in body(&progress) }
    }

    /// Starts the build: `run` in a task of its own, which must call ``deliver(_:)`` once.
    package func start(_ run: @escaping @Sendable () async -> Void) {
        // Made under the lock (a task starts elsewhere, so no user code runs here): a
        // waiter resumed by ``deliver(_:)`` always finds the task to await.
        let (task, cancelNow) = withProgress { state -> (Task<Void, Never>, Bool) in
            let task = Task { await run() }
            state.task = task
            return (task, state.abandoned)
        }
        if cancelNow { task.cancel() }
    }

    /// Calls `report` with this build and the number of its callers if it is still running
    /// `nanoseconds` from now.
    package func watch(after nanoseconds: UInt64, report: @escaping @Sendable (InFlightTask, _ callers: Int) -> Void) {
        let watchdog = Task { [self] in
            try? await Task.sleep(nanoseconds: nanoseconds)
            guard !Task.isCancelled else { return }
            let callers = withProgress { !$0.over && !$0.abandoned ? $0.members : nil }
            if let callers { report(self, callers) }
        }
        let over = withProgress { state -> Bool in
            guard !state.over, !state.abandoned else { return true }
            state.watchdog = watchdog
            return false
        }
        if over { watchdog.cancel() }
    }

    /// The waiter number of the caller whose claim recorded the build: a member from the
    /// start, so that a new build is never abandoned before it runs.
    package static let firstWaiter: UInt64 = 1

    /// Joins the build as a waiter, for a claim under the storage's lock (which finds no
    /// abandoned build: the storage forgets one in the step that abandons it).
    package func joinHoldingStorageLock() -> UInt64 {
        progress.nextWaiter += 1
        progress.members += 1
        return progress.nextWaiter
    }

    /// How many callers wait for the build now (for tests, through `container.inspection`).
    package var membersHoldingStorageLock: Int { progress.members }

    package var wasEnded: Bool { withProgress { $0.ended } }

    /// Ends the build before its body returns (its scope closed): every waiter, and every
    /// caller that still joins, throws `error` now; what the body still returns goes nowhere.
    package func end(throwing error: any Error) {
        let (waiting, task, watchdog) = withProgress {
            state -> ([UnsafeContinuation<Void, any Error>], Task<Void, Never>?, Task<Void, Never>?) in
            guard !state.over else { return ([], nil, nil) }
            state.ended = true
            return (state.finish(with: .failure(error)), state.task, state.watchdog.take())
        }
        for continuation in waiting { continuation.resume() }
        task?.cancel()
        watchdog?.cancel()
    }

    /// Waits for the result as waiter `waiter`; throws `CancellationError` if the calling
    /// task is cancelled first, or the body's error. Returns once the build's task has ended
    /// too, so that a caller that drops the instance finds it released.
    package func value(for waiter: UInt64) async throws -> AnyObject {
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let ready: Result<Void, any Error>? = withProgress { state in
                    // A waiter that left before it got here is counted out already, even
                    // if the result is in by now: taking it would count it out twice and
                    // drop the instance a member still waits for.
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
        let (result, task) = withProgress { state in
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

    /// A waiter's task was cancelled: it stops waiting; the last one to leave abandons the
    /// build.
    private func leave(_ waiter: UInt64) {
        let (continuation, tasks) = lock.withLock { storage -> (UnsafeContinuation<Void, any Error>?, [Task<Void, Never>?]) in
            guard !progress.over else { return (nil, []) }
            let continuation = progress.waiting.removeValue(forKey: waiter)
            if continuation == nil { progress.cancelledEarly.insert(waiter) }
            progress.members -= 1
            guard progress.members == 0, !progress.abandoned else { return (continuation, []) }
            progress.abandoned = true
            storage.forget(ObjectIdentifier(self), of: key, hash: key.registration.quickHash)
            return (continuation, [progress.task, progress.watchdog.take()])
        }
        continuation?.resume(throwing: CancellationError())
        for task in tasks { task?.cancel() }
    }

    /// Hands `result` to every waiter (and to those who join later); nothing if the build
    /// was ended (then `result` is dropped here).
    package func deliver(_ result: Result<AnyObject, any Error>) {
        let (waiting, watchdog) = withProgress { state -> ([UnsafeContinuation<Void, any Error>], Task<Void, Never>?) in
            let watchdog = state.watchdog.take()
            guard !state.ended else { return ([], watchdog) }
            // Kept for the members still to take it; with none (all left), dropped now.
            return (state.finish(with: state.members > 0 ? result : nil), watchdog)
        }
        watchdog?.cancel()
        for continuation in waiting { continuation.resume() }
    }
}
