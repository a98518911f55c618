// Concurrency rule: `waits` (a `Locked`) guards the map "thread → the thread whose
// build it is waiting for". It is touched only on the slow path (a thread about to
// wait for another thread's in-flight build) and never held while user code runs.
// While holding it, a walk may take a storage's lock to check that a recorded wait
// still blocks (nesting 4 of the lock inventory in Locked.swift).

/// Detects a cycle that spans threads: thread A builds `x`, whose body waits for `y`
/// that thread B is building, whose body waits for `x`. Without this both threads would
/// block forever; with it, the thread that closes the cycle stops with the chain.
package enum WaitGraph {
    private struct Wait {
        let owner: ObjectIdentifier
        let what: String
        /// The registration being built, for the message's "where to look" line (nil for
        /// a `Lazy`'s own resolve).
        let registration: RegistrationKey?
        /// Whether the waiter is still blocked: false once the build it waits for (or any
        /// build in that storage) has finished and the waiter is about to look again.
        let stillBlocked: @Sendable () -> Bool
    }

    private static let waits = Locked<[ObjectIdentifier: Wait]>([:])

    /// Records that `waiter` is about to wait for `owner`'s build of `what`; stops the
    /// process if `owner` is (transitively) waiting for `waiter`.
    ///
    /// A recorded wait can be stale: the build it waited for has finished, and the waiter
    /// is about to wake and look again (it has not yet called ``didWait(_:)``). Such a
    /// wait does not block anyone, so it breaks the chain; `stillBlocked` tells. A real
    /// cycle is still found: the last of its threads to (re)start waiting sees every other
    /// wait of the cycle still blocked.
    package static func willWait(
        _ waiter: ObjectIdentifier, for owner: ObjectIdentifier, building what: String,
        registration: RegistrationKey? = nil, while stillBlocked: @escaping @Sendable () -> Bool
    ) {
        let wait = Wait(owner: owner, what: what, registration: registration, stillBlocked: stillBlocked)
        let chain: [Wait]? = waits.withLock { waits in
            guard stillBlocked() else { return nil }
            var chain = [wait]
            var current = owner
            var steps = 0
            while let next = waits[current], steps < 10_000, next.stillBlocked() {
                chain.append(next)
                if next.owner == waiter { return chain }
                current = next.owner
                steps += 1
            }
            waits[waiter] = wait
            return nil
        }
        if let chain {
            ScopedFailure.stopCycle(
                "across threads", ["this thread waits for \(chain[0].what)"] + chain.dropFirst().map(\.what),
                separator: ", which waits for ", note: ", which is built by this thread",
                declaredBy: chain.compactMap(\.registration))
        }
    }

    /// Records that `waiter` stopped waiting.
    package static func didWait(_ waiter: ObjectIdentifier) {
        _ = waits.withLock { $0.removeValue(forKey: waiter) }
    }
}
