// Concurrency rule: the hook is stored in the root's `AutoRegistration` (its own
// waitable lock, Internal/Tree/AutoRegistration.swift); `autoRegister()` runs with no
// lock held, once per reset of the root, while other threads that resolve through the
// root wait for it (and for a reset in progress).

/// A container type whose `autoRegister()` registers implementations before the first
/// resolve through each of its root containers: the way an app module registers what
/// lower modules only declared (Factory's `AutoRegistering`).
///
/// ```swift
/// extension Container: @retroactive AutoRegistering {   // @retroactive: both are Scoped's
///     func autoRegister() {
///         accountService.register { LiveAccountService() }
///     }
/// }
/// ```
///
/// When it runs:
///
/// - once per root container (``Container/shared``, each `Container()`), before the first
///   resolve or `register` through that root or one of its lifetime scopes (``SharedContainer/child(_:)``
///   sees the root's registrations; it does not run again). Many threads resolving first
///   at once: one runs it, the others wait for it.
/// - in each `ScopedTesting` container world, once, for that world's root, before the
///   test's and the trait's overrides are registered: those win.
/// - again after each ``SharedContainer/reset()`` of the root, which drops what it
///   registered. A resolve on another thread while the reset runs waits until it has
///   ended, then runs it or waits for the thread that does, so no resolve keeps the
///   declared body meanwhile; a run that a reset overlaps runs again after it.
///
/// A resolve or `register` from inside `autoRegister()`, on its thread, goes on at once
/// with what is registered so far: it neither waits for nor runs `autoRegister()` again.
/// Don't wait inside it for other threads that resolve through the same root: they wait
/// for `autoRegister()` to end. A lock-free read of an instance already held (a singleton
/// another root built) does not trigger it; the first build or `register` does.
///
/// ``Container`` runs it by itself. A container type of your own calls
/// ``SharedContainer/enableAutoRegistration()`` in its `init(manager:)`:
///
/// ```swift
/// final class AppContainer: SharedContainer, AutoRegistering {
///     static let shared = AppContainer()
///     let manager: ContainerManager
///     init(manager: ContainerManager = ContainerManager()) {
///         self.manager = manager
///         enableAutoRegistration()
///     }
///     func autoRegister() { session.register { LiveSession() } }
/// }
/// ```
public protocol AutoRegistering {
    /// Registers overrides (`register { … }`) on `self`, a root container.
    func autoRegister()
}

extension SharedContainer where Self: AutoRegistering {
    /// Makes this root container run ``AutoRegistering/autoRegister()`` before its first
    /// resolve (and in every test world, and after a reset): call it at the end of your
    /// container type's `init(manager:)`. ``Container`` does it by itself. Does nothing
    /// for a lifetime scope (they see their root's registrations) or when already enabled.
    ///
    /// ```swift
    /// init(manager: ContainerManager = ContainerManager()) {
    ///     self.manager = manager
    ///     enableAutoRegistration()
    /// }
    /// ```
    public func enableAutoRegistration() {
        enableAutoRegistration(of: Self.self)
    }
}

extension SharedContainer {
    /// Installs `C`'s `autoRegister()` as the hook of this container's root state. `self`
    /// in `autoRegister()` is the root container that enabled it, `C.shared` or a `C()`,
    /// while it lives (state a Factory user keeps on it survives, as in Factory; held
    /// weakly, since the container owns its root state), also for its root in the calling
    /// test world, where it registers; another root gets `C.shared` if it is that one's,
    /// else a container made around its state. `C.shared` is read when the hook runs, not
    /// captured here: this runs inside `C.shared`'s own initializer.
    package func enableAutoRegistration<C: SharedContainer>(of _: C.Type) {
        guard manager.node.isRoot else { return }
        manager.node.installAutoRegistration { [weak self] manager in
            let container: any SharedContainer
            if let enabling = self, enabling.manager.node.isRunningAutoRegistration(for: manager.node) {
                container = enabling
            } else {
                let shared = C.shared
                container = shared.manager.node === manager.node ? shared : C(manager: manager)
            }
            (container as? any AutoRegistering)?.autoRegister()
        }
    }
}
