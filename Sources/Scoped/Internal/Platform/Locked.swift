// Concurrency rule: `Locked` is the package's only mutex type (reads of held
// instances take none: see HeldIndex.swift). Its pthread mutex (Platform.swift) is
// heap-allocated (never `&` of an inline lock) and guards exactly the `State` value
// stored next to it. Callers keep user code (factory bodies, `deinit`s, observers) out of
// `withLock`: they move instances out of the state and drop them after unlocking.
//
// THE LOCK INVENTORY: every `Locked` in the package, and every nesting taken. A lock not
// listed here, or a nesting not listed, is a bug; the headers of the files named only
// point back here.
//
//   lock (file)                                   guards                                       one per
//   ContainerNode.state (Tree/ContainerNode)      children, closed, overrides, observers      container
//   InstanceStorage.state (Storage/InstanceStorage, waitable)
//                                                 entry table, builds in flight, handoffs to  storage
//                                                 waiting threads, closed, async builds and
//                                                 their progress (Async/AsyncBuild: waiters,
//                                                 result, task, watchdog, ended)
//   Lazy.state (Lazy, waitable)                   unresolved / resolving / resolved           Lazy
//   AutoRegistration.gate (Tree/AutoRegistration, waitable)
//                                                 epoch, last run's epoch, runner, resetters  root with an AutoRegistering hook
//   WeakLazyInjected's state (Injected)           resolved flag, weak instance                property
//   WaitGraph.waits (Resolve/WaitGraph)           waiter (thread, async build) → the builder   process
//                                                 it waits for: the one waits-for graph
//   ContainerRegistry.live (Tree/ContainerRegistry) weak list of root nodes                    process
//   WorldNode.worldRoots (Tree/WorldNode)         world roots by root and world               process
//   Scope.customScopes (Scope)                    every custom scope, retained                process
//   EventHub.stalledBuildThreshold (Tree/EventHub) LifecycleEvent.stalledBuildThreshold       process
//   LeakCheck.settings (Tree/LeakCheck)            LifecycleEvent.leakGracePeriod              process
//   LeakCheck.pending (Tree/LeakCheck)             released instances waiting for their grace  process
//   LeakCollector.watches (Tree/LeakCheck)         an immediate check's released instances    expectNoLeaks call
//   ManualClock.nanoseconds (Storage/Expiry)      a test world's time for .timeToLive         TimeToLiveClock
//   Platform.logs (Platform/Platform)             the os logs by category (Apple platforms)   process
//   GraphRecorder.state / .observation            the graph being folded; its observation     recorder
//   TraceRecorder.state / .observation            the events being recorded; its observation  recorder
//   (ScopedTesting: LifecycleTracker.state / .observations, validateGraph's `events` and
//    `problems`; ScopedSwiftUI: ViewModelSlot.installedFlag, Installation.installed.)
//
// Nestings taken (outer → inner), each held only for a lookup, never across user code:
//   1. ContainerNode.state (parent) → InstanceStorage.state (child's): `Scope.reset()`
//      picking the children that hold a scope's instances (ContainerRegistry.swift).
//   2. WaitGraph.waits → InstanceStorage.state or Lazy.state: a cycle walk asks whether
//      a recorded wait still blocks (WaitGraph.swift, Lazy.swift).
// Every other lock is a leaf: nothing is taken while it is held (a recorder's `stop()`
// takes its observation out and cancels it after unlocking). No nesting goes the other
// way, so no two threads can take two locks in opposite orders.
//
// Waits (a thread blocked on a lock's condition, the lock released meanwhile):
// InstanceStorage.state (another thread's build of the key), Lazy.state (another thread
// resolving it), AutoRegistration.gate (another thread running `autoRegister()` or
// resetting the root). The first two are edges of the waits-for graph, which stops a
// cycle. The third is not: the thread running a root's `autoRegister()` (or resetting it)
// passes its own gate, and a reset waits for nothing, but two roots whose
// `autoRegister()`s resolve from each other, run on two threads at once, would wait for
// each other forever (a known gap, undetected).

// Spinning under a lock: `HeldSlot.swap` (HeldIndex.swift) runs under its storage's lock
// and may spin until the lock-free readers inside their few-instruction window (load,
// retain) leave it; after 64 spins it yields the thread, so a reader preempted in that
// window costs the writer a reschedule, never a deadlock (readers take no lock).

/// Mutable state kept inside a mutex, in the style of async-algorithms'
/// `ManagedCriticalState`.
///
/// Also offers a condition variable on the same mutex, used to wait for another
/// thread's in-flight build of a cached instance.
/// Not final: `InstanceStorage` is one (one allocation per storage, not two).
@usableFromInline
package class Locked<State>: @unchecked Sendable { // @unchecked: `mutex` guards `state`.
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
    package init(_ initial: consuming State, waitable: Bool = false) {
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
    package final func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&state)
    }

    /// Blocks while `predicate(state)` holds, re-checking it after every ``broadcast()``.
    ///
    /// The mutex is released while blocked, so other threads (the one that will change
    /// the state) go on. `predicate` must not run user code.
    package final func wait(while predicate: (State) -> Bool) {
        mutex.lock()
        defer { mutex.unlock() }
        guard let condition else { preconditionFailure("Scoped: wait(while:) on a lock made without waitable: true") }
        while predicate(state) {
            condition.wait(releasing: mutex)
        }
    }

    /// Wakes every thread blocked in ``wait(while:)``.
    package final func broadcast() {
        guard let condition else { preconditionFailure("Scoped: broadcast() on a lock made without waitable: true") }
        condition.broadcast()
    }
}
