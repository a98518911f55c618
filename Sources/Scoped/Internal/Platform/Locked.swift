// Concurrency rule: `Locked` is the package's only mutex type (held instances are read without
// one: HeldIndex.swift). Its heap-allocated pthread mutex (Platform.swift) guards exactly the
// `State` stored next to it (unlocked only through `withUnsharedState`, before any other thread
// can reach the object). No user code (factory bodies, `deinit`s, observers) runs in `withLock`:
// callers move instances out and drop them after unlocking.
//
// THE LOCK INVENTORY: every `Locked` in the package, and every nesting taken. A lock or a
// nesting not listed here is a bug; other files' headers only point back here.
//
//   lock (file)                                 guards                                      one per
//   InstanceStorage.state (Storage/, waitable)  entry table, builds in flight, handoffs to  storage
//                                               waiting threads, closed, async builds' progress (Async/
//                                               InFlightTask: waiters, result, task, watchdog, ended); its
//                                               ContainerNode.state (Tree/): children, closed, overrides, observers
//   Lazy.state (Lazy, waitable)                 unresolved / resolving / resolved           Lazy
//   AutoRegistration.gate (Tree/, waitable)     epoch, last run's epoch, runner, resetters  root with AutoRegistering
//   WeakLazyInjected's state (Injected)         resolved flag, weak instance                property
//   WaitGraph.waits (Resolve/WaitGraph)         waiter (thread, async build) → its builder  process
//   ContainerRegistry.live (Tree/)              weak list of root nodes                     process
//   WorldNode.worldRoots (Tree/WorldNode)       world roots by root and world               process
//   Scope.customScopes (Scope)                  every custom scope, retained                process
//   EventHub.stalledBuildThreshold (Tree/)      LifecycleEvent.stalledBuildThreshold        process
//   LeakCheck.settings (Tree/LeakCheck)         LifecycleEvent.leakGracePeriod              process
//   a LeakCollector (Tree/LeakCheck)            released instances to check                 leak check
//   ManualClock.nanoseconds (Storage/Expiry)    a test world's time for .timeToLive         TimeToLiveClock
//   PlatformSignposts.logs (Platform/Platform)  the os logs by category (Apple platforms)   process
//   Switches.counts (Platform/Atomics)          counts behind the counted switches          process
//   GraphRecorder, TraceRecorder: .state, .observation  what is recorded; its observation  recorder
//   (ScopedTesting: LifecycleTracker.state / .observations, validateGraph's `events` and
//    `problems`; ScopedSwiftUI: ViewModelSlot.installedFlag, Installation.installed.)
//
// Nestings taken (outer → inner), each held only for a lookup, never across user code:
//   1. InstanceStorage.state (parent's, for its children) → InstanceStorage.state (a child's): `Scope.reset()`
//      picking the children that hold a scope's instances (ContainerRegistry.swift). Never child → parent.
//   2. WaitGraph.waits → InstanceStorage.state or Lazy.state: a cycle walk asks whether a
//      recorded wait still blocks (WaitGraph.swift, Lazy.swift).
// Every other lock is a leaf (a recorder's `stop()` cancels its observation after unlocking).
// No nesting goes the other way, so no two threads take two locks in opposite orders.
//
// Waits (blocked on a lock's condition, the lock released): InstanceStorage.state (another thread's build of the key)
// and Lazy.state (another thread resolving it), both edges of the waits-for graph, which stops a cycle;
// AutoRegistration.gate (another thread running `autoRegister()` or resetting the root), not an edge: two roots whose
// `autoRegister()`s resolve from each other, run on two threads at once, would wait for each other forever (a known
// gap). A spin under a lock: `HeldSlot.swap` (HeldIndex.swift) of a `.shared` slot waits out the lock-free readers'
// few-instruction window, yielding the thread after 64 spins: never a deadlock. A cached hit whose slot's batch of
// references is spent takes InstanceStorage.state, no other lock held, to refill it (`HeldIndex.refill`): a leaf.

/// Mutable state kept inside a mutex (async-algorithms' `ManagedCriticalState`), with an optional
/// condition variable on the same mutex. Not final: `InstanceStorage` is one (one allocation, not two).
@usableFromInline
package class Locked<State>: @unchecked Sendable { // @unchecked: `mutex` guards `state`.
    private let mutex: PlatformLock
    /// No run-time exclusivity check on every `inout` use: the mutex guarantees it.
    @exclusivity(unchecked) private var state: State

    /// `waitable`: whether ``wait(while:atMost:)`` and ``broadcast()`` will be used; `words`: how
    /// many atomic words (``words``) to allocate with the mutex, freed with it.
    package init(_ initial: consuming State, waitable: Bool = false, words: Int = 0) {
        state = initial
        mutex = PlatformLock(waitable: waitable, words: words)
    }
    package final var words: AtomicWords { AtomicWords(base: mutex.words) }
    deinit { mutex.destroy() }
    /// Runs `body` with exclusive access to the state. `body` must not run user code.
    @inline(__always)
    package final func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&state)
    }
    /// Runs `body` with the state, unlocked: only while no other thread can reach this object
    /// (a child scope's storage before the critical section that publishes it ends).
    @inline(__always)
    package final func withUnsharedState<R>(_ body: (inout State) throws -> R) rethrows -> R { try body(&state) }
    /// Blocks, the mutex released, while `predicate(state)` holds; given `seconds`, for at most
    /// that long. Returns whether `predicate(state)` still held when it gave up.
    @discardableResult
    package final func wait(while predicate: (State) -> Bool, atMost seconds: Double? = nil) -> Bool {
        mutex.lock()
        defer { mutex.unlock() }
        return mutex.wait(while: { predicate(state) }, atMost: seconds)
    }
    /// Wakes every thread blocked in ``wait(while:atMost:)``.
    package final func broadcast() { mutex.broadcast() }
}
