// Concurrency rule: `Locked` is the package's only mutex type (reads of held
// instances take none: see HeldIndex.swift). Its pthread mutex (Platform.swift) is
// heap-allocated (never `&` of an inline lock) and guards exactly the `State` value
// stored next to it. Callers keep user code (factory bodies, `deinit`s) out of
// `withLock`: they move instances out of the state and drop them after unlocking.

/// Mutable state kept inside a mutex, in the style of async-algorithms'
/// `ManagedCriticalState`.
///
/// Also offers a condition variable on the same mutex, used to wait for another
/// thread's in-flight build of a cached instance.
package final class Locked<State>: @unchecked Sendable { // @unchecked: `mutex` guards `state`.
    private let mutex: PlatformMutex
    /// Only for locks made `waitable`: most locks are never waited on, and a condition
    /// variable is one more allocation per container.
    private let condition: PlatformCondition?
    /// Not checked for exclusive access at run time (a class's stored `var` otherwise is,
    /// on every `inout` use): the mutex already guarantees it.
    @exclusivity(unchecked) private var state: State

    /// - Parameters:
    ///   - initial: The state.
    ///   - waitable: Whether ``wait(while:)`` and ``broadcast()`` will be used.
    package init(_ initial: State, waitable: Bool = false) {
        state = initial
        mutex = PlatformMutex()
        condition = waitable ? PlatformCondition() : nil
    }

    deinit {
        condition?.destroy()
        mutex.destroy()
    }

    /// Runs `body` with exclusive access to the state. `body` must not run user code.
    @inline(__always)
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&state)
    }

    /// Blocks while `predicate(state)` holds, re-checking it after every ``broadcast()``.
    ///
    /// The mutex is released while blocked, so other threads (the one that will change
    /// the state) go on. `predicate` must not run user code.
    package func wait(while predicate: (State) -> Bool) {
        mutex.lock()
        defer { mutex.unlock() }
        guard let condition else { preconditionFailure("Scoped: wait(while:) on a lock made without waitable: true") }
        while predicate(state) {
            condition.wait(releasing: mutex)
        }
    }

    /// Wakes every thread blocked in ``wait(while:)``.
    package func broadcast() {
        guard let condition else { preconditionFailure("Scoped: broadcast() on a lock made without waitable: true") }
        condition.broadcast()
    }
}
