import Scoped
import ScopedTesting
import Testing

extension Container {
    fileprivate func resetCached(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("cached", tracker) }.cached }
    fileprivate func resetShared(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("shared", tracker) }.shared }
    fileprivate func resetScoped(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("scoped", tracker) }.scoped }
    fileprivate func resetCustom(_ tracker: LifecycleTracker, _ scope: Scope) -> Factory<Probe> {
        self { Probe("custom", tracker) }.scope(scope)
    }
    fileprivate func resetSingleton(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("singleton", tracker) }.singleton
    }
    fileprivate func resetUnique(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("unique", tracker) } }
    /// A cached instance whose `deinit` resolves from the container being reset.
    fileprivate func resolvesInDeinit(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { [weak self] in
            Probe("resolver", tracker, onDeinit: { [weak self] in _ = self?.resetCached(tracker)() })
        }.cached
    }
}

@Suite struct ContainerResetTests {
    @Test func resetReleasesEveryInstanceTheContainerHoldsNewestFirst() {
        let container = Container()
        let tracker = LifecycleTracker()
        let session = Scope.Cached(name: "session")
        _ = container.resetCached(tracker)()
        _ = container.resetScoped(tracker)()
        _ = container.resetCustom(tracker, session)()
        container.reset()
        #expect(tracker.deinitLog == ["deinit custom#1", "deinit scoped#1", "deinit cached#1"])
        #expect(tracker.liveCount == 0)
        #expect(container.inspection.heldCount == 0)
    }

    @Test func resetForgetsSharedInstancesWithoutKillingThem() {
        let container = Container()
        let tracker = LifecycleTracker()
        let held = container.resetShared(tracker)()
        container.reset()
        let fresh = container.resetShared(tracker)()
        #expect(fresh !== held)
        #expect(tracker.liveCount == 2)
    }

    @Test func resetKeepsSingletons() {
        let container = Container()
        let tracker = LifecycleTracker()
        defer { container.resetSingleton(tracker).reset() }
        let singleton = container.resetSingleton(tracker)()
        container.reset()
        #expect(container.resetSingleton(tracker)() === singleton)
    }

    @Test func resetDropsEveryOverride() {
        let container = Container()
        let tracker = LifecycleTracker()
        container.resetUnique(tracker).register { Probe("mockUnique", tracker) }
        container.resetCached(tracker).register { Probe("mockCached", tracker) }
        _ = container.resetCached(tracker)()
        container.reset()
        #expect(container.resetUnique(tracker)().name == "unique")
        #expect(container.resetCached(tracker)().name == "cached")
        #expect(tracker.deinits("mockCached") == 1)
    }

    @Test func resetLeavesOtherRootsAlone() {
        let tracker = LifecycleTracker()
        let one = Container()
        let two = Container()
        let kept = two.resetCached(tracker)()
        two.resetUnique(tracker).register { Probe("mock", tracker) }
        _ = one.resetCached(tracker)()
        one.reset()
        #expect(two.resetCached(tracker)() === kept)
        #expect(two.resetUnique(tracker)().name == "mock")
    }

    @Test func resetOfAChildReleasesItsScopedInstancesAndKeepsItOpen() {
        let container = Container()
        let tracker = LifecycleTracker()
        let cached = container.resetCached(tracker)()
        let flow = container.child("flow")
        weak var scoped: Probe?
        do { scoped = flow.resetScoped(tracker)() }
        flow.reset()
        #expect(scoped == nil)
        #expect(!flow.isClosed)
        #expect(flow.resetScoped(tracker)().label == "scoped#2")
        #expect(container.resetCached(tracker)() === cached)
    }

