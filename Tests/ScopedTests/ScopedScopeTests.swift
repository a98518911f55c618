import Scoped
import ScopedTesting
import Testing

// `.scoped` resolved at a root: the root is the app-lifetime scope, so it behaves like
// `.cached` there. Its life inside child lifetime scopes is ChildScopeTests' subject.
extension Container {
    fileprivate func rootScoped(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("scoped", tracker) }.scoped }
    fileprivate func rootScopedOther(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("other", tracker) }.scoped }
}

@Suite struct ScopedScopeTests {
    @Test func atTheRootItIsOneInstanceLikeCached() {
        let container = Container()
        let tracker = LifecycleTracker()
        let first = container.rootScoped(tracker)()
        #expect(container.rootScoped(tracker)() === first)
        #expect(tracker.inits("scoped") == 1)
    }

    @Test func theRootKeepsItAliveWithoutOtherHolders() {
        let container = Container()
        let tracker = LifecycleTracker()
        weak var held: Probe?
        do { held = container.rootScoped(tracker)() }
        #expect(held != nil)
    }

    @Test func eachRootHasItsOwn() {
        let tracker = LifecycleTracker()
        #expect(Container().rootScoped(tracker)() !== Container().rootScoped(tracker)())
        #expect(tracker.inits("scoped") == 2)
    }

    @Test func aChildGetsItsOwnNotTheRoots() {
        let container = Container()
        let tracker = LifecycleTracker()
        let atRoot = container.rootScoped(tracker)()
        let flow = container.child("flow")
        #expect(flow.rootScoped(tracker)() !== atRoot)
        flow.close()
        #expect(container.rootScoped(tracker)() === atRoot)
    }

    @Test func containerAndFactoryResetsReleaseIt() {
        let container = Container()
        let tracker = LifecycleTracker()
        weak var viaFactory: Probe?
        weak var viaContainer: Probe?
        do { viaFactory = container.rootScoped(tracker)() }
        let other = container.rootScopedOther(tracker)()
        container.rootScoped(tracker).reset()
        #expect(viaFactory == nil)
        #expect(container.rootScopedOther(tracker)() === other)
        do { viaContainer = container.rootScoped(tracker)() }
        container.reset()
        #expect(viaContainer == nil)
        #expect(tracker.live == ["other#1"])   // only the local `other` still holds one
    }

    @Test func closingARootReleasesItsInstancesNewestFirst() {
        let container = Container()
        let tracker = LifecycleTracker()
        _ = container.rootScoped(tracker)()
        _ = container.rootScopedOther(tracker)()
        container.close()
        #expect(container.isClosed)
        #expect(tracker.deinitLog == ["deinit other#1", "deinit scoped#1"])
    }
}
