import Scoped
import ScopedTesting
import Testing

// `tracker.expectNoLeaks(after:)` (#43): instances a scope released during the flow and
// still alive when it returns fail the test, named. Real retains: a closure that captures
// its view model, a `Task` suspended with it, a root `.cached` service that stores it.

/// A root `.cached` service that keeps whatever is handed to it.
final class LeakRegistry: @unchecked Sendable {  // @unchecked: `kept` is guarded by `lock`.
    private let lock = Locked<[AnyObject]>([])
    func keep(_ object: AnyObject) { lock.withLock { $0.append(object) } }
    func forget() { lock.withLock { $0 = [] } }
}

/// A screen's view model with a callback slot (the retain cycle of a closure capture).
final class LeakModel: @unchecked Sendable {  // @unchecked: tests touch it from one task at a time.
    var onChange: (() -> Void)?
    func refresh() {}
    /// Waits until `release` finishes: a task that runs this keeps the model.
    func listen(to release: AsyncStream<Void>) async { for await _ in release {} }
}

/// A view model behind a protocol: stored in a box, the class instance inside is watched.
protocol LeakModelProtocol: AnyObject, Sendable {}
extension LeakModel: LeakModelProtocol {}

/// A screen that holds its view model.
final class LeakScreen: Sendable {
    let model: LeakModel
    init(model: LeakModel) { self.model = model }
}

final class LeakTestContainer: SharedContainer {
    static let shared = LeakTestContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }

    var registry: Factory<LeakRegistry> { self { LeakRegistry() }.cached }
    var model: Factory<LeakModel> { self { LeakModel() }.scoped }
    /// A model the registry keeps: built by the screen's body, it outlives the screen.
    var registeredModel: Factory<LeakModel> {
        self {
            let model = LeakModel()
            self.registry().keep(model)
            return model
        }.scoped
    }
    var screen: Factory<LeakScreen> { self { LeakScreen(model: self.registeredModel()) }.scoped }
    var sharedModel: Factory<LeakModel> { self { LeakModel() }.shared }
    var cachedModel: Factory<LeakModel> { self { LeakModel() }.cached }
    var uniqueModel: Factory<LeakModel> { self { LeakModel() } }
    var count: Factory<Int> { self { 42 }.scoped }
    var asyncModel: AsyncFactory<LeakModel> { self { LeakModel() }.scoped }
    var asyncScreen: AsyncFactory<LeakScreen> {
        self {
            let model = try await self.asyncModel()
            self.registry().keep(model)
            return LeakScreen(model: model)
        }.scoped
    }
    var existential: Factory<any LeakModelProtocol> { self { LeakModel() }.scoped }
}

@Suite struct ExpectNoLeaksTests {
    /// A tracker whose violations the test reads, observing a fresh container.
    private func setUp() -> (LeakTestContainer, LifecycleTracker, Locked<[LifecycleViolation]>) {
        let violations = Locked<[LifecycleViolation]>([])
        let container = LeakTestContainer()
        let tracker = LifecycleTracker(observing: container) { violation in violations.withLock { $0.append(violation) } }
        return (container, tracker, violations)
    }

