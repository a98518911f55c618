// Concurrency rule: a root's `AutoRegistration` keeps its state in one waitable `Locked`,
// a leaf. The root's `autoRegistrationPending` word is 1 while `autoRegister()` has yet to
// run for the root's current registrations (one atomic load for the slow steps of a
// resolve and for `register`; the fast read never looks). It is written only under the
// gate's lock, so a reset's "pending again" is never overwritten by a run that ended
// before it. `autoRegister()` runs with no lock held; other threads wait on the gate's
// condition. The node's `state` lock is taken only to read or swap the gate.

/// The `AutoRegistering` hook of one root container: runs it once before the first
/// resolve or `register` through that root, and again after each of the root's resets.
///
/// A reset closes the gate before it drops the root's overrides and instances and opens it
/// after: a resolve meanwhile waits, then runs `autoRegister()` (or waits for the thread
/// that does), so no resolve racing a reset builds with the declared body and keeps it. A
/// run that a reset overlaps runs again once the reset has ended.
package final class AutoRegistration: Sendable {
    package struct State: Sendable {
        /// Moves on at the end of every reset, which drops what `autoRegister()` registered.
        var epoch: UInt64 = 0
        /// The epoch for which `autoRegister()` last ran to its end (nil: never).
        var ranFor: UInt64?
        /// The thread (ordinal) running `autoRegister()`, and those resetting the root.
        var runner: UInt?
        var resetters: [UInt] = []

        /// It ran for the current registrations: nothing to run or wait for.
        var isDone: Bool { runner == nil && resetters.isEmpty && ranFor == epoch }
        /// Another thread runs `autoRegister()` or resets the root: wait.
        var isBusy: Bool { runner != nil || !resetters.isEmpty }
    }

    /// Calls the container's `autoRegister()` on a container made around the manager.
    package let hook: @Sendable (ContainerManager) -> Void
    package let gate: Locked<State>

    package init(hook: @escaping @Sendable (ContainerManager) -> Void, pending: Bool) {
        self.hook = hook
        self.gate = Locked(State(ranFor: pending ? nil : 0), waitable: true)
    }
}

extension ContainerNode {
    /// Gives this root an `AutoRegistering` hook, pending (or done: a nested world's root
    /// inherits what it registered); a root that has one keeps it.
    package func installAutoRegistration(_ hook: @escaping @Sendable (ContainerManager) -> Void, pending: Bool = true) {
        guard isRoot else { return }
        let installed = state.withLock { state -> Bool in
            guard state.autoRegistration == nil else { return false }
            state.autoRegistration = AutoRegistration(hook: hook, pending: pending)
            return true
        }
        if installed && pending { autoRegistrationPending.store(1, ordering: .sequentiallyConsistent) }
    }

    /// Runs this root's `autoRegister()` if it has not run since the root was made or
    /// reset. One atomic load when it has.
    @inline(__always)
    package func autoRegisterIfNeeded() {
        guard autoRegistrationPending.load(ordering: .acquiring) != 0 else { return }
        _ = runAutoRegistration()
    }

    /// Runs `autoRegister()` on this thread, or waits for the thread that runs it or
    /// resets the root. That thread itself goes on at once (resolving from inside
    /// `autoRegister()`, or from a `deinit` a reset runs), and gets true: no recursion, no
    /// deadlock. False once it ran for the current registrations (or the root has none).
    @inline(never)
    func runAutoRegistration() -> Bool {
        guard let registration = state.withLock({ $0.autoRegistration }) else { return false }
        let gate = registration.gate
        let me = Platform.threadOrdinal
        enum Role { case run(epoch: UInt64), wait, done, exempt }
        while true {
            let role = gate.withLock { state -> Role in
                if state.isDone { return .done }
                if state.runner == me || state.resetters.contains(me) { return .exempt }
                if state.isBusy { return .wait }
                state.runner = me
                return .run(epoch: state.epoch)
            }
            switch role {
            case .done:
                return false
            case .exempt:
                return true
            case .wait:
                gate.wait { $0.isBusy }
            case .run(let epoch):
                registration.hook(ContainerManager(node: self))
                gate.withLock { state in
                    state.runner = nil
                    state.ranFor = epoch
                    if state.isDone { autoRegistrationPending.store(0, ordering: .sequentiallyConsistent) }
                }
                gate.broadcast()
            }
        }
    }

    /// Whether this thread is running this root's `autoRegister()` now: its registrations
    /// drop no instance, as in Factory.
    package var isAutoRegisteringOnThisThread: Bool {
        guard autoRegistrationPending.load(ordering: .acquiring) != 0,
            let registration = state.withLock({ $0.autoRegistration })
        else { return false }
        let thread = Platform.threadOrdinal
        return registration.gate.withLock { $0.runner == thread }
    }

    /// Closes the gate for a reset of this root: until ``endAutoRegistrationReset(_:)``,
    /// resolves through the root on other threads wait. Nil for a root without the hook.
    package func beginAutoRegistrationReset() -> AutoRegistration? {
        guard isRoot, let registration = state.withLock({ $0.autoRegistration }) else { return nil }
        registration.gate.withLock { state in
            state.resetters.append(Platform.threadOrdinal)
            autoRegistrationPending.store(1, ordering: .sequentiallyConsistent)
        }
        return registration
    }

    /// Opens the gate after a reset: the next resolve runs `autoRegister()` again, as in Factory.
    package func endAutoRegistrationReset(_ registration: AutoRegistration?) {
        guard let registration else { return }
        registration.gate.withLock { state in
            state.resetters.remove(at: state.resetters.firstIndex(of: Platform.threadOrdinal)!)
            state.epoch &+= 1
        }
        registration.gate.broadcast()
    }

    /// Whether `root`, whose `autoRegister()` runs now, is this production root or its root
    /// in the calling code's world (made already: a world root being made runs its
    /// enclosing world's `autoRegister()`), so that registrations through this root's
    /// container land in `root`.
    func isRunningAutoRegistration(for root: ContainerNode) -> Bool {
        if root === self { return true }
        guard let world = WorldNode.current else { return false }
        return world.existingReplacement(for: self) === root
    }
}
