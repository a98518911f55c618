// Concurrency rule: a root's `AutoRegistration` keeps its state in one waitable `Locked`, a leaf. The root's
// `autoRegistrationPending` word is written under it (or at install), so a reset's "pending again" is never overwritten
// by a run that ended before it. The node's `state` lock only reads or sets the gate; `autoRegister()` runs unlocked.

/// A root's `AutoRegistering` hook: runs once before the first resolve or `register`, and after each reset, which
/// closes the gate meanwhile (no resolve racing it builds with the declared body); a run a reset overlaps runs again.
package final class AutoRegistration: Sendable {
    package struct State: Sendable {
        /// Moves on at the end of every reset; `ranFor`: the epoch `autoRegister()` last ran to its end for (nil:
        /// never); `runner` and `resetters`: thread ordinals.
        var epoch: UInt64 = 0
        var ranFor: UInt64?
        var runner: UInt?
        var resetters: [UInt] = []
        var isDone: Bool { runner == nil && resetters.isEmpty && ranFor == epoch }
        var isBusy: Bool { runner != nil || !resetters.isEmpty }
    }
    package let hook: @Sendable (ContainerManager) -> Void
    package let gate: Locked<State>
    package init(hook: @escaping @Sendable (ContainerManager) -> Void, pending: Bool) {
        self.hook = hook
        self.gate = Locked(State(ranFor: pending ? nil : 0), waitable: true)
    }
}

extension ContainerNode {
    /// Pending or done (a nested world's root inherits what it registered); one hook a root.
    package func installAutoRegistration(_ hook: @escaping @Sendable (ContainerManager) -> Void, pending: Bool = true) {
        guard isRoot else { return }
        let installed = state.withLock { state -> Bool in
            guard state.autoRegistration == nil else { return false }
            state.autoRegistration = AutoRegistration(hook: hook, pending: pending)
            return true
        }
        if installed && pending { autoRegistrationPending.store(1, ordering: .sequentiallyConsistent) }
    }
    @inline(__always)
    package func autoRegisterIfNeeded() {
        guard autoRegistrationPending.load(ordering: .acquiring) != 0 else { return }
        _ = runAutoRegistration()
    }
    /// Runs `autoRegister()` here, or waits for the thread that runs it or resets the root; that thread goes on at once
    /// and gets true (no recursion, no deadlock). False once it ran.
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
            case .done: return false
            case .exempt: return true
            case .wait: gate.wait { $0.isBusy }
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
    /// Registrations made in `autoRegister()` drop no instance, as in Factory.
    package var isAutoRegisteringOnThisThread: Bool {
        guard autoRegistrationPending.load(ordering: .acquiring) != 0,
            let registration = state.withLock({ $0.autoRegistration })
        else { return false }
        return registration.gate.withLock { $0.runner == Platform.threadOrdinal }
    }
    /// Until ``endAutoRegistrationReset(_:)``, resolves through the root on other threads wait.
    package func beginAutoRegistrationReset() -> AutoRegistration? {
        guard isRoot, let registration = state.withLock({ $0.autoRegistration }) else { return nil }
        registration.gate.withLock { state in
            state.resetters.append(Platform.threadOrdinal)
            autoRegistrationPending.store(1, ordering: .sequentiallyConsistent)
        }
        return registration
    }
    package func endAutoRegistrationReset(_ registration: AutoRegistration?) {
        guard let registration else { return }
        registration.gate.withLock { state in
            state.resetters.remove(at: state.resetters.firstIndex(of: Platform.threadOrdinal)!)
            state.epoch &+= 1
        }
        registration.gate.broadcast()
    }
    /// Whether `root` is this production root or its root in the calling code's world.
    func isRunningAutoRegistration(for root: ContainerNode) -> Bool {
        if root === self { return true }
        guard let world = WorldNode.current else { return false }
        return world.existingReplacement(for: self) === root
    }
}
