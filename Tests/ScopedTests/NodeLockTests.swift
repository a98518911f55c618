import Scoped
import ScopedTesting
import Testing

// A container's tree, overrides and observers live in its storage's lock (one lock and
// one allocation per container): these tests pin what that shape must keep. (That
// `Scope.reset()` still reaches every open level: ContainerResetTests, in exit tests.)

extension Container {
    fileprivate func step(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("step", tracker) }.scoped }
    fileprivate func note(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("note", tracker) }.scoped }
}

@Suite struct NodeLockTests {
    /// The registry of roots keeps each root's storage (with its tree) for `Scope.reset()`,
    /// never the root itself: a root ends with its last reference.
    @Test func aRootEndsWithItsLastReferenceThoughTheRegistryKeepsItsStorage() {
        let tracker = LifecycleTracker()
        weak var node: ContainerNode?
        weak var storage: InstanceStorage?
        do {
            let container = Container()
            let flow = container.child("flow")
            _ = flow.step(tracker)()
            node = container.manager.node
            storage = container.manager.node.storage
            #expect(container.inspection.openChildCount == 1)
            flow.close()
            #expect(container.inspection.openChildCount == 0)
        }
        #expect(node == nil)
        #expect(storage == nil)
        #expect(tracker.deinits("step") == 1)
    }

    /// A body building in a scope changes that scope's tree and overrides (the same lock
    /// as its storage, where the build is recorded): no lock is held while it runs.
    @Test func aBodyBuildingInAScopeChangesThatScopesTreeAndOverrides() {
        let tracker = LifecycleTracker()
        let container = Container()
        let flow = container.child("flow")
        let replacement = Probe("replacement", tracker)
        weak var released: Probe?
        do {
            // `flow` unowned: the override is stored in `flow`, so a strong capture would
            // keep both alive after the test (LeakSanitizer found the cycle).
            let built = flow.step(tracker).register { [unowned flow] in
                let inner = flow.child("inner")
                let openInside = flow.inspection.openChildCount
                flow.note(tracker).register { replacement }
                let note = flow.note(tracker)()
                inner.close()
                return Probe("step", tracker, holding: [note, Probe("open\(openInside)", tracker)])
            }()
            #expect(tracker.inits("open1") == 1)
            #expect(flow.note(tracker)() === replacement)
            #expect(flow.inspection.openChildCount == 0)
            #expect(flow.step(tracker)() === built)
            released = built
        }
        #expect(released != nil)
        flow.close()
        #expect(released == nil)
        #expect(tracker.deinits("step") == 1)
    }
}
