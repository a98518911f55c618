// Concurrency rule: the containers are kept per thread, in the thread's
// `ResolutionContext` (never shared, no lock); `injectionContainersEntered` counts the
// threads inside `resolving(through:_:)` process-wide, so that `@Injected` and friends
// read the thread's list only while some thread has one.
//
// Who decides what a build sees (issue #37): the holder of its instance. While a build
// whose instance a container outside the view's lifetime scopes will hold is open (the
// thread's stack of builds, or the task's chain of async builds), `@Injected` and friends
// get the root, and a resolve through a lifetime scope a view opened goes to its root
// (`Route.resolvesAtRootNow`, asked only off the root's fast path).

/// The containers `@Injected`, `@LazyInjected` and `@WeakLazyInjected` resolve through,
/// in place of a container type's `shared` instance, while a view model is built for a
/// view (ScopedSwiftUI's `ViewModelSlot`): so that a view model's `@Injected(\.api)`
/// built inside `.container { $0.api.register { MockAPI() } }` gets the mock, as a
/// factory body's `self.api()` does.
///
/// Outside ``resolving(through:_:)`` — that is, almost always — the container is
/// `C.shared` after one relaxed atomic load.
package enum InjectionContainers {
    private static var entered: AtomicWord { ProcessWideWord.injectionContainersEntered.word }

    /// Whether some thread is inside ``resolving(through:_:)`` right now: then, and only
    /// then, `@Injected` and friends ask ``nearestInUse(_:)`` instead of reading `C.shared`.
    ///
    /// The callers branch on it and read `C.shared` themselves in the common case, so that
    /// case costs one relaxed atomic load more; a helper returning the container would cost
    /// a retain and a release (BENCHMARKS.md, *Measured choices behind the code*).
    @inline(__always)
    package static var inUse: Bool { entered.load(ordering: .relaxed) != 0 }

    /// The container of type `C` that `@Injected` resolves through on this thread: the
    /// innermost open one of ``resolving(through:_:)``'s containers, or `C.shared`; inside
    /// a build whose instance is held outside the view's lifetime scopes (a root's
    /// `.cached` service the view model's build resolves first), that container's root:
    /// the holder's factories and overrides, never the view's.
    @inline(never)
    package static func nearestInUse<C: SharedContainer>(_ type: C.Type) -> C {
        let context = ResolutionContext.current
        let (containers, depth) = context.injectionContainers
        let container = nearest(type, in: containers)
        guard context.isBuildingForAHolderOutsideViews(after: depth) else { return container }
        return root(of: container)
    }

    /// `container`'s root, as a `C`: `C.shared` or the container itself when it is that
    /// root, else a container around the root's state that closes nothing when released.
    private static func root<C: SharedContainer>(of container: C) -> C {
        let node = container.manager.node
        guard !node.isRoot else { return container }
        if C.shared.manager.node === node.root { return C.shared }
        return C(manager: ContainerManager(borrowing: node.root))
    }

    /// ``nearestInUse(_:)`` while ``inUse``, else `C.shared`: what the global
    /// `dependency(_:)` functions resolve from. (The property wrappers branch on
    /// ``inUse`` themselves, which saves them a retain and a release.)
    package static func nearestOrShared<C: SharedContainer>(_ type: C.Type) -> C {
        inUse ? nearestInUse(type) : C.shared
    }

    /// ``nearestInUse(_:)`` while ``inUse``, else nil (the container is `C.shared`): what
    /// `@LazyInjected` and `@WeakLazyInjected` keep for their first access.
    @inline(__always)
    package static func nearestIfInUse<C: SharedContainer>(_ type: C.Type) -> C? {
        inUse ? nearestInUse(type) : nil
    }

    /// What the lazy property wrappers (`@LazyInjected`, `@WeakLazyInjected`,
    /// `@DynamicInjected`) call for `keyPath`'s factory whenever they resolve: read from
    /// the nearest `C` of the view the owner is built for (taken now), else from
    /// `C.shared` at the time of the call.
    package static func factory<C: SharedContainer, T>(
        _ keyPath: KeyPath<C, Factory<T>> & Sendable
    ) -> @Sendable () -> Factory<T> {
        let container = nearestIfInUse(C.self)
        return { (container ?? C.shared)[keyPath: keyPath] }
    }

    /// Resolves `factory` for a lazy property wrapper (`@LazyInjected`, `@WeakLazyInjected`,
    /// `@DynamicInjected`): through a lifetime scope that closed since the wrapper took it,
    /// a `.scoped` resolve builds an instance for the caller alone and reports misuse
    /// instead of stopping (ResolutionContext.resolvingForPropertyWrapper).
    package static func resolve<T>(_ factory: Factory<T>) -> T {
        ResolutionContext.resolvingForPropertyWrapper { factory() }
    }

    /// The innermost container of type `C` in `containers` (innermost last) that is not
    /// closed, or `C.shared`. A closed lifetime scope is passed over, so that a view still
    /// rendered after app code closed its scope resolves through the scope's nearest open
    /// ancestor instead of stopping the process.
    package static func nearest<C: SharedContainer>(_ type: C.Type, in containers: [any SharedContainer]) -> C {
        for container in containers.reversed() {
            if let match = container as? C, !match.isClosed { return match }
        }
        return C.shared
    }

    /// Runs `operation` with `containers` (innermost last) as the ones `@Injected` and
    /// friends resolve through on this thread. Nests: the previous list is restored after.
    package static func resolving<R>(through containers: [any SharedContainer], _ operation: () throws -> R) rethrows -> R {
        let context = ResolutionContext.current
        let previous = context.injectionContainers
        context.injectionContainers = (containers, context.openBuildCount)
        entered.add(1, ordering: .sequentiallyConsistent)
        defer {
            entered.subtract(1, ordering: .sequentiallyConsistent)
            context.injectionContainers = previous
        }
        return try operation()
    }
}
