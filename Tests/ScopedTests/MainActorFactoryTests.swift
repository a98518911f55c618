import Foundation
import Scoped
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
    @MainActor fileprivate var screenModel: Factory<ScreenModel> { self { @MainActor in ScreenModel() } }
    @MainActor fileprivate var cachedScreenModel: Factory<ScreenModel> { self { @MainActor in ScreenModel() }.cached }
    @MainActor fileprivate var scopedScreenModel: Factory<ScreenModel> { self { @MainActor in ScreenModel() }.scoped }
    @MainActor fileprivate var itemModel: ParameterFactory<Int, ScreenModel> {
        self { @MainActor id in ScreenModel(id: id) }.scoped.perParameter
    }
    /// A main-actor body that resolves another main-actor factory (a nested graph).
    @MainActor fileprivate var parentModel: Factory<ScreenModel> {
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

    @Test func resolveOnMainActorHopsFromADetachedTask() async {
        let container = Container()
        let model = await Task.detached {
            await container.cachedScreenModel.resolveOnMainActor()
        }.value
        let again = await container.cachedScreenModel.resolveOnMainActor()
        #expect(model === again)
        await MainActor.run {
            #expect(model.builtOnMainQueue)
        }
    }

    @Test func parameterResolveOnMainActorHopsFromADetachedTask() async {
        let flow = Container().child("flow")
        let model = await Task.detached { await flow.itemModel.resolveOnMainActor(3) }.value
        await MainActor.run {
            #expect(model.id == 3)
            #expect(model.builtOnMainQueue)
            #expect(flow.itemModel(3) === model)
        }
    }

    @Test func resolvingOffTheMainActorStopsWithAMessageNamingTheRegistration() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let factory = await MainActor.run { Container().screenModel }
            _ = await Task.detached { factory() }.value
        }
        #expect(standardError(of: result).contains(
            "Scoped: screenModel (ScreenModel) has a @MainActor body and was resolved off the main actor; "
                + "resolve it from main-actor code or with `await resolveOnMainActor()`"))
    }
}
