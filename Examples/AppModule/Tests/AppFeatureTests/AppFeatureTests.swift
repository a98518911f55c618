import AppFeature
import Scoped
import Testing

struct MockAPI: APIClient {
    func fetchEntries() -> [String] { ["mock"] }
}

@MainActor
@Suite struct AppFeatureTests {
    @Test func everyScopeWorksFromAnotherPackage() {
        let container = Container()
        #expect(container.store() === container.store())
        let flow = container.child("detail-flow")
        weak var released: DetailViewModel?
        do {
            let first = flow.detail(1)
            released = first
            #expect(flow.detail(1) === first)
            #expect(flow.detail(2) !== first)
            #expect(flow.store() === container.store())
        }
        #expect(released != nil)
        flow.close()
        #expect(flow.isClosed)
        #expect(released == nil)
        let counter = container.counter(initialValue: 3).lazy
        #expect(!counter.isResolved)
        #expect(counter().count == 3)
        #expect(counter.isResolved)
        #expect(FeatureContainer.shared.featureFlag() == false)
    }

    @Test func overridesReplaceTheBody() {
        let container = Container()
        container.api.register { MockAPI() }
        #expect(container.store().entries == ["mock"])
        container.reset()
        #expect(container.store().entries == ["live"])
    }

    @Test func mainActorFactoryResolvesFromATask() async {
        let list = await Task.detached { await Container.shared.list.resolve() }.value
        #expect(list === Container.shared.list())
    }
}
