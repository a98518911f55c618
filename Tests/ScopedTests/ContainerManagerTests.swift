import Dispatch
import Scoped
import ScopedTesting
import Testing

// Who keeps a container's state alive: a factory value retains what keeps its
// container's node alive, so it still works after the container is gone. For a child
// lifetime scope that is the child's manager; for a root it is the calling thread's
// keeper of the root's manager (one of eight, round-robin by thread), so that threads
// resolving from one root write to reference counts of their own. A process-wide
// manager (`ContainerManager.processWide()`, what `Container.shared` uses) is never
// released, and factory values retain nothing of it. (That it is never released is
// not tested: a test of it would leak a manager on purpose.)

/// A root on a process-wide manager, held for the life of the process as `shared` is.
private let processWideContainer = Container(manager: .processWide())

/// A cached factory of `container` under an explicit key.
private func cachedProbe(_ container: Container, _ tracker: LifecycleTracker) -> Factory<Probe> {
    Factory(container: container, key: "managerProbe", file: #fileID, line: 0, column: 0) { Probe("probe", tracker) }.cached
}

@Suite struct ContainerManagerTests {
    @Test func aFactoryValueKeepsItsContainersStateAlive() {
        let tracker = LifecycleTracker()
        weak var weakManager: ContainerManager?
        weak var weakKeeper: ContainerManager?
        var factory: Factory<Probe>? = {
            let container = Container()
            weakManager = container.manager
            let factory = cachedProbe(container, tracker)
            weakKeeper = factory.registration.nodeOwner
            return factory
        }()
        // The container and its manager are gone; the thread's keeper lives on in the
        // factory value, and with it the root's node and instances.
        #expect(weakManager == nil)
        #expect(weakKeeper != nil)
        #expect(factory?.registration.nodeOwner === weakKeeper)
        #expect(factory?.registration.node === weakKeeper?.node)
        let first = factory?()
        #expect(first != nil)
        #expect(factory?() === first)
        #expect(tracker.inits("probe") == 1)

        factory = nil
        #expect(weakKeeper == nil)
        #expect(tracker.deinits("probe") == 0)  // `first` still holds it
        _ = consume first
        #expect(tracker.liveCount == 0)
    }

    /// Copies of one factory value, made after its container was dropped, resolve the same
    /// instance on every thread (each copy retains the keeper the value was made with).
    @Test func copiesOfAFactoryValueFromADroppedRootShareItsInstanceOnEveryThread() {
        let tracker = LifecycleTracker()
        var factory: Factory<Probe>? = cachedProbe(Container(), tracker)
        let first = factory?()
        let resolved = Locked<[Probe]>([])
        let copy = factory!
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let instance = copy()
            resolved.withLock { $0.append(instance) }
        }
        #expect(resolved.withLock { $0.count } == 16)
        #expect(resolved.withLock { $0.allSatisfy { $0 === first } })
        #expect(tracker.inits("probe") == 1)
        resolved.withLock { $0.removeAll() }
        factory = nil
        _ = consume copy
        #expect(tracker.deinits("probe") == 0)  // `first` still holds it
        _ = consume first
        #expect(tracker.liveCount == 0)
    }

    @Test func aRootsFactoryValuesRetainTheThreadsKeeperNotTheManager() {
        let tracker = LifecycleTracker()
        let container = Container()
        let first = cachedProbe(container, tracker)
        let second = cachedProbe(container, tracker)
        let keeper = first.registration.nodeOwner
        // One keeper per thread, made on the first factory value and kept by the manager.
        #expect(keeper != nil)
        #expect(keeper !== container.manager)
        #expect(second.registration.nodeOwner === keeper)
        #expect(keeper?.node === container.manager.node)
        #expect(first.registration.node === container.manager.node)
        // A keeper is a manager of the root's node: it closes nothing and opens nothing.
        #expect(keeper?.isProcessWide == false)
        #expect(first() === second())
        #expect(!container.isClosed)
        // Async factory values take the same keeper.
        let asyncFactory: AsyncFactory<Probe> = container { Probe("async", tracker) }
        #expect(asyncFactory.registration.nodeOwner === keeper)
    }

    @Test func keepersEndWithTheManagerOnceNoFactoryValueHoldsThem() {
        weak var weakKeeper: ContainerManager?
        weak var weakNode: AnyObject?
        do {
            let container = Container()
            weakNode = container.manager.node
            weakKeeper = cachedProbe(container, LifecycleTracker()).registration.nodeOwner
            #expect(weakKeeper != nil)  // the manager's cell holds it
        }
        #expect(weakKeeper == nil)
        #expect(weakNode == nil)
    }

    /// Threads take keepers round-robin by the order in which they first resolved: the
    /// same keeper exactly when their ordinals are equal modulo 8. The pool's threads
    /// make their first factory values of a new root at once, racing to install keepers.
    @Test func threadsShareAKeeperOnlyWhenTheirOrdinalsMatchModuloEight() {
        let container = Container()
        let seen = Locked<[Sighting]>([])
        let tracker = LifecycleTracker()
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let factory = cachedProbe(container, tracker)
            let row = Sighting(ordinal: Platform.threadOrdinal, keeper: factory.registration.nodeOwner, instance: factory())
            seen.withLock { $0.append(row) }
        }
        let rows = seen.withLock { $0 }
        #expect(rows.count == 16)
        for a in rows {
            #expect(a.keeper?.node === container.manager.node)
            #expect(a.instance === rows[0].instance)  // one cached instance for all threads
            for b in rows {
                #expect((a.keeper === b.keeper) == (a.ordinal % 8 == b.ordinal % 8))
            }
        }
        #expect(tracker.inits("probe") == 1)
    }

    /// A process-wide manager is meant for a `static let`: this one is a global, so that
    /// the leak checkers see it reachable for the life of the process, like `shared`.
    @Test func factoriesOfAProcessWideContainerDoNotRetainItsManager() {
        let tracker = LifecycleTracker()
        let factory = cachedProbe(processWideContainer, tracker)
        #expect(processWideContainer.manager.isProcessWide)
        #expect(factory.registration.nodeOwner == nil)
        #expect(factory.registration.node === processWideContainer.manager.node)

        // It is an ordinary root otherwise: cached, reset, overridden.
        let first = factory()
        #expect(factory() === first)
        factory.reset()
        #expect(factory() !== first)
        factory.register { Probe("override", tracker) }
        #expect(factory().name == "override")
        #expect(tracker.inits("probe") == 2)
        factory.reset()
    }

    @Test func containerSharedIsProcessWide() {
        #expect(Container.shared.manager.isProcessWide)
        #expect(Container.shared.inspection.isRoot)
        let child = Container.shared.child("flow")
        defer { child.close() }
        #expect(!child.manager.isProcessWide)
        let factory = Factory(container: child, key: "childProbe", file: #fileID, line: 0, column: 0) { 1 }
        #expect(factory.registration.nodeOwner === child.manager)
    }
}

/// What one thread of `threadsShareAKeeperOnlyWhenTheirOrdinalsMatchModuloEight` saw.
private struct Sighting: Sendable {
    let ordinal: UInt
    let keeper: ContainerManager?
    let instance: Probe
}
