import Scoped
import ScopedTesting
import Testing

// Who keeps a container's state alive: a factory value retains its container's manager
// (so it still works after the container is gone), except a process-wide manager
// (`ContainerManager.processWide()`, what `Container.shared` uses), which is never
// released and which factory values therefore do not retain. (That it is never
// released is not tested: a test of it would leak a manager on purpose.)

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
        var factory: Factory<Probe>? = {
            let container = Container()
            weakManager = container.manager
            return cachedProbe(container, tracker)
        }()
        // The container is gone; its manager lives on in the factory value.
        #expect(weakManager != nil)
        #expect(factory?.registration.manager === weakManager)
        let first = factory?()
        #expect(first != nil)
        #expect(factory?() === first)
        #expect(tracker.inits("probe") == 1)

        factory = nil
        #expect(weakManager == nil)
        #expect(tracker.deinits("probe") == 0)  // `first` still holds it
        _ = consume first
        #expect(tracker.liveCount == 0)
    }

    /// A process-wide manager is meant for a `static let`: this one is a global, so that
    /// the leak checkers see it reachable for the life of the process, like `shared`.
    @Test func factoriesOfAProcessWideContainerDoNotRetainItsManager() {
        let tracker = LifecycleTracker()
        let factory = cachedProbe(processWideContainer, tracker)
        #expect(processWideContainer.manager.isProcessWide)
        #expect(factory.registration.manager == nil)
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
        #expect(Container.shared.manager.node.isRoot)
        let child = Container.shared.child("flow")
        defer { child.close() }
        #expect(!child.manager.isProcessWide)
        let factory = Factory(container: child, key: "childProbe", file: #fileID, line: 0, column: 0) { 1 }
        #expect(factory.registration.manager === child.manager)
    }
}
