import ScopedTesting
import Testing

@Suite struct ContainerTraitTests {
    @Test(.container { $0.isoValue.register { 42 } })
    func traitRegistersItsOverridesBeforeTheTestRuns() {
        #expect(Container.shared.isoValue() == 42)
        #expect(ContainerWorld.current.isIsolated)
    }

    @Test(.container { $0.isoAPI.register { MockIsoAPI() } })
    func traitOverridesAProtocolTypedSingleton() {
        #expect(Container.shared.isoAPI().name == "mock")
    }

    @Test(.container(IsoAppContainer.self) { $0.profile.register { Profile(name: "mock") } })
    func genericTraitConfiguresACustomContainer() {
        #expect(IsoAppContainer.shared.profile().name == "mock")
        #expect(Container.shared.isoValue() == -1)
    }

    @Test(
        .container { $0.isoValue.register { 1 } },
        .container(IsoAppContainer.self) { $0.profile.register { Profile(name: "second") } },
        .container { $0.isoLabel.register { "third" } }
    )
    func severalTraitsOnOneTestBuildOneWorld() {
        let tracker = LifecycleTracker(observing: Container.shared)
        #expect(Container.shared.isoValue() == 1)
        #expect(IsoAppContainer.shared.profile().name == "second")
        #expect(Container.shared.isoLabel() == "third")
        _ = Container.shared.isoStore()
        // One world: the tracker installed on this test's Container.shared saw the build.
        #expect(tracker.builtCount(of: IsoStore.self) == 1)
    }

    /// Naming the container type without overrides is a fresh world too (a new user
    /// wrote it and it did not compile).
    @Test(.container(IsoAppContainer.self))
    func aTypeWithoutOverridesIsAFreshWorld() {
        #expect(ContainerWorld.current.isIsolated)
        #expect(IsoAppContainer.shared.profile().name == "live")
    }

    @Test(.container)
    func aRootMadeBeforeTheTestIsReplacedToo() {
        #expect(IsoAppContainer.shared.profile().name == "live")
        #expect(Container.shared.isoToken().value == "live")
        #expect(ContainerWorld.current.description == "isolated(aRootMadeBeforeTheTestIsReplacedToo())")
    }

    @Test(.container)
    func aRootMadeInsideTheTestReleasesItsInstancesWhenDropped() {
        weak var store: IsoStore?
        do {
            let root = Container()
            store = root.isoStore()
            #expect(store != nil)
            #expect(root.isoStore() === store)
        }
        #expect(store == nil)
    }

    @Test(.container)
    func customScopeResetStaysInsideTheWorld() {
        let mine = Container.shared.isoSession()
        let other = withContainer { Container.shared.isoSession() }
        #expect(other !== mine)
        withContainer {
            _ = Container.shared.isoSession()
            Scope.isoSession.reset()
        }
        #expect(Container.shared.isoSession() === mine)
        Scope.isoSession.reset()
        #expect(Container.shared.isoSession() !== mine)
    }

    @Test(.container)
    func singletonResetStaysInsideTheWorld() {
        let token = Container.shared.isoToken()
        withContainer { Scope.singleton.reset() }
        #expect(Container.shared.isoToken() === token)
        Scope.singleton.reset()
        #expect(Container.shared.isoToken() !== token)
    }

    @Test(.container { $0.isoScreen.register { ScreenModel(store: IsoStore()) } })
    func aScopedOverrideFromTheTraitIsStillOwnedByTheLifetimeScope() {
        weak var screen: ScreenModel?
        let flow = Container.shared.child("flow")
        screen = flow.isoScreen()
        #expect(flow.isoScreen() === screen)
        flow.close()
        #expect(screen == nil)
    }

    @Test func theWorldEndsWithItsTestAndReleasesWhatItBuilt() async throws {
        let tracker = LifecycleTracker()
        let trait = ContainerTrait.container { $0.isoValue.register { 5 } }
        let test = try #require(Test.current)
        try await trait.provideScope(for: test, testCase: Test.Case.current) {
            #expect(Container.shared.isoValue() == 5)
            tracker.watch(Container.shared.isoStore())
            tracker.watch(Container.shared.isoToken())
            #expect(tracker.instances.map(\.state) == [.alive, .alive])
        }
        #expect(tracker.instances.map(\.state) == [.deinitialized, .deinitialized])
        #expect(!ContainerWorld.current.isIsolated)
    }
}

/// A suite-level trait: every test of the suite gets its own world with the suite's
/// overrides; a test's own trait adds to that world.
@Suite(.container { $0.isoValue.register { 7 } })
struct SuiteTraitTests {
    @Test func seesTheSuiteOverride() {
        #expect(Container.shared.isoValue() == 7)
    }

    @Test(.container { $0.isoLabel.register { "test" } })
    func aTestTraitAddsToTheSuiteOverrides() {
        #expect(Container.shared.isoValue() == 7)
        #expect(Container.shared.isoLabel() == "test")
    }

    @Test(.container { $0.isoValue.register { 8 } })
    func aTestTraitOverridesTheSuiteTrait() {
        #expect(Container.shared.isoValue() == 8)
    }

    /// If the cases shared a world, every case after the first would find the store
    /// already built (a `.reused` event, no `.created` one).
    @Test(arguments: 0..<10)
    func eachTestCaseGetsAFreshWorld(index: Int) async {
        let tracker = LifecycleTracker(observing: Container.shared)
        Container.shared.isoLabel.register { "case-\(index)" }
        _ = Container.shared.isoStore()
        await Task.yield()
        _ = Container.shared.isoStore()
        #expect(tracker.builtCount(of: IsoStore.self) == 1)
        #expect(Container.shared.isoLabel() == "case-\(index)")
        #expect(Container.shared.isoValue() == 7)
    }

    @Suite(.container(IsoAppContainer.self) { $0.profile.register { Profile(name: "inner") } })
    struct NestedSuiteTests {
        @Test func seesTheOuterAndInnerSuiteOverrides() {
            #expect(Container.shared.isoValue() == 7)
            #expect(IsoAppContainer.shared.profile().name == "inner")
        }
    }
}
