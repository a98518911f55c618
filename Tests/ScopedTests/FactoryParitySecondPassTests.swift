import Scoped
import ScopedTesting
import Testing

/// Counts the builds of one test's factories.
private final class BuildCount: Sendable {
    let count = Locked(0)
    func next() -> Int { count.withLock { $0 += 1; return $0 } }
    var value: Int { count.withLock { $0 } }
}

private final class Service: Sendable {
    init() {}
}

extension Container {
    fileprivate func maybeService(_ builds: BuildCount, nilUntil: Int) -> Factory<Service?> {
        self { builds.next() <= nilUntil ? nil : Service() }.cached
    }
    fileprivate var pushedService: Factory<Service> { self { Service() }.cached }
    fileprivate var resetLabel: Factory<String> { self { "declared" } }
    fileprivate var expiringService: Factory<Service> { self { Service() }.cached }
    fileprivate var declaredExpiring: Factory<Service> { self { Service() }.cached.timeToLive(10) }
    fileprivate var resetCached: Factory<Service> { self { Service() }.cached }
    fileprivate var chainedUnique: Factory<Service> { self { Service() } }
    fileprivate var chainedAsync: AsyncFactory<Service> { self { Service() }.cached }
    fileprivate var resetSingleton: Factory<Service> { self { Service() }.singleton }
    fileprivate var promisedReceipt: ParameterFactory<Int, String?> { promised() }
    fileprivate func maybeSingleton(_ builds: BuildCount) -> Factory<Service?> {
        self { builds.next() == 1 ? nil : Service() }.singleton
    }
}

/// Factory behaviours of issue #41 written fresh: each test is what a Factory test expects.
@Suite struct FactoryParitySecondPassTests {
    /// Item 4: Factory caches nothing for `nil`: the next resolve runs the body again.
    @Test(.container) func cachedKeepsNoNil() {
        let builds = BuildCount()
        let container = Container.shared
        #expect(container.maybeService(builds, nilUntil: 1)() == nil)
        #expect(container.heldInstanceCount == 0)
        let service = container.maybeService(builds, nilUntil: 1)()
        #expect(service != nil)
        #expect(builds.value == 2)
        #expect(container.maybeService(builds, nilUntil: 1)() === service)
        #expect(builds.value == 2)
        #expect(container.heldInstanceCount == 1)
    }

    @Test(.container) func singletonKeepsNoNil() {
        let builds = BuildCount()
        #expect(Container.shared.maybeSingleton(builds)() == nil)
        let service = Container.shared.maybeSingleton(builds)()
        #expect(service != nil)
        #expect(Container.shared.maybeSingleton(builds)() === service)
        #expect(builds.value == 2)
    }

    /// Factory's `manager.push()` / `pop()`: pop puts back the overrides push saved, and
    /// the next resolve uses them (what the popped override built is dropped).
    @Test(.container) func pushAndPopSaveAndRestoreOverrides() {
        let container = Container.shared
        let declared = container.pushedService()
        let first = Service()
        container.pushedService.register { first }
        container.manager.push()
        let second = Service()
        container.pushedService.register { second }
        #expect(container.pushedService() === second)
        container.manager.push()
        container.pushedService.reset()
        #expect(container.pushedService() !== declared)   // reset dropped it: built anew
        container.manager.pop()
        #expect(container.pushedService() === second)
        container.manager.pop()
        #expect(container.pushedService() === first)
        #expect(container.overrideCount == 1)
    }

    @Test func popWithoutPushStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Container().manager.pop()
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("without a push() before it: nothing to restore"))
    }

    /// Factory's `promised()` on a `ParameterFactory`.
    @Test(.container) func aPromisedParameterFactoryResolvesWhatWasRegistered() {
        Container.shared.promisedReceipt.register { "receipt \($0)" }
        #expect(Container.shared.promisedReceipt(7) == "receipt 7")
        Container.shared.promisedReceipt.reset()
        withContainer(context: .init(isPreview: true)) {
            #expect(Container.shared.promisedReceipt(7) == nil)   // a preview gets nil
        }
    }
}

/// Registers an override of a singleton in each of its roots, as a Factory app's
/// `autoRegister()` does (#41 item 3).
private final class SingletonAutoContainer: SharedContainer, AutoRegistering {
    static let shared = SingletonAutoContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) {
        self.manager = manager
        enableAutoRegistration()
    }

    func autoRegister() {
        service.register { Service() }
    }

    fileprivate var service: Factory<Service> { self { Service() }.singleton }
}

