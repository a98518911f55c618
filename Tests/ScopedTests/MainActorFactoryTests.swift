import Foundation
import Scoped
import ScopedTesting
import Testing

/// Whether the caller runs on the main queue, where main-actor jobs run. (On Linux,
/// once the test runner calls `dispatchMain()` the main queue is drained by a worker
/// thread, so `Thread.isMainThread` is no test of main-actor isolation there.)
private func isOnMainQueue() -> Bool {
    _ = mainQueueMarked
    return DispatchQueue.getSpecific(key: mainQueueKey) == true
}

private let mainQueueKey = DispatchSpecificKey<Bool>()
private let mainQueueMarked: Void = DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)

/// A main-actor view model that records whether its `init` ran on the main queue.
@MainActor
private final class ScreenModel {
    let builtOnMainQueue: Bool
    let id: Int

    init(id: Int = 0) {
        builtOnMainQueue = isOnMainQueue()
        self.id = id
    }
}

extension Container {
    @MainActor fileprivate var screenModel: MainActorFactory<ScreenModel> { self { @MainActor in ScreenModel() } }
    @MainActor fileprivate var cachedScreenModel: MainActorFactory<ScreenModel> { self { @MainActor in ScreenModel() }.cached }
    @MainActor fileprivate var scopedScreenModel: MainActorFactory<ScreenModel> { self { @MainActor in ScreenModel() }.scoped }
    @MainActor fileprivate var itemModel: MainActorParameterFactory<Int, ScreenModel> {
        self { @MainActor id in ScreenModel(id: id) }.scoped.perParameter
    }
    /// A main-actor body that resolves another main-actor factory (a nested graph).
    @MainActor fileprivate var parentModel: MainActorFactory<ScreenModel> {
        self { @MainActor in ScreenModel(id: self.cachedScreenModel().id + 100) }
    }
}

@Suite struct MainActorFactoryTests {
    @MainActor @Test func resolvesSynchronouslyOnTheMainActor() {
        let container = Container()
        let model = container.screenModel()
        #expect(model.builtOnMainQueue)
        #expect(container.screenModel() !== model)
    }

    @MainActor @Test func scopesApplyToMainActorFactories() {
        let container = Container()
        let flow = container.child("flow")
        #expect(container.cachedScreenModel() === container.cachedScreenModel())
        #expect(flow.cachedScreenModel() === container.cachedScreenModel())
        let scoped = flow.scopedScreenModel()
        #expect(flow.scopedScreenModel() === scoped)
        weak let released = scoped
        _ = consume scoped
        flow.close()
        #expect(released == nil)
    }

    @MainActor @Test func mainActorParameterFactoriesAreKeyedPerParameter() {
        let flow = Container().child("flow")
        #expect(flow.itemModel(1) === flow.itemModel(1))
        #expect(flow.itemModel(2).id == 2)
        #expect(flow.itemModel(1) !== flow.itemModel(2))
    }

    @MainActor @Test func mainActorBodiesMayResolveOtherFactories() {
        let container = Container()
        #expect(container.parentModel().id == 100)
    }

    @Test func resolveHopsToTheMainActorFromADetachedTask() async {
        let container = Container()
        let model = await Task.detached {
            await container.cachedScreenModel.resolve()
        }.value
        let again = await container.cachedScreenModel.resolve()
        #expect(model === again)
        await MainActor.run {
            #expect(model.builtOnMainQueue)
        }
    }

    @Test func parameterResolveHopsToTheMainActorFromADetachedTask() async {
        let flow = Container().child("flow")
        let model = await Task.detached { await flow.itemModel.resolve(3) }.value
        await MainActor.run {
            #expect(model.id == 3)
            #expect(model.builtOnMainQueue)
            #expect(flow.itemModel(3) === model)
        }
    }

