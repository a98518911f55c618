import Scoped
import ScopedTesting
import Testing

extension Container {
    fileprivate func lazyUnique(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("unique", tracker) } }
    fileprivate func lazyCached(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("cached", tracker) }.cached }
    fileprivate func lazyShared(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("shared", tracker) }.shared }
    fileprivate func lazyScoped(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("scoped", tracker) }.scoped }
}

@Suite struct LazyTests {
    @Test func makingALazyBuildsNothing() {
        let container = Container()
        let tracker = LifecycleTracker()
        let thunks = [container.lazyUnique(tracker).lazy, container.lazyCached(tracker).lazy]
        #expect(thunks.allSatisfy { !$0.isResolved })
        #expect(tracker.log.isEmpty)
        #expect(container.inspection.heldCount == 0)
    }

    @Test func firstCallBuildsThenTheSameInstanceComesBack() {
        let container = Container()
        let tracker = LifecycleTracker()
        let thunk = container.lazyUnique(tracker).lazy
        let first = thunk()
        #expect(thunk.isResolved)
        #expect(thunk() === first)
        #expect(thunk() === first)
        #expect(tracker.inits("unique") == 1)   // the thunk memoizes even a .unique factory
    }

    @Test func resolvesThroughTheFactorysScope() {
        let container = Container()
        let tracker = LifecycleTracker()
        let held = container.lazyCached(tracker)()
        let thunk = container.lazyCached(tracker).lazy
        #expect(thunk() === held)
        #expect(tracker.inits("cached") == 1)
    }

    @Test func twoThunksOfAUniqueFactoryAreTwoInstances() {
        let container = Container()
        let tracker = LifecycleTracker()
        #expect(container.lazyUnique(tracker).lazy() !== container.lazyUnique(tracker).lazy())
    }

    @Test func aThunkKeepsASharedInstanceAliveUntilTheThunkGoes() {
        let container = Container()
        let tracker = LifecycleTracker()
        weak var shared: Probe?
        var thunk: Lazy<Probe>? = container.lazyShared(tracker).lazy
        shared = thunk?()
        #expect(shared != nil)
        thunk = nil
        #expect(shared == nil)
    }

    @Test func aThunkResolvesInTheContainerItCameFrom() {
        let container = Container()
        let tracker = LifecycleTracker()
        let flow = container.child("flow")
        let thunk = flow.lazyScoped(tracker).lazy
        #expect(thunk() === flow.lazyScoped(tracker)())
        #expect(thunk() !== container.lazyScoped(tracker)())
    }

    @Test func racingFirstCallsResolveOnce() {
        for _ in 0..<100 {
            let container = Container()
            let tracker = LifecycleTracker()
            let thunk = container.lazyUnique(tracker).lazy
            let seen = Collected<ObjectIdentifier>()
            onThreads(8) { _ in seen.append(ObjectIdentifier(thunk())) }
            #expect(tracker.inits("unique") == 1)
            #expect(Set(seen.all).count == 1)
            #expect(seen.all.count == 8)
            #expect(thunk.isResolved)
        }
    }
}
