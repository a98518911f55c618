// Concurrency rule: no lock of its own. Its progress is guarded by the lock of the storage that records it in flight
// (`InstanceStorage.state`), so a claim joins it, and the storage forgets it, in the same critical section as the
// table's lookup. Continuations are resumed (carrying no value: the waiter reads the result under the lock), tasks
// cancelled and stalls reported after unlocking. The last waiter to take the result drops it, and every waiter returns
// only after the build's task has ended (and released its closure).

/// The one build of a caching scope's async instance, in a task of its own. When the last waiter leaves before the
/// result is in, it is *abandoned*: forgotten, cancelled, unstored.
package final class InFlightTask: @unchecked Sendable { // @unchecked: its storage's lock (`lock`) guards `progress`.
    private struct Progress {
        var waiting: [UInt64: UnsafeContinuation<Void, any Error>] = [:]
        /// Waiters that have neither taken the result nor left (at first the claiming caller).
        var members = 1
        /// Waiters cancelled before their continuation was stored.
        var cancelledEarly: Set<UInt64> = []
        var nextWaiter = InFlightTask.firstWaiter
        /// The result is in (``deliver(_:)``) or the build was ended (``end(throwing:)``).
        var over = false
        /// The result, until the last member has taken it; the task, kept for waiters to await.
        var result: Result<AnyObject, any Error>?
        var task: Task<Void, Never>?
        var watchdog: Task<Void, Never>?
        var abandoned = false
        /// Ended by its scope's close: what the body still makes is dropped.
        var ended = false
    }
    private var progress = Progress()
    private let lock: Locked<StorageState>
    private let key: StorageKey
    private let frame: TaskFrame
    /// What the build makes, as messages name it: `database (Database)`.
    package var description: String { frame.buildDescription }
    package var registration: RegistrationKey { key.registration }
    package init(_ frame: TaskFrame, key: StorageKey, lock: Locked<StorageState>) {
        (self.frame, self.key, self.lock) = (frame, key, lock)
    }
    private func withProgress<R>(_ body: (inout Progress) -> R) -> R { lock.withLock { _ in body(&progress) } }
    /// Starts the build: `run` in a task of its own, which must call ``deliver(_:)`` once.
    package func start(_ run: @escaping @Sendable () async -> Void) {
        // Made under the lock (no user code runs here): a resumed waiter finds it to await.
        let (task, cancelNow) = withProgress { state -> (Task<Void, Never>, Bool) in
            let task = Task { await run() }
            state.task = task
            return (task, state.abandoned)
        }
        if cancelNow { task.cancel() }
    }
    /// Calls `report` with the number of callers if the build still runs after `nanoseconds`; once per build.
    package func watch(after nanoseconds: UInt64, report: @escaping @Sendable (InFlightTask, _ callers: Int) -> Void) {
        guard withProgress({ !$0.over && !$0.abandoned && $0.watchdog == nil }) else { return }
        let watchdog = Task { [self] in
            try? await Task.sleep(nanoseconds: nanoseconds)
            guard !Task.isCancelled else { return }
            if let callers = withProgress({ !$0.over && !$0.abandoned ? $0.members : nil }) { report(self, callers) }
        }
        let over = withProgress { state -> Bool in
            guard !state.over, !state.abandoned, state.watchdog == nil else { return true }
            state.watchdog = watchdog
            return false
        }
        if over { watchdog.cancel() }
    }
    /// The claiming caller: a member from the start, so a new build is never abandoned.
    package static let firstWaiter: UInt64 = 1
    /// Joins the build as a waiter, under the storage's lock (no abandoned build is found).
    package func joinHoldingStorageLock() -> UInt64 {
        progress.nextWaiter += 1
        progress.members += 1
        return progress.nextWaiter
    }
    /// For tests, through `container.inspection`.
    package var membersHoldingStorageLock: Int { progress.members }
    package var wasEnded: Bool { withProgress { $0.ended } }
    /// Its scope closed: every waiter, and every later joiner, throws `error` now.
    package func end(throwing error: any Error) { finish(with: .failure(error), ending: true) }
    /// Throws `CancellationError` or the body's error; returns once the task has ended too.
    package func value(for waiter: UInt64) async throws -> AnyObject {
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let ready: Result<Void, any Error>? = withProgress { state in
                    // Left before it got here: counted out already, even if the result is in.
                    if state.cancelledEarly.remove(waiter) != nil { return .failure(CancellationError()) }
                    if state.over { return .success(()) }
                    state.waiting[waiter] = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: { leave(waiter) }
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
    /// A waiter's task was cancelled: it stops waiting; the last to leave abandons the build.
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
    /// Hands `result` to every waiter (and later joiners); nothing if the build was ended.
    package func deliver(_ result: Result<AnyObject, any Error>) { finish(with: result, ending: false) }
    private func finish(with result: Result<AnyObject, any Error>, ending: Bool) {
        let (waiting, task, watchdog) = withProgress {
            state -> ([UnsafeContinuation<Void, any Error>], Task<Void, Never>?, Task<Void, Never>?) in
            guard !state.over else { return ([], nil, nil) }  // ended, or (ending) delivered
            (state.over, state.ended) = (true, ending)
            // Kept for members yet to take it (a failure that ends it: for late joiners too); none left: dropped now.
            state.result = ending || state.members > 0 ? result : nil
            defer { state.waiting = [:] }
            return (Array(state.waiting.values), ending ? state.task : nil, state.watchdog.take())
        }
        watchdog?.cancel()
        for continuation in waiting { continuation.resume() }
        task?.cancel()
    }
}
