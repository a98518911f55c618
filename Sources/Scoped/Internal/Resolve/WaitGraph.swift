// Concurrency rule: `waits` (a `Locked`) guards the one waits-for graph of the process,
// touched only when about to wait and never held while user code runs. While holding it, a
// walk may take a storage's or a `Lazy`'s lock to check that a recorded wait still blocks
// (nesting 2 of the lock inventory in Locked.swift).

/// The process's waits-for graph, "this waiter → the builder whose build it waits for" (threads,
/// `Lazy`s, async builds): a wait that would close a cycle stops with the chain instead.
package enum WaitGraph {
    private struct Wait {
        let owner: ObjectIdentifier
        let what: String
        let registration: RegistrationKey?
        let waitingBuild: String?
        /// False once the build waited for has finished (the waiter is about to look again).
        let stillBlocked: @Sendable () -> Bool
    }
    private static let waits = Locked<[ObjectIdentifier: Wait]>([:])
    /// Records that the thread `waiter` is about to wait for `owner`'s build of `what`;
    /// stops if `owner` is (transitively) waiting for `waiter`. A stale wait blocks no one,
    /// so it breaks the chain; the last thread of a real cycle to wait sees the others blocked.
    package static func willWait(
        _ waiter: ObjectIdentifier, for owner: ObjectIdentifier, building what: String,
        registration: RegistrationKey? = nil, while stillBlocked: @escaping @Sendable () -> Bool
    ) {
        let wait = Wait(owner: owner, what: what, registration: registration, waitingBuild: nil, stillBlocked: stillBlocked)
        guard let chain = record(wait, for: waiter) else { return }
        ScopedFailure.stopCycle(
            "across threads", ["this thread waits for \(chain[0].what)"] + chain.dropFirst().map(\.what),
            separator: ", which waits for ", note: ", which is built by this thread",
            declaredBy: chain.compactMap(\.registration))
    }
    /// Records that the async build `waiter` is about to await `target`; stops if `target`
    /// awaits `waiter`, directly or through other builds: `b (B) → a (A) → b`.
    package static func willAwait(_ target: InFlightTask, from waiter: InFlightTask) {
        let wait = Wait(
            owner: ObjectIdentifier(target), what: target.description, registration: target.registration,
            waitingBuild: waiter.description, stillBlocked: { true })
        guard let chain = record(wait, for: ObjectIdentifier(waiter)) else { return }
        ScopedFailure.stopCycle(
            "between async factories across tasks",
            [waiter.description] + chain.dropLast().map(\.what) + [waiter.registration.memberName],
            declaredBy: [waiter.registration] + chain.dropLast().compactMap(\.registration))
    }
    /// The async builds awaiting `target` now (`feed (Feed)`), sorted: a stall report's.
    package static func buildsAwaiting(_ target: InFlightTask) -> [String] {
        let id = ObjectIdentifier(target)
        return waits.withLock { $0.values.compactMap { $0.owner == id ? $0.waitingBuild : nil } }.sorted()
    }
    /// Records `wait` unless it closes a cycle of waits that still block: then that cycle.
    private static func record(_ wait: Wait, for waiter: ObjectIdentifier) -> [Wait]? {
        waits.withLock { waits in
            guard wait.stillBlocked() else { return nil }
            var chain = [wait]
            while chain.count <= 10_000, let next = waits[chain[chain.count - 1].owner], next.stillBlocked() {
                chain.append(next)
                if next.owner == waiter { return chain }
            }
            waits[waiter] = wait
            return nil
        }
    }
    package static func didWait(_ waiter: ObjectIdentifier) {
        _ = waits.withLock { $0.removeValue(forKey: waiter) }
    }
}