    @Test func aDeinitMayResolveFromTheContainerBeingReset() {
        let container = Container()
        let tracker = LifecycleTracker()
        _ = container.resolvesInDeinit(tracker)()
        _ = container.resetCached(tracker)()
        let finished = finishes(progress: { tracker.changes }) { container.reset() }
        #expect(finished, "reset() deadlocked while a deinit resolved")
        #expect(tracker.log == [
            "init resolver#1", "init cached#1",
            "deinit cached#1", "init cached#2", "deinit resolver#1",
        ])
    }

    @Test func resetOfAUniqueFactoryIsHarmless() {
        let container = Container()
        let tracker = LifecycleTracker()
        let held = container.resetUnique(tracker)()
        container.resetUnique(tracker).reset()
        #expect(held.name == "unique")
        #expect(tracker.liveCount == 1)
    }

    /// `Scope.cached.reset()` reaches every container of the process, so it runs in a
    /// child process of its own.
    @Test func cachedScopeResetReachesEveryRootAndOnlyCachedInstances() async {
        await #expect(processExitsWith: .success) {
            let tracker = LifecycleTracker()
            let one = Container()
            let two = Container()
            let session = Scope.Cached(name: "session")
            weak var inOne: Probe?
            weak var inTwo: Probe?
            do {
                inOne = one.resetCached(tracker)()
                inTwo = two.resetCached(tracker)()
            }
            let custom = one.resetCustom(tracker, session)()
            let scoped = one.resetScoped(tracker)()
            Scope.cached.reset()
            #expect(inOne == nil)
            #expect(inTwo == nil)
            #expect(one.resetCustom(tracker, session)() === custom)
            #expect(one.resetScoped(tracker)() === scoped)
        }
    }

    /// `Scope.scoped.reset()` empties every lifetime scope (and the roots' `.scoped`
    /// instances) but leaves the scopes open.
    @Test func scopedScopeResetEmptiesOpenScopes() async {
        await #expect(processExitsWith: .success) {
            let tracker = LifecycleTracker()
            let root = Container()
            let flow = root.child("flow")
            weak var inFlow: Probe?
            weak var atRoot: Probe?
            do {
                inFlow = flow.resetScoped(tracker)()
                atRoot = root.resetScoped(tracker)()
            }
            let cached = root.resetCached(tracker)()
            Scope.scoped.reset()
            #expect(inFlow == nil)
            #expect(atRoot == nil)
            #expect(!flow.isClosed)
            #expect(flow.resetScoped(tracker)().label == "scoped#3")
            #expect(root.resetCached(tracker)() === cached)
        }
    }

    /// A reset reaches lifetime scopes at any depth (through their roots' trees), and
    /// no longer reaches a scope whose container was dropped (it was closed then).
    @Test func scopedScopeResetReachesGrandchildren() async {
        await #expect(processExitsWith: .success) {
            let tracker = LifecycleTracker()
            let root = Container()
            let flow = root.child("flow")
            let step = flow.child("step")
            weak var inStep: Probe?
            weak var inDropped: Probe?
            do {
                inStep = step.resetScoped(tracker)()
                let dropped = flow.child("dropped")
                inDropped = dropped.resetScoped(tracker)()
            }
            #expect(inDropped == nil)  // its container went: closed, instance released
            #expect(inStep != nil)
            Scope.scoped.reset()
            #expect(inStep == nil)
            #expect(!step.isClosed)
            #expect(tracker.deinitLog == ["deinit scoped#2", "deinit scoped#1"])
        }
    }
}

/// An instance that stores its own root container (LifetimeScopes.md): `close()` on the
/// root releases it, and with it the cycle.
private final class RootHolder: Sendable {
    let container: Container
    init(_ container: Container) { self.container = container }
}

extension Container {
    fileprivate var rootHolder: Factory<RootHolder> { self { RootHolder(self) }.cached }
}

@Suite struct RootCloseTests {
    @Test func closingARootReleasesAnInstanceThatStoresIt() {
        weak var holder: RootHolder?
        do {
            let root = Container()
            holder = root.rootHolder()
            #expect(holder?.container.rootHolder() === holder)
            root.close()
        }
        #expect(holder == nil)
    }
}
