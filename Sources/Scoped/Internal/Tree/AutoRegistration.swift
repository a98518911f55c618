// Concurrency rule: a root's `AutoRegistration` keeps its phase in one waitable `Locked`
// (a leaf: nothing is taken under it). The root's `autoRegistrationPending` word is 1
// while the phase is not `.done`, read with one atomic load by the slow steps of a
// resolve and by `register`; the lock-free fast read never looks. `autoRegister()` runs
// with no lock held; other threads wait on the phase's condition until it is done. The
// node's `state` lock is taken only to read or swap the gate, never around the phase.

/// The `AutoRegistering` hook of one root container: runs it once before the first
/// resolve or `register` through that root, and again after the root's `reset()`.
package final class AutoRegistration: Sendable {
    package enum Phase: Sendable {
        case pending
        /// `autoRegister()` runs on the thread with this ordinal.
        case running(thread: UInt)
        case done
    }

    /// Calls the container's `autoRegister()` on a container made around the manager.
    package let hook: @Sendable (ContainerManager) -> Void
    package let phase: Locked<Phase>

    package init(hook: @escaping @Sendable (ContainerManager) -> Void, phase: Phase) {
        self.hook = hook
        self.phase = Locked(phase, waitable: true)
    }
}

extension ContainerNode {
    /// Gives this root an `AutoRegistering` hook, pending (or done: a nested world's root,
    /// which inherits what it registered); a root that has one keeps it (a container made
    /// again around the same state installs nothing).
    package func installAutoRegistration(_ hook: @escaping @Sendable (ContainerManager) -> Void, pending: Bool = true) {
        guard isRoot else { return }
        let installed = state.withLock { state -> Bool in
            guard state.autoRegistration == nil else { return false }
            state.autoRegistration = AutoRegistration(hook: hook, phase: pending ? .pending : .done)
            return true
        }
        if installed && pending { autoRegistrationPending.store(1, ordering: .sequentiallyConsistent) }
    }

    /// Runs this root's `autoRegister()` if it has not run since the root was made or
    /// reset. One atomic load when it has.
    @inline(__always)
    package func autoRegisterIfNeeded() {
        guard autoRegistrationPending.load(ordering: .acquiring) != 0 else { return }
        runAutoRegistration()
    }

    /// Runs `autoRegister()` on this thread, or waits for the thread that runs it. The
    /// thread that runs it goes on at once when it resolves or registers from inside
    /// `autoRegister()` (it sees what is registered so far): no recursion, no deadlock.
    @inline(never)
    private func runAutoRegistration() {
        guard let gate = state.withLock({ $0.autoRegistration }) else { return }
        let thread = Platform.threadOrdinal
        enum Role { case run, wait, proceed }
        let role = gate.phase.withLock { phase -> Role in
            switch phase {
            case .pending:
                phase = .running(thread: thread)
                return .run
            case .running(let runner): return runner == thread ? .proceed : .wait
            case .done: return .proceed
            }
        }
        switch role {
        case .proceed: return
        case .wait:
            gate.phase.wait { phase in
                if case .running = phase { return true }
                return false
            }
        case .run:
            gate.hook(ContainerManager(node: self))
            gate.phase.withLock { $0 = .done }
            autoRegistrationPending.store(0, ordering: .sequentiallyConsistent)
            gate.phase.broadcast()
        }
    }

    /// After a root's `reset()`, which drops what `autoRegister()` registered: pending again.
    package func rearmAutoRegistration() {
        guard isRoot, let gate = state.withLock({ $0.autoRegistration }) else { return }
        let rearmed = gate.phase.withLock { phase -> Bool in
            guard case .done = phase else { return false }
            phase = .pending
            return true
        }
        if rearmed { autoRegistrationPending.store(1, ordering: .sequentiallyConsistent) }
    }
}
