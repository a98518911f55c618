// Concurrency rule: `state` (a `Locked`) guards whether the thunk has resolved and
// what to; it is released while the factory runs. Racing first calls wait (on the
// lock's condition) for the first caller's resolve, so the thunk resolves exactly
// once; the thread that is resolving it calling it again is a cycle and stops, and a
// wait that would close a cycle across threads stops too (WaitGraph.swift). The
// resolve closure is released after unlocking. Once resolved, the box is also
// published in `resolvedBox` (an atomic, release/acquire) and never changes again, so
// later calls read it without the lock.

/// A memoizing thunk: resolves through its factory on the first call and returns that
/// same instance afterwards. Making a `Lazy` builds nothing.
///
/// Get one from ``Factory/lazy`` or ``ParameterFactory/lazy(_:)``. Hand it to a view
/// instead of an instance, so that SwiftUI re-creating the view's description costs
/// nothing and the view model is built only when the screen really needs it:
///
/// ```swift
/// let viewModel = Container.shared.counter(initialValue: 3).lazy
/// viewModel.isResolved   // false: nothing built
/// let a = viewModel()    // built (or taken from its scope) now
/// let b = viewModel()    // a === b
/// ```
///
/// Thread-safe: racing first calls resolve once. The thunk holds its instance strongly,
/// whatever the factory's scope: `Lazy` over `.shared` keeps the instance alive as long
/// as the thunk lives.
///
/// A first call is a resolve through the container the thunk was made from, as calling
/// the factory then would be: through a lifetime scope closed since, a `.scoped`
/// factory's thunk stops the process, naming the scope. (A lazy property wrapper's first
/// access there does not: ``LifetimeScopeClosedError`` says why.) Make the thunk from a
/// container that outlives its caller, or call it before the scope closes.
public final class Lazy<T> {
    private enum State {
        case unresolved(@Sendable () -> T)
        case resolving(owner: ObjectIdentifier, resolve: @Sendable () -> T)
        case resolved(InstanceBox<T>)
    }

    private enum Step {
        case done(T)
        case resolve(@Sendable () -> T)
        case wait(for: ObjectIdentifier)
        case cycle
    }

    private let state: Locked<State>
    /// The resolved instance's box (``UnsafeReference`` bits, retained), published once after
    /// `state` becomes `.resolved` and never changed: calls after the first read it
    /// without taking the lock.
    @usableFromInline let resolvedBox = AtomicWord()

    init(_ resolve: @escaping @Sendable () -> T) {
        state = Locked(.unresolved(resolve), waitable: true)
    }

    /// A thunk that has already resolved, to `value` (a ``LazyInjected`` that was set).
    init(resolved value: T) {
        let box = InstanceBox(value)
        state = Locked(.resolved(box), waitable: true)
        resolvedBox.store(UnsafeReference.retaining(box).bits, ordering: .releasing)
    }

    deinit {
        let bits = resolvedBox.load(ordering: .acquiring)
        if bits != 0 { UnsafeReference<InstanceBox<T>>(bits: bits).release() }
        resolvedBox.deallocate()
    }

    /// Whether the thunk has resolved (a call has returned its instance).
    public var isResolved: Bool {
        state.withLock { state in
            if case .resolved = state { return true }
            return false
        }
    }

    /// The instance if the thunk has resolved, or nil: resolves nothing (Factory's
    /// `resolvedOrNil()`).
    ///
    /// - Returns: The instance, or nil before the first call.
    public func resolvedOrNil() -> T? {
        let bits = resolvedBox.load(ordering: .acquiring)
        guard bits != 0 else { return nil }
        return UnsafeReference<InstanceBox<T>>(bits: bits).withBorrowed { $0.value }
    }

    /// Returns the instance, resolving it through the factory on the first call.
    ///
    /// - Returns: The same instance on every call.
    @inlinable
    public func callAsFunction() -> T {
        let bits = resolvedBox.load(ordering: .acquiring)
        guard bits != 0 else { return resolveFirst() }
        // Borrowed: `resolvedBox` holds the box's retain until this thunk's `deinit`.
        return UnsafeReference<InstanceBox<T>>(bits: bits).withBorrowed { $0.value }
    }

    /// The first call (and calls racing it): resolves once, under the lock's protocol.
    @usableFromInline
    func resolveFirst() -> T {
        while true {
            let step: Step = state.withLock { state in
                switch state {
                case .resolved(let box):
                    return .done(box.value)
                case .unresolved(let resolve):
                    state = .resolving(owner: ResolutionContext.current.identity, resolve: resolve)
                    return .resolve(resolve)
                case .resolving(let owner, _):
                    return owner == ResolutionContext.current.identity ? .cycle : .wait(for: owner)
                }
            }
            switch step {
            case .done(let value):
                return value
            case .resolve(let resolve):
                return finishFirst(resolve())
            case .wait(let owner):
                waitForResolve(by: owner)
            case .cycle:
                let chain = ResolutionContext.current.chain()
                ScopedFailure.stopCycle(
                    "through Lazy<\(_typeName(T.self, qualified: false))>", ["its resolve called the same thunk again"],
                    note: chain.suffix, declaredBy: chain.keys)
            }
        }
    }

    /// Keeps `value`, which this call's resolve made, for every later call, and wakes the
    /// callers waiting for it.
    private func finishFirst(_ value: T) -> T {
        let box = InstanceBox(value)
        let resolving = state.withLock { state in
            defer { state = .resolved(box) }
            return state
        }
        resolvedBox.store(UnsafeReference.retaining(box).bits, ordering: .releasing)
        _ = resolving  // its closure may hold the last reference to a container: released unlocked
        state.broadcast()
        return value
    }

    /// Waits until `owner`'s thread has resolved, recorded in the waits-for graph (a wait
    /// that closes a cycle across threads stops there).
    private func waitForResolve(by owner: ObjectIdentifier) {
        let me = ResolutionContext.current.identity
        let state = self.state
        WaitGraph.willWait(me, for: owner, building: "Lazy<\(_typeName(T.self, qualified: false))>") {
            state.withLock { if case .resolving(let current, _) = $0 { current == owner } else { false } }
        }
        state.wait { if case .resolving = $0 { return true } else { return false } }
        WaitGraph.didWait(me)
    }
}

/// A thunk can be handed across threads when its instance can.
extension Lazy: Sendable where T: Sendable {}
