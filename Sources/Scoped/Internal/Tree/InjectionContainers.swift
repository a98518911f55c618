// Concurrency rule: the containers are kept per thread, in the thread's
// `ResolutionContext` (no lock); the `injectionContainers` switch (Atomics.swift) counts
// the threads inside `resolving(through:_:)` process-wide, so that `@Injected` and friends
// read the thread's list only while some thread has one.
//
// The holder of a build's instance decides what it sees: while a build whose instance a
// container outside the view's lifetime scopes will hold is open (the thread's builds or
// the task's chain), `@Injected` and friends get the root, and a resolve through a
// lifetime scope a view opened goes to its root (`Route.resolvesAtRootNow`).

/// The containers `@Injected` and friends resolve through, in place of `C.shared`, while a
/// view model is built for a view (ScopedSwiftUI's `ViewModelSlot`): so that a view model's
/// `@Injected(\.api)` built inside `.container { $0.api.register { MockAPI() } }` gets the
/// mock, as a factory body's `self.api()` does.
package enum InjectionContainers {
    /// The container of type `C` that `@Injected` resolves through on this thread: the
    /// innermost open one of ``resolving(through:_:)``'s, or `C.shared`; inside a build
    /// whose instance is held outside the view's lifetime scopes, that container's root.
    /// Asked only while the `injectionContainers` switch is on: the callers read `C.shared`
    /// themselves otherwise (a helper returning it would cost a retain and a release,
    /// BENCHMARKS.md).
    @inline(never)
    package static func nearestInUse<C: SharedContainer>(_ type: C.Type) -> C {
        let context = ResolutionContext.current
        let (containers, depth) = context.injectionContainers
        let container = nearest(type, in: containers)
        guard context.isBuildingForAHolderOutsideViews(after: depth) else { return container }
        return root(of: container)
    }

    /// `container`'s root, as a `C`: itself, `C.shared`, or a container borrowing the root.
    private static func root<C: SharedContainer>(of container: C) -> C {
        let node = container.manager.node
        guard !node.isRoot else { return container }
        if C.shared.manager.node === node.root { return C.shared }
        return C(manager: ContainerManager(borrowing: node.root))
    }

    /// ``nearestInUse(_:)`` while the switch is on, else `C.shared`: what the global
    /// `dependency(_:)` functions resolve from.
    package static func nearestOrShared<C: SharedContainer>(_ type: C.Type) -> C {
        Switches.now.contains(.injectionContainers) ? nearestInUse(type) : C.shared
    }

    /// What the lazy property wrappers (`@LazyInjected`, `@WeakLazyInjected`,
    /// `@DynamicInjected`) call for `keyPath`'s factory whenever they resolve: read from
    /// the nearest `C` of the view the owner is built for (taken now), else from
    /// `C.shared` at the time of the call.
    package static func factory<C: SharedContainer, T>(
        _ keyPath: KeyPath<C, Factory<T>> & Sendable
    ) -> @Sendable () -> Factory<T> {
        let container = Switches.now.contains(.injectionContainers) ? nearestInUse(C.self) : nil
        return { (container ?? C.shared)[keyPath: keyPath] }
    }

    /// Resolves `factory` for a lazy property wrapper: through a lifetime scope that closed
    /// since the wrapper took it, a `.scoped` resolve builds an instance for the caller
    /// alone and reports misuse instead of stopping.
    package static func resolve<T>(_ factory: Factory<T>) -> T {
        ResolutionContext.resolvingForPropertyWrapper { factory() }
    }

    /// The innermost container of type `C` in `containers` (innermost last) that is not
    /// closed, or `C.shared`: a view still rendered after its scope closed resolves through
    /// the nearest open ancestor instead of stopping the process.
    package static func nearest<C: SharedContainer>(_ type: C.Type, in containers: [any SharedContainer]) -> C {
        containers.reversed().lazy.compactMap { $0 as? C }.first { !$0.isClosed } ?? C.shared
    }

    /// Runs `operation` with `containers` (innermost last) as the ones `@Injected` and
    /// friends resolve through on this thread. Nests: the previous list is restored after.
    package static func resolving<R>(through containers: [any SharedContainer], _ operation: () throws -> R) rethrows -> R {
        let context = ResolutionContext.current
        let previous = context.injectionContainers
        context.injectionContainers = (containers, context.openBuildCount)
        Switches.count(.injectionContainers, by: 1)
        defer {
            Switches.count(.injectionContainers, by: -1)
            context.injectionContainers = previous
        }
        return try operation()
    }
}
