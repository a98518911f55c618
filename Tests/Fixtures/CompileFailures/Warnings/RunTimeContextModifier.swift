// Factory's most common line in a test's set-up: a context modifier written as a statement
// at run time. Scoped stores it in the container of the calling world (issue #41), so it
// compiles with no warning at all (no "result of call … is unused").
// expect no warning
import Scoped

final class RunTimeService: Sendable {}

extension Container {
    var runTimeService: Factory<RunTimeService> { self { RunTimeService() }.onTest { RunTimeService() } }
    var runTimeChoice: ParameterFactory<Int, RunTimeService> { self { _ in RunTimeService() } }
}

func configureForTests() {
    Container.shared.runTimeService.onTest { RunTimeService() }
    Container.shared.runTimeService.onPreview { RunTimeService() }
    Container.shared.runTimeService.onDebug { RunTimeService() }
    Container.shared.runTimeService.onArg("-mock") { RunTimeService() }
    Container.shared.runTimeService.onArgs(["-a", "-b"]) { RunTimeService() }
    Container.shared.runTimeService.onSimulator { RunTimeService() }
    Container.shared.runTimeService.onDevice { RunTimeService() }
    Container.shared.runTimeChoice.onTest { _ in RunTimeService() }
}

extension Container {
    @MainActor var runTimeScreen: MainActorFactory<ListViewModel> { self { @MainActor in ListViewModel() }.cached }
}

@MainActor func configureMoreForTests() {
    Container.shared.runTimeService.decorator { _ in }
    Container.shared.runTimeService.register { RunTimeService() }.scope(.cached)
    Container.shared.runTimeService.register { RunTimeService() }.cached
    Container.shared.runTimeService.register { RunTimeService() }.shared
    Container.shared.runTimeService.register { RunTimeService() }.singleton
    Container.shared.runTimeService.register { RunTimeService() }.scoped
    Container.shared.runTimeService.register { RunTimeService() }.graph
    Container.shared.runTimeService.register { RunTimeService() }.unique
    Container.shared.runTimeService.timeToLive(60)
    Container.shared.runTimeScreen.onTest { ListViewModel() }
    Container.shared.runTimeScreen.decorator { _ in }
    Container.shared { $0.runTimeService.register { RunTimeService() } }
}