@Suite struct OverriddenSingletonTests {
    /// Factory keeps one singleton per process, also when every root registers an override.
    @Test(.container) func aSingletonOverriddenInEveryRootIsOnePerProcess() {
        let first = SingletonAutoContainer()
        let second = SingletonAutoContainer()
        let instance = first.service()
        #expect(second.service() === instance)
        #expect(SingletonAutoContainer().service() === instance)
        Scope.singleton.reset()
        let rebuilt = second.service()
        #expect(rebuilt !== instance)
        #expect(first.service() === rebuilt)
    }

    @Test(.container) func registeringAgainOutsideAutoRegisterReplacesIt() {
        let first = SingletonAutoContainer()
        let instance = first.service()
        let replacement = Service()
        let second = SingletonAutoContainer()
        second.service.register { replacement }
        #expect(second.service() === replacement)
        #expect(first.service() === replacement)   // one per process: the latest override built it
        #expect(instance !== replacement)
    }
}

/// Factory's reset options and `manager.reset(scope:)` (#41 item 8 and unmapped tests).
@Suite struct ResetOptionTests {
    @Test(.container) func aFactorysResetOptionsRemoveOnePartEach() {
        let label = Container.shared.resetLabel
        label.onTest { "test" }
        label.register { "registered" }
        label.reset(.none)
        #expect(label() == "registered")
        label.reset(.registration)
        #expect(label() == "test")
        label.register { "registered" }
        label.reset(.context)
        #expect(label() == "registered")
        label.reset(.registration)
        #expect(label() == "declared")
        #expect(Container.shared.overrideCount == 0)
    }

    @Test(.container) func aFactorysScopeResetDropsTheInstanceAndKeepsTheOverride() {
        let cached = Container.shared.resetCached
        cached.register { Service() }
        let first = cached()
        cached.reset(.scope)
        let second = cached()
        #expect(second !== first)
        #expect(Container.shared.overrideCount == 1)
    }

    @Test(.container) func aContainersResetOptions() {
        let container = Container.shared
        container.resetLabel.onTest { "test" }
        container.resetCached.register { Service() }
        let held = container.resetCached()
        container.manager.reset(options: .scope)
        #expect(container.resetCached() !== held)
        #expect(container.overrideCount == 2)
        container.manager.reset(options: .context)
        #expect(container.resetLabel() == "declared")
        #expect(container.overrideCount == 1)
        container.manager.reset(options: .registration)
        #expect(container.overrideCount == 0)
    }

    /// Factory's `manager.isEmpty(_:)` with each option.
    @Test(.container) func isEmptyTellsEachPartApart() {
        let manager = Container.shared.manager
        #expect(manager.isEmpty(.all))
        Container.shared.resetLabel.onTest { "test" }
        #expect(manager.isEmpty(.registration))
        #expect(!manager.isEmpty(.context))
        #expect(manager.isEmpty(.scope))
        #expect(manager.isEmpty(.none))
        Container.shared.resetLabel.register { "registered" }
        #expect(!manager.isEmpty(.registration))
        _ = Container.shared.resetCached()
        #expect(!manager.isEmpty(.scope))
        #expect(!manager.isEmpty(.all))
        Container.shared.reset()
        #expect(manager.isEmpty(.all))
    }

    /// Factory's `manager.reset(scope: .singleton)` leaves other containers' singletons.
    @Test(.container) func resetScopeOfOneContainerLeavesTheOthers() {
        let first = Container()
        let second = Container()
        first.resetSingleton.register { Service() }
        let firsts = first.resetSingleton()
        let declared = second.resetSingleton()
        let cached = first.resetCached()
        first.manager.reset(scope: .singleton)
        #expect(first.resetSingleton() !== firsts)
        #expect(second.resetSingleton() === declared)
        #expect(first.resetCached() === cached)
        first.manager.reset(scope: .cached)
        #expect(first.resetCached() !== cached)
    }
}

/// A time to live given at run time, as a statement (#41 item 6).
@Suite struct RunTimeTimeToLiveTests {
    @Test func aTimeToLiveAsAStatementIsStored() {
        let clock = TimeToLiveClock()
        withContainer(clock: clock) {
            let factory = Container.shared.expiringService
            factory.timeToLive(60)
            let first = factory()
            clock.advance(by: 59)
            #expect(factory() === first)
            clock.advance(by: 2)
            let second = factory()
            #expect(second !== first)
            #expect(factory() === second)
            factory.reset()
            let third = factory()
            clock.advance(by: 120)
            #expect(factory() === third)   // reset removed it
        }
    }


