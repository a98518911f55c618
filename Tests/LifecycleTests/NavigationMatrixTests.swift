import Testing
@testable import ScopedDemo

/// Scenario 11: the same list with four ways to give the pushed screen its view model.
@Suite struct NavigationMatrixTests {
    @MainActor
    @Test func valueBasedNavigationBuildsTheDestinationOnlyOnPush() throws {
        let result = try results(of: "navigationlink-matrix")[3]
        #expect(result.viewModels.map(\.builtTick) == [1, 9])
        #expect(Set(result.viewModels.map(\.builtWhere)) == ["while mounting StateObjectDetailView"])
        let atPush = result.events.filter { $0.tick == 1 && ($0.kind == .appear || $0.kind == .disappear) }
        #expect(atPush.map { "\($0.kind.rawValue) \($0.subject)" } == ["disappear ValueItemListView", "appear StateObjectDetailView"])
        #expect(result.events.filter { $0.kind == .pop }.map(\.subject) == ["value 2", "value 3"])
    }

    @MainActor
    @Test func sharedDestinationsAreHeldByTheListForTheWholeRun() throws {
        let result = try results(of: "navigationlink-matrix")[2]
        #expect(result.viewModels.map(\.builtTick) == [0, 0, 0])
        #expect(result.viewModels.allSatisfy { $0.releasedTick == nil })
        // Every list render resolves the three rows again: `.shared` hands back the held ones.
        #expect(result.events.filter { $0.kind == .scopedReused }.count == 3 * 6)
    }

    @MainActor
    @Test func stateDestinationsKeepThePushedOneAndDropTheRest() throws {
        let result = try results(of: "navigationlink-matrix")[1]
        #expect(result.kept == 2)
        #expect(result.events.filter { $0.kind == .keep }.allSatisfy { $0.subject == "ObservableDetailView" })
        #expect(result.stateKept == true)
    }
}
