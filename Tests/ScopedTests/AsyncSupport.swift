import Scoped

/// A latch for async bodies: a body waits on it until the test opens it, and the test can
/// await the moment a number of bodies have reached it — no sleeps. Waiting throws
/// `CancellationError` when the waiting task is cancelled.
final class AsyncGate: Sendable {
    private struct State {
        var isOpen = false
        var arrived = 0
        var waiting: [Int: CheckedContinuation<Void, any Error>] = [:]
        var cancelled: Set<Int> = []
        var arrivalWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    /// Counts one arrival without waiting (a body that only reports it got here).
    @discardableResult
    func arrive() -> Int {
        let (ticket, watchers) = state.withLock { state -> (Int, [CheckedContinuation<Void, Never>]) in
            state.arrived += 1
            let reached = state.arrivalWatchers.filter { $0.count <= state.arrived }.map(\.continuation)
            state.arrivalWatchers.removeAll { $0.count <= state.arrived }
            return (state.arrived, reached)
        }
        for watcher in watchers { watcher.resume() }
        return ticket
    }

    /// Arrives, then waits until ``open()`` (returns at once if it is open).
    func wait() async throws {
        let ticket = arrive()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if state.isOpen { return .success(()) }
                    if state.cancelled.remove(ticket) != nil { return .failure(CancellationError()) }
                    state.waiting[ticket] = continuation
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                let continuation = state.waiting.removeValue(forKey: ticket)
                if continuation == nil && !state.isOpen { state.cancelled.insert(ticket) }
                return continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Lets every waiting body (and every later one) through.
    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns once `count` bodies have reached the gate.
    func arrivals(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let reached = state.withLock { state in
                if state.arrived >= count { return true }
                state.arrivalWatchers.append((count, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }

    /// How many bodies reached the gate.
    var arrived: Int { state.withLock { $0.arrived } }

    /// Runs `operation`, which must not need the gate open; if it is still running after
    /// `seconds`, opens the gate so that a regression (an operation that waits for a gated
    /// body after all) ends with a failed expectation instead of hanging the suite. A
    /// bound, not a way to wait for a result.
    func bounding<R>(seconds: UInt64 = 30, _ operation: () async throws -> R) async rethrows -> R {
        let bound = Task { [self] in
            try await Task.sleep(nanoseconds: seconds * 1_000_000_000)
            open()
        }
        defer { bound.cancel() }
        return try await operation()
    }
}

/// A value set once from any task, read by the test.
final class Flag: Sendable {
    private let value = Locked(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
