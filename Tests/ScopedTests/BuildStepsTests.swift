import Foundation
import Scoped
import ScopedTesting
import Testing

/// A build runs its body between `beginBuild` and `finishBuild` (Internal/Resolve.swift):
/// whatever runs inside `finishBuild` — the `deinit` of a graph instance dropped when the
/// top-level resolve ends, an observer told of a new instance — may resolve again, and
/// must find the thread's stack of builds consistent: no false cycle, no graph shared
/// with a resolve that has ended, every build closed.
@Suite struct BuildStepsTests {
    /// A `.graph` instance nobody keeps: the graph table holds it until the top-level
    /// resolve ends, and its `deinit` — run from inside that resolve's `finishBuild` —
    /// resolves a unique and a graph factory of the same container.
    @Test func aGraphInstanceReleasedAtTheEndOfItsResolveMayResolveInItsDeinit() {
        let container = Container()
        let tracker = LifecycleTracker()
        let root = container.stepsRoot(tracker)()
        #expect(tracker.inits("discarded") == 1)
        #expect(tracker.deinits("discarded") == 1)
        // The deinit's resolves: a unique probe, and a graph probe that is the top of a
        // new graph (the ended one is not shared), both built once and already released.
        #expect(tracker.inits("fromDeinit") == 1)
        #expect(tracker.inits("graphFromDeinit") == 1)
        #expect(tracker.deinits("fromDeinit") == 1)
        #expect(tracker.deinits("graphFromDeinit") == 1)
        // Inside the resolve both graph reads shared one instance.
        #expect(root.dependencies[0] === root.dependencies[1])
        // The stack of builds is empty again: the same registrations resolve as before,
        // with a new graph.
        let again = container.stepsRoot(tracker)()
        #expect(again.dependencies[0] !== root.dependencies[0])
        #expect(tracker.inits("discarded") == 2)
    }

    /// An observer told of `created` resolves the registration just built and a unique one:
    /// it gets the stored instance (not a second build, not a cycle), and the resolve that
    /// made the event returns that same instance.
    @Test func anObserverResolvingInsideFinishBuildSeesTheFiledInstance() {
        let container = Container()
        let tracker = LifecycleTracker()
        let seen = Locked<[ObjectIdentifier]>([])
        let observation = container.observe(LifecycleObserver { event in
            guard event.kind == .created, event.registration == "stepsCached(_:)" else { return }
            let held = container.stepsCached(tracker)()
            _ = container.stepsUnique(tracker)()
            seen.withLock { $0.append(ObjectIdentifier(held)) }
        })
        let resolved = container.stepsCached(tracker)()
        observation.cancel()
        #expect(seen.withLock { $0 } == [ObjectIdentifier(resolved)])
        #expect(tracker.inits("cached") == 1)
        #expect(tracker.inits("unique") == 2)  // one nested in the cached body, one from the observer
        #expect(container.stepsCached(tracker)() === resolved)
    }

    /// Builds nested 40 deep (past the stack of builds' first growth, at 16) through every
    /// kind of ending — stored, graph, nothing, observed — all close: afterwards the
    /// deepest registration resolves on its own as a top-level build, with no cycle.
    @Test func deeplyNestedBuildsOfEveryEndingAllClose() {
        let container = Container()
        let tracker = LifecycleTracker()
        let observation = container.observe(LifecycleObserver { _ in })
        let top = container.stepsLevel(tracker, 39)
        observation.cancel()
        var depth = 0
        var probe: Probe? = top
        while let current = probe {
            depth += 1
            probe = current.dependencies.first
        }
        #expect(depth == 40)
        #expect(container.stepsLevel(tracker, 0).name == "level")
        #expect(container.stepsLevel(tracker, 39) === top)
        #expect(tracker.inits("level") == 40)
    }
}

extension Container {
    fileprivate func stepsRoot(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self {
            // Two reads of the same graph registration; the instance itself is discarded
            // by the body, so only the graph table holds it until the resolve ends.
            let first = self.stepsGraph(tracker)()
            let second = self.stepsGraph(tracker)()
            _ = self.stepsDiscarded(tracker)()
            return Probe("root", tracker, holding: [first, second])
        }
    }
    fileprivate func stepsGraph(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("graph", tracker) }.graph
    }
    fileprivate func stepsDiscarded(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self {
            Probe("discarded", tracker) {
                _ = self.stepsFromDeinit(tracker)()
                _ = self.stepsGraphFromDeinit(tracker)()
            }
        }.graph
    }
    fileprivate func stepsFromDeinit(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("fromDeinit", tracker) }
    }
    fileprivate func stepsGraphFromDeinit(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("graphFromDeinit", tracker) }.graph
    }
    fileprivate func stepsCached(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("cached", tracker, holding: [self.stepsUnique(tracker)()]) }.cached
    }
    fileprivate func stepsUnique(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("unique", tracker) }
    }
    /// Level `n` holds level `n - 1`; the scope cycles through cached, graph, unique and
    /// scoped (at the root: kept like cached) with the level, so every kind of ending nests
    /// in every other.
    fileprivate func stepsLevel(_ tracker: LifecycleTracker, _ level: Int) -> Probe {
        switch level % 4 {
        case 0: stepsLevelCached(tracker)(level)
        case 1: stepsLevelGraph(tracker)(level)
        case 2: stepsLevelUnique(tracker)(level)
        default: stepsLevelScoped(tracker)(level)
        }
    }
    private func stepsLevelBody(_ tracker: LifecycleTracker) -> @Sendable (Int) -> Probe {
        { level in Probe("level", tracker, holding: level == 0 ? [] : [self.stepsLevel(tracker, level - 1)]) }
    }
    fileprivate func stepsLevelCached(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { self.stepsLevelBody(tracker)($0) }.cached.perParameter
    }
    fileprivate func stepsLevelGraph(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { self.stepsLevelBody(tracker)($0) }.graph.perParameter
    }
    fileprivate func stepsLevelUnique(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { self.stepsLevelBody(tracker)($0) }
    }
    fileprivate func stepsLevelScoped(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { self.stepsLevelBody(tracker)($0) }.scoped.perParameter
    }
}