    /// After `register`, the override expires; Factory keeps a run-time time to live apart
    /// from the registration, so a later `register` keeps it (#41).
    @Test func aRunTimeTimeToLiveExpiresTheOverrideAndOutlivesALaterRegister() {
        let clock = TimeToLiveClock()
        withContainer(clock: clock) {
            let factory = Container.shared.expiringService
            factory.register { Service() }
            factory.timeToLive(5)
            factory.register { Service() }
            let first = factory()
            clock.advance(by: 4)
            #expect(factory() === first)
            clock.advance(by: 2)
            #expect(factory() !== first)
        }
    }

    /// The statement that changed nothing is reported (a `misuse` event, a fault line); one
    /// that applies is not.
    @Test func theDeclaredTimeToLiveWins() {
        let clock = TimeToLiveClock()
        let tracker = LifecycleTracker()
        withContainer(clock: clock) {
            tracker.observe(Container.shared)
            let factory = Container.shared.declaredExpiring
            factory.timeToLive(10)
            #expect(tracker.misuses.isEmpty)
            factory.timeToLive(1_000)
            let first = factory()
            clock.advance(by: 11)
            #expect(factory() !== first)
            Container.shared.expiringService.timeToLive(60)
        }
        #expect(tracker.misuses.map(\.reason) == [.declarationWins])
        #expect(
            tracker.misuses.map(\.message) == [
                "declaredExpiring (Service) is given a time to live of 1000.0 s at run time, but the factory value it "
                    + "was written on has one of 10.0 s: a declared time to live wins over a run-time one (as in "
                    + "Factory), so resolves of a factory declared with 10.0 s keep it; declare it without one to set "
                    + "it at run time"
            ])
    }
}

/// A `.timeToLive` earlier in a chain written at run time used to be dropped by the
/// statement that ends the chain (a fifth new-user evaluation, finding 2): the override
/// that statement stores keeps the value's time to live.
@Suite struct ChainedRunTimeTimeToLiveTests {
    @Test func aTimeToLiveBeforeRegisterIsKept() {
        let clock = TimeToLiveClock()
        withContainer(clock: clock) {
            Container.shared.expiringService.timeToLive(60).register { Service() }
            let first = Container.shared.expiringService()
            clock.advance(by: 59)
            #expect(Container.shared.expiringService() === first)
            clock.advance(by: 2)
            #expect(Container.shared.expiringService() !== first)
        }
    }

    @Test func aTimeToLiveBeforeARunTimeScopeIsKept() {
        let clock = TimeToLiveClock()
        withContainer(clock: clock) {
            Container.shared.chainedUnique.timeToLive(60).scope(.cached)
            let first = Container.shared.chainedUnique()
            #expect(Container.shared.chainedUnique() === first)
            clock.advance(by: 61)
            #expect(Container.shared.chainedUnique() !== first)
        }
    }

    @Test func anAsyncFactorysTimeToLiveBeforeRegisterIsKept() async throws {
        let clock = TimeToLiveClock()
        try await withContainer(clock: clock) {
            Container.shared.chainedAsync.timeToLive(60).register { Service() }
            let first = try await Container.shared.chainedAsync()
            #expect(try await Container.shared.chainedAsync() === first)
            clock.advance(by: 61)
            #expect(try await Container.shared.chainedAsync() !== first)
        }
    }
}

/// A global actor of the app's own (Factory's `@Injected` of a factory isolated to one, #41).
@globalActor private actor ParityActor {
    static let shared = ParityActor()
}

/// An instance bound to `ParityActor` whose initialiser any context may call.
@ParityActor private final class ActorBound {
    let madeOnTheActor: Bool
    nonisolated init(madeOnTheActor: Bool = false) { self.madeOnTheActor = madeOnTheActor }
}

extension Container {
    /// The member isolated to the global actor, its body not: `@Injected` on that actor maps.
    @ParityActor fileprivate var actorBound: Factory<ActorBound> { self { ActorBound() }.cached }
    /// A body isolated to the global actor: an async factory, which hops there.
    fileprivate var actorIsolatedBody: AsyncFactory<ActorBound> {
        self { @ParityActor in
            ParityActor.preconditionIsolated()
            return ActorBound(madeOnTheActor: true)
        }.cached
    }
}

@ParityActor private final class ActorBoundOwner {
    @Injected(\.actorBound) var bound: ActorBound
    init() {}
}

@Suite struct CustomGlobalActorTests {
    @Test(.container) func injectedOfAFactoryIsolatedToACustomGlobalActor() async {
        let owner = await ActorBoundOwner()
        let bound = await owner.bound
        #expect(await Container.shared.actorBound() === bound)
    }

    @Test(.container) func aBodyIsolatedToACustomGlobalActorRunsThereThroughAnAsyncFactory() async throws {
        let bound = try await Container.shared.actorIsolatedBody()
        #expect(bound.madeOnTheActor)
        #expect(try await Container.shared.actorIsolatedBody() === bound)
    }
}
