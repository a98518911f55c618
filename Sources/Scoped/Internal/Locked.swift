// Concurrency rule: `Locked` is the package's only mutex type (reads of held
// instances take none: see HeldIndex.swift). Its pthread mutex is
// heap-allocated (never `&` of an inline lock) and guards exactly the `State` value
// stored next to it. Callers keep user code (factory bodies, `deinit`s) out of
// `withLock`: they move instances out of the state and drop them after unlocking.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Mutable state kept inside a mutex, in the style of async-algorithms'
/// `ManagedCriticalState`.
///
/// Also offers a condition variable on the same mutex, used to wait for another
/// thread's in-flight build of a cached instance.
package final class Locked<State>: @unchecked Sendable { // @unchecked: `mutex` guards `state`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Only for locks made `waitable`: most locks are never waited on, and a condition
    /// variable is one more allocation per container.
    private let condition: UnsafeMutablePointer<pthread_cond_t>?
    /// Not checked for exclusive access at run time (a class's stored `var` otherwise is,
    /// on every `inout` use): the mutex already guarantees it.
    @exclusivity(unchecked) private var state: State

    /// - Parameters:
    ///   - initial: The state.
    ///   - waitable: Whether ``wait(while:)`` and ``broadcast()`` will be used.
    package init(_ initial: State, waitable: Bool = false) {
        state = initial
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        if waitable {
            let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
            condition.initialize(to: pthread_cond_t())
            pthread_cond_init(condition, nil)
            self.condition = condition
        } else {
            condition = nil
        }
    }

    deinit {
        if let condition {
            pthread_cond_destroy(condition)
            condition.deallocate()
        }
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state. `body` must not run user code.
    @inline(__always)
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }

    /// Blocks while `predicate(state)` holds, re-checking it after every ``broadcast()``.
    ///
    /// The mutex is released while blocked, so other threads (the one that will change
    /// the state) go on. `predicate` must not run user code.
    package func wait(while predicate: (State) -> Bool) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard let condition else { preconditionFailure("Scoped: wait(while:) on a lock made without waitable: true") }
        while predicate(state) {
            pthread_cond_wait(condition, mutex)
        }
    }

    /// Wakes every thread blocked in ``wait(while:)``.
    package func broadcast() {
        guard let condition else { preconditionFailure("Scoped: broadcast() on a lock made without waitable: true") }
        pthread_cond_broadcast(condition)
    }
}