    @Test func resolvingOffTheMainActorStopsWithAMessageNamingTheRegistration() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // `factory()` off the main actor does not compile (Tests/Fixtures/CompileFailures);
            // the runtime-checked factory underneath is what a Swift 5-mode caller reaches.
            let factory = await MainActor.run { Container().screenModel.factory }
            _ = await Task.detached { factory() }.value
        }
        #expect(standardError(of: result).contains(
            "Scoped: screenModel (ScreenModel) has a @MainActor body and was resolved off the main actor; "
                + "resolve it from main-actor code or with `await resolve()`"))
    }

    /// Resolved inside another factory's body: the message names that build, and the
    /// where-to-look line gives both registrations' locations.
    @Test func resolvingOffTheMainActorInsideABuildNamesTheBuildAndItsLocation() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            let inner = await MainActor.run { container.screenModel.factory }
            _ = await Task.detached { container.screenHolder(inner)() }.value
        }
        let message = standardError(of: result)
        #expect(message.contains(
            "resolve it from main-actor code or with `await resolve()` (while building screenHolder(_:) (ScreenHolder))\n"))
        #expect(message.contains(" for screenModel (ScreenModel), \(Container.screenHolderSite) for screenHolder(_:) (ScreenHolder)\n"))
    }
}

private final class ScreenHolder: Sendable {
    let screen: ScreenModel
    init(_ screen: ScreenModel) { self.screen = screen }
}

extension Container {
    fileprivate func screenHolder(_ inner: Factory<ScreenModel>) -> Factory<ScreenHolder> {
        self { ScreenHolder(inner()) }
    }
    static let screenHolderSite = "\(#fileID):\(#line - 2):14"
}

@MainActor
private final class InjectedScreenOwner {
    @Injected(\.cachedScreenModel) var screen: ScreenModel
    init() {}
}

extension Container {
    @MainActor fileprivate var plainBodyModel: MainActorFactory<ScreenModel> { self { ScreenModel(id: 7) }.cached }
}

@Suite struct MainActorFactoryAPITests {
    @MainActor @Test func lazyResolvesOnceOnFirstCall() {
        let container = Container()
        let thunk = container.cachedScreenModel.lazy
        #expect(!thunk.isResolved)
        let first = thunk()
        #expect(thunk.isResolved)
        #expect(thunk() === first)
        #expect(container.cachedScreenModel() === first)
        let row = container.child("rows").itemModel.lazy(4)
        #expect(!row.isResolved && row().id == 4)
    }

    @MainActor @Test func registerAndResetReplaceTheMainActorBody() {
        let container = Container()
        let original = container.cachedScreenModel()
        container.cachedScreenModel.register { ScreenModel(id: 42) }
        let replaced = container.cachedScreenModel()
        #expect(replaced !== original && replaced.id == 42 && replaced.builtOnMainQueue)
        container.cachedScreenModel.reset()
        #expect(container.cachedScreenModel().id == 0)
        container.itemModel.register { ScreenModel(id: $0 * 10) }
        #expect(container.itemModel(3).id == 30)
    }

    @MainActor @Test func injectedResolvesInAMainActorInitialiser() {
        withContainer {
            let owner = InjectedScreenOwner()
            #expect(owner.screen === Container.shared.cachedScreenModel())
        }
    }

    @MainActor @Test func anUnannotatedBodyOfAMainActorFactoryIsAMainActorBody() {
        let model = Container().plainBodyModel()
        #expect(model.id == 7 && model.builtOnMainQueue)
    }
}

/// `resolve()` from a task through a closed lifetime scope (MainActorFactory.resolve()'s
/// documentation): a cancelled task gets an instance for itself; one that is not stops,
/// naming the scope.
@Suite struct MainActorResolveAfterCloseTests {
    @Test func aCancelledTaskGetsAnInstanceNoScopeKeeps() async {
        let flow = Container().child("screen")
        let kept = await flow.scopedScreenModel.resolve()
        flow.close()
        let late = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await flow.scopedScreenModel.resolve()
        }
        #expect(await late.value !== kept)
    }

    @Test func aTaskThatIsNotCancelledStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let flow = Container().child("screen")
            flow.close()
            _ = await flow.scopedScreenModel.resolve()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("scopedScreenModel (ScreenModel) as .scoped: lifetime scope screen#"))
    }
}
