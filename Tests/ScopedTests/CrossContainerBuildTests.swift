import Scoped
import ScopedTesting
import Testing

/// A body may resolve its own registration *through another container*: that is another
/// build (another storage, another instance), not a cycle. Before, the cycle check
/// compared only the key and stopped the process (found by the new-user probe).
@Suite struct CrossContainerBuildTests {
    final class ScreenModel: Sendable {
        let presenter: ScreenModel?
        init(_ presenter: ScreenModel?) { self.presenter = presenter }
    }

    @Test func aScopedBodyResolvesTheSameRegistrationInItsPresentersScope() {
        let outer = Container().child("outer")
        let inner = outer.child("inner")
        let model = inner.screenModel(presenter: outer)()
        #expect(model.presenter != nil)
        #expect(model.presenter === outer.screenModel(presenter: nil)())
        #expect(inner.screenModel(presenter: outer)() === model)
    }

    @Test func aCachedBodyResolvesTheSameRegistrationInAnotherRoot() {
        let other = Container()
        let mine = Container()
        let model = mine.cachedVia(other)()
        #expect(model.presenter === other.cachedVia(nil)())
        #expect(model !== model.presenter)
    }

    @Test func anAsyncBodyResolvesTheSameRegistrationInAnotherRoot() async throws {
        let other = Container()
        let mine = Container()
        let model = try await mine.asyncVia(other)()
        #expect(try await model.presenter === other.asyncVia(nil)())
    }

    /// The same registration through the same container again is still a cycle.
    @Test func theSameRegistrationThroughTheSameContainerStillStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let root = Container()
            _ = root.cachedVia(root)()
        }
        #expect(standardError(of: result).contains(
            "Scoped: circular dependency: cachedVia(_:) (ScreenModel) → cachedVia(_:)\n"))
    }
}

extension Container {
    fileprivate func screenModel(presenter: Container?) -> Factory<CrossContainerBuildTests.ScreenModel> {
        self { CrossContainerBuildTests.ScreenModel(presenter?.screenModel(presenter: nil)()) }.scoped
    }
    fileprivate func cachedVia(_ other: Container?) -> Factory<CrossContainerBuildTests.ScreenModel> {
        self { CrossContainerBuildTests.ScreenModel(other?.cachedVia(nil)()) }.cached
    }
    fileprivate func asyncVia(_ other: Container?) -> AsyncFactory<CrossContainerBuildTests.ScreenModel> {
        self { CrossContainerBuildTests.ScreenModel(try await other?.asyncVia(nil)()) }.cached
    }
}
