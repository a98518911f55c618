// Concurrency rule: the containers are kept per thread, in its `ResolutionContext` (no lock); the `injectionContainers`
// switch (Atomics.swift) counts the threads inside `resolving(through:_:)`. While a build held outside the view's
// scopes is open, `@Injected` gets the root (`Route.resolvesAtRootNow`).

/// The containers `@Injected` and friends resolve through, in place of `C.shared`, while a view model is built for a
/// view (ScopedSwiftUI's `ViewModelSlot`): it gets the view's mocks.
package enum InjectionContainers {
    /// Asked only while the switch is on: callers read `C.shared` themselves otherwise.
    @inline(never)
    package static func nearestInUse<C: SharedContainer>(_ type: C.Type) -> C {
        let context = ResolutionContext.current
        let (containers, depth) = context.injectionContainers
        let container = nearest(type, in: containers)
        guard context.isBuildingForAHolderOutsideViews(after: depth) else { return container }
        let node = container.manager.node
        guard !node.isRoot else { return container }
        if C.shared.manager.node === node.root { return C.shared }
        return C(manager: ContainerManager(borrowing: node.root))
    }
    package static func nearestOrShared<C: SharedContainer>(_ type: C.Type) -> C {
        Switches.now.contains(.injectionContainers) ? nearestInUse(type) : C.shared
    }
    /// For the lazy property wrappers: the nearest `C` taken now, else `C.shared` when called.
    package static func factory<C: SharedContainer, T>(
        _ keyPath: KeyPath<C, Factory<T>> & Sendable
    ) -> @Sendable () -> Factory<T> {
        let container = Switches.now.contains(.injectionContainers) ? nearestInUse(C.self) : nil
        return { (container ?? C.shared)[keyPath: keyPath] }
    }
    /// Through a scope closed since, a `.scoped` resolve builds for the caller alone.
    package static func resolve<T>(_ factory: Factory<T>) -> T {
        ResolutionContext.resolvingForPropertyWrapper { factory() }
    }
    /// Closed ones are skipped: a view still rendered after its scope closed does not stop.
    package static func nearest<C: SharedContainer>(_ type: C.Type, in containers: [any SharedContainer]) -> C {
        containers.reversed().lazy.compactMap { $0 as? C }.first { !$0.isClosed } ?? C.shared
    }
    /// Runs `operation` with `containers` (innermost last) as `@Injected`'s on this thread.
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
