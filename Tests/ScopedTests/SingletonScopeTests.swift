import Scoped
import ScopedTesting
import Testing

// Singletons belong to the process: each test uses registrations of its own (distinct
// member names) and resets them, so parallel tests never share one.
extension Container {
    fileprivate func singletonAcrossRoots(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("acrossRoots", tracker) }.singleton
    }
    fileprivate func singletonSurvivesReset(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("survivesReset", tracker) }.singleton
    }
    fileprivate func singletonFactoryReset(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("factoryReset", tracker) }.singleton
    }
    fileprivate func singletonInChild(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("inChild", tracker) }.singleton
    }
    fileprivate func singletonForScopeReset(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("scopeReset", tracker) }.singleton
    }
    fileprivate func cachedForScopeReset(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("cachedKept", tracker) }.cached
    }
}

private final class SingletonAppContainer: SharedContainer {
    static let shared = SingletonAppContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }

    func sameName(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("appContainer", tracker) }.singleton }
}

extension Container {
    fileprivate func sameName(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("container", tracker) }.singleton }
}

@Suite struct SingletonScopeTests {
    @Test func oneInstancePerProcessAcrossRoots() {
        let tracker = LifecycleTracker()
        let one = Container()
        defer { one.singletonAcrossRoots(tracker).reset() }
        let two = Container()
        let first = one.singletonAcrossRoots(tracker)()
        #expect(two.singletonAcrossRoots(tracker)() === first)
        #expect(tracker.inits("acrossRoots") == 1)
    }

    @Test func containerResetKeepsSingletons() {
        let tracker = LifecycleTracker()
        let container = Container()
        defer { container.singletonSurvivesReset(tracker).reset() }
        let first = container.singletonSurvivesReset(tracker)()
        container.reset()
        #expect(container.singletonSurvivesReset(tracker)() === first)
        #expect(Container().singletonSurvivesReset(tracker)() === first)
    }

    @Test func factoryResetAtARootReleasesTheSingleton() {
        let tracker = LifecycleTracker()
        let container = Container()
        weak var dropped: Probe?
        do { dropped = container.singletonFactoryReset(tracker)() }
        #expect(dropped != nil)
        Container().singletonFactoryReset(tracker).reset()
        #expect(dropped == nil)
        let fresh = container.singletonFactoryReset(tracker)()
        #expect(fresh.label == "factoryReset#2")
        container.singletonFactoryReset(tracker).reset()
    }

    @Test func childrenGetTheProcesssInstanceAndCannotDropIt() {
        let tracker = LifecycleTracker()
        let container = Container()
        defer { container.singletonInChild(tracker).reset() }
        let flow = container.child("flow")
        let first = flow.singletonInChild(tracker)()
        #expect(container.singletonInChild(tracker)() === first)
        flow.singletonInChild(tracker).reset()   // a child drops only what it owns
        flow.close()
        #expect(Container().singletonInChild(tracker)() === first)
    }

    @Test func containerTypeTakesPartInTheKey() {
        let tracker = LifecycleTracker()
        defer {
            Container().sameName(tracker).reset()
            SingletonAppContainer().sameName(tracker).reset()
        }
        let plain = Container().sameName(tracker)()
        let custom = SingletonAppContainer().sameName(tracker)()
        #expect(plain !== custom)
        #expect([plain.name, custom.name] == ["container", "appContainer"])
    }

    /// `Scope.singleton.reset()` drops every singleton of the process, so it runs in a
    /// child process of its own, where no other test can be disturbed.
    @Test func scopeResetReleasesEverySingletonAndNothingElse() async {
        await #expect(processExitsWith: .success) {
            let container = Container()
            let tracker = LifecycleTracker()
            weak var singleton: Probe?
            do { singleton = container.singletonForScopeReset(tracker)() }
            let cached = container.cachedForScopeReset(tracker)()
            #expect(singleton != nil)
            Scope.singleton.reset()
            #expect(singleton == nil)
            #expect(container.cachedForScopeReset(tracker)() === cached)
            #expect(Container().singletonForScopeReset(tracker)().label == "scopeReset#2")
        }
    }
}
