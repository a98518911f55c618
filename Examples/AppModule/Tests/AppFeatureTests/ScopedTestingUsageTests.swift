// ScopedTesting as an app's test target uses it: public API only, from another package.
import AppFeature
import ScopedTesting
import Testing

struct StubAPI: APIClient {
    let entries: [String]
    func fetchEntries() -> [String] { entries }
}

@Suite(.container { $0.api.register { StubAPI(entries: ["suite"]) } })
struct ScopedTestingUsageTests {
    @Test func theSuitesOverrideReachesTheStore() {
        #expect(Container.shared.store().entries == ["suite"])
    }

    @Test(.container { $0.api.register { StubAPI(entries: ["test"]) } })
    func aTestsOwnOverrideWins() {
        #expect(Container.shared.store().entries == ["test"])
    }

    @Test(arguments: 0..<20)
    func parallelTestsSeeOnlyTheirOwnStub(index: Int) async {
        Container.shared.api.register { StubAPI(entries: ["\(index)"]) }
        await Task.yield()
        #expect(Container.shared.store().entries == ["\(index)"])
    }

    @MainActor @Test func theDetailViewModelIsBuiltOnceAndReleasedWithItsFlow() {
        let tracker = LifecycleTracker(observing: Container.shared)
        let flow = Container.shared.child("detail")
        tracker.watch(flow.detail(1))
        _ = flow.detail(1)                           // re-rendered: reused
        tracker.expectBuiltOnce(DetailViewModel.self)
        flow.close()
        tracker.expectReleased(DetailViewModel.self)  // its deinit ran
    }

    @Test func withContainerGivesPlainCodeTheSameIsolation() {
        withContainer(FeatureContainer.self) { $0.featureFlag.register { true } } operation: {
            #expect(FeatureContainer.shared.featureFlag())
        }
        #expect(Container.shared.store().entries == ["suite"])
    }
}