    @Test func aClosureThatCapturesItsViewModelFailsTheTestNamingIt() {
        let (container, tracker, violations) = setUp()
        var kept: LeakModel?
        let held = tracker.expectNoLeaks {
            let flow = container.child("detail")
            let model = flow.model()
            model.onChange = { model.refresh() }   // the model keeps itself
            kept = model
            flow.close()
        }
        #expect(!held)
        let messages = violations.withLock { $0 }.map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("expected no leaks, but 1 instance released during the flow is still alive:\n  - model (LeakModel) scoped, released by detail#") == true)
        #expect(violations.withLock { $0 }.first?.kind == .leaked)
        #expect(violations.withLock { $0 }.first?.instances.map(\.typeName) == ["LeakModel"])
        kept?.onChange = nil
    }

    @Test func aTaskSuspendedWithTheViewModelFailsTheTest() async {
        let (container, tracker, violations) = setUp()
        let (release, finish) = AsyncStream<Void>.makeStream()
        var task: Task<Void, Never>?
        let held = await tracker.expectNoLeaks {
            let flow = container.child("feed")
            let model = flow.model()
            task = Task { await model.listen(to: release) }
            await Task.yield()
            flow.close()
        }
        #expect(!held)
        #expect(violations.withLock { $0 }.map(\.kind) == [.leaked])
        finish.finish()
        await task?.value
    }

    @Test func aRootCachedServiceThatStoresTheViewModelFailsTheTestWithTheChainThatBuiltIt() {
        let (container, tracker, violations) = setUp()
        let held = tracker.expectNoLeaks {
            let flow = container.child("checkout")
            _ = flow.screen()
            flow.close()
        }
        #expect(!held)
        let message = violations.withLock { $0 }.first?.message ?? ""
        #expect(message.contains("  - registeredModel (LeakModel) scoped, released by checkout#"))
        #expect(message.hasSuffix(", built through screen (LeakScreen)"))
        #expect(!message.contains("LeakScreen) scoped"))   // the screen itself went
        container.registry().forget()
    }

    @Test func anAsyncBuildsLeakNamesTheAsyncBuildsThatMadeIt() async throws {
        let (container, tracker, violations) = setUp()
        try await tracker.expectNoLeaks {
            let flow = container.child("feed")
            _ = try await flow.asyncScreen()
            flow.close()
        }
        let message = violations.withLock { $0 }.first?.message ?? ""
        #expect(message.contains("  - asyncModel (LeakModel) scoped, released by feed#"))
        #expect(message.hasSuffix(", built through asyncScreen (LeakScreen)"))
        container.registry().forget()
    }

    @Test func theLeakIsReportedToObserversAsAnEventAtOnce() {
        let (container, tracker, _) = setUp()
        let lines = Locked<[String]>([])
        let observation = container.observe { event in
            if event.kind == .leaked { lines.withLock { $0.append(String(event.description.drop { $0 != " " }.dropFirst())) } }
        }
        var kept: LeakModel?
        tracker.expectNoLeaks {
            let flow = container.child("detail")
            kept = flow.model()
            flow.close()
        }
        observation.cancel()
        let line = lines.withLock { $0 }
        #expect(line.count == 1)
        #expect(line.first?.hasPrefix("leaked model (LeakModel) scoped in detail#") == true)
        #expect(line.first?.hasSuffix(": alive 0.0 s after release") == true)
        _ = kept
    }

    @Test func aResetThatDropsAnInstanceSomeoneStillHoldsIsALeak() {
        let (container, tracker, violations) = setUp()
        var kept: LeakModel?
        tracker.expectNoLeaks {
            kept = container.cachedModel()
            container.reset()
        }
        #expect(violations.withLock { $0 }.first?.message.hasPrefix(
            "expected no leaks, but 1 instance released during the flow is still alive:\n  - cachedModel (LeakModel) cached, released by root#") == true)
        _ = kept
    }

    @Test func aFlowThatLeavesNothingBehindPasses() {
        let (container, tracker, violations) = setUp()
        weak var gone: LeakModel?
        let held = tracker.expectNoLeaks {
            let flow = container.child("detail")
            let model = flow.model()
            model.onChange = { [weak model] in model?.refresh() }
            gone = model
            _ = flow.screen()
            container.registry().forget()
            flow.close()
        }
        #expect(held)
        #expect(gone == nil)
        #expect(violations.withLock { $0 }.isEmpty)
    }

    @Test func instancesTheScopeDoesNotOwnOrHoldsWeaklyAreNotLeaks() {
        let (container, tracker, violations) = setUp()
        var kept: [AnyObject] = []
        let held = tracker.expectNoLeaks {
            let flow = container.child("detail")
            kept.append(flow.sharedModel())    // `.shared`: held on purpose, weakly kept
            kept.append(flow.cachedModel())    // `.cached`: the root holds it, not the flow
            kept.append(flow.uniqueModel())    // `.unique`: nobody holds it
            #expect(flow.count() == 42)        // a value: nothing to watch
            flow.close()
            container.sharedModel.reset()      // drops the weak `.shared` entry
        }
        #expect(held)
        #expect(violations.withLock { $0 }.isEmpty)
        #expect(kept.count == 3)
    }

    @Test func aClassInstanceBehindAnExistentialIsWatchedToo() {
        let (container, tracker, violations) = setUp()
        var kept: (any LeakModelProtocol)?
        tracker.expectNoLeaks {
            let flow = container.child("detail")
            kept = flow.existential()
            flow.close()
        }
        #expect(violations.withLock { $0 }.first?.message.contains("existential (LeakModelProtocol) scoped") == true)
        _ = kept
    }

    @Test func releasesOutsideTheFlowAreNotChecked() {
        let (container, tracker, violations) = setUp()
        let flow = container.child("detail")
        let kept = flow.model()
        flow.close()   // before the flow: not this expectation's business
        #expect(tracker.expectNoLeaks {})
        #expect(violations.withLock { $0 }.isEmpty)
        _ = kept
    }
}
