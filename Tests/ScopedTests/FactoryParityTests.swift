import Scoped
import ScopedTesting
import Testing

// Behaviours a Factory 3.2 user relies on without reading about them (issue #30).

extension Container {
    fileprivate func optionalShared(_ tracker: LifecycleTracker) -> Factory<Probe?> {
        self { Probe("optionalShared", tracker) }.shared
    }
    fileprivate func nestedOptionalShared(_ tracker: LifecycleTracker) -> Factory<Probe??> {
        self { Probe("nestedOptionalShared", tracker) }.shared
    }
    fileprivate func nilShared(_ tracker: LifecycleTracker) -> Factory<Probe?> {
        self { tracker.count("nilShared"); return nil }.shared
    }
    fileprivate func asyncOptionalShared(_ tracker: LifecycleTracker) -> AsyncFactory<Probe?> {
        self { await Task.yield(); return Probe("asyncOptionalShared", tracker) }.shared
    }
}

/// A `.singleton` declared once for every container type.
extension SharedContainer {
    fileprivate func processSingleton(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("processSingleton", tracker) }.singleton
    }
    fileprivate func asyncProcessSingleton(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { await Task.yield(); return Probe("asyncProcessSingleton", tracker) }.singleton
    }
}

private final class ParityAppContainer: SharedContainer {
    static let shared = ParityAppContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
}

extension LifecycleTracker {
    /// Records a build that makes no object (a body returning nil).
    fileprivate func count(_ name: String) { didInit(Marker(), named: name) }
}

private final class Marker: Sendable {}

@Suite struct FactoryParityTests {
    // MARK: .shared through optionals

    @Test func sharedKeepsTheClassInstanceInsideAnOptional() {
        let tracker = LifecycleTracker()
        let container = Container()
        var first = container.optionalShared(tracker)()
        let second = container.optionalShared(tracker)()
        #expect(first != nil)
        #expect(first === second)
        #expect(tracker.inits("optionalShared") == 1)
        // Still weak: once nobody holds it, the next resolve builds a new one.
        weak let gone = first
        first = nil
        _ = consume second
        #expect(gone == nil)
        #expect(container.optionalShared(tracker)() != nil)
        #expect(tracker.inits("optionalShared") == 2)
    }

    @Test func sharedUnwrapsNestedOptionals() {
        let tracker = LifecycleTracker()
        let container = Container()
        let first = container.nestedOptionalShared(tracker)()
        let second = container.nestedOptionalShared(tracker)()
        #expect(first! === second!)
        #expect(tracker.inits("nestedOptionalShared") == 1)
    }

    @Test func sharedOfNilBuildsAgain() {
        let tracker = LifecycleTracker()
        let container = Container()
        #expect(container.nilShared(tracker)() == nil)
        #expect(container.nilShared(tracker)() == nil)
        #expect(tracker.instances(named: "nilShared").count == 2)
    }

    @Test func asyncSharedKeepsTheClassInstanceInsideAnOptional() async throws {
        let tracker = LifecycleTracker()
        let container = Container()
        let first = try await container.asyncOptionalShared(tracker)()
        let second = try await container.asyncOptionalShared(tracker)()
        #expect(first != nil)
        #expect(first === second)
        #expect(tracker.inits("asyncOptionalShared") == 1)
    }

    // MARK: Singletons declared in an extension of SharedContainer

    @Test func singletonDeclaredForEveryContainerTypeIsOnePerProcess() {
        let tracker = LifecycleTracker()
        let container = Container()
        let app = ParityAppContainer()
        defer { container.processSingleton(tracker).reset() }
        let first = container.processSingleton(tracker)()
        #expect(app.processSingleton(tracker)() === first)
        #expect(ParityAppContainer().processSingleton(tracker)() === first)
        #expect(tracker.inits("processSingleton") == 1)
    }

    @Test func asyncSingletonDeclaredForEveryContainerTypeIsOnePerProcess() async throws {
        let tracker = LifecycleTracker()
        let container = Container()
        let app = ParityAppContainer()
        defer { container.asyncProcessSingleton(tracker).reset() }
        let first = try await container.asyncProcessSingleton(tracker)()
        #expect(try await app.asyncProcessSingleton(tracker)() === first)
        #expect(tracker.inits("asyncProcessSingleton") == 1)
    }
}

// MARK: Modifiers applied at run time

extension Container {
    fileprivate func declaredUnique(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("declaredUnique", tracker) }
    }
    fileprivate func pairOfDeclaredUnique(_ tracker: LifecycleTracker) -> Factory<(Probe, Probe)> {
        self { (self.declaredUnique(tracker)(), self.declaredUnique(tracker)()) }
    }
    fileprivate func declaredCached(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("declaredCached", tracker) }.cached
    }
    fileprivate func declaredCachedForSingleton(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("declaredCachedForSingleton", tracker) }.cached
    }
    fileprivate func parameterUnique(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { Probe("parameterUnique\($0)", tracker) }
    }
    fileprivate func asyncDeclaredUnique(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { await Task.yield(); return Probe("asyncDeclaredUnique", tracker) }
    }
}

extension FactoryParityTests {
    @Test func aScopeGivenWithRegisterAtRunTimeIsKept() {
        let tracker = LifecycleTracker()
        let container = Container()
        container.declaredUnique(tracker).scope(.cached).register { Probe("mock", tracker) }
        let first = container.declaredUnique(tracker)()
        #expect(first.name == "mock")
        #expect(container.declaredUnique(tracker)() === first)
        #expect(tracker.inits("mock") == 1)
        // A reset drops the override, its scope and its instance: the declaration again.
        weak let mock = first
        _ = consume first
        container.declaredUnique(tracker).reset()
        #expect(mock == nil)
        #expect(container.declaredUnique(tracker)() !== container.declaredUnique(tracker)())
        #expect(tracker.inits("declaredUnique") == 2)
    }

    /// As in Factory ("the scope defined in the factory definition still overrides the last
    /// change"): a run-time scope applies to a factory declared without one.
    @Test func theDeclaredScopeWinsOverARunTimeOne() {
        let tracker = LifecycleTracker()
        let container = Container()
        container.declaredCached(tracker).unique.register { Probe("fresh", tracker) }
        #expect(container.declaredCached(tracker)() === container.declaredCached(tracker)())
        #expect(tracker.inits("fresh") == 1)
        #expect(tracker.inits("declaredCached") == 0)
    }

    /// Factory's current spelling: the scope after `register`, as a statement.
    @Test func aScopeAfterRegisterAsAStatementIsStored() {
        let tracker = LifecycleTracker()
        let container = Container()
        container.declaredUnique(tracker).register { Probe("mock", tracker) }.scope(.cached)
        #expect(container.declaredUnique(tracker)() === container.declaredUnique(tracker)())
        #expect(tracker.inits("mock") == 1)
        container.parameterUnique(tracker).register { Probe("parameterMock\($0)", tracker) }.scope(.cached)
        #expect(container.parameterUnique(tracker)(1) === container.parameterUnique(tracker)(2))
        #expect(tracker.inits("parameterMock1") == 1)
    }

    /// With no override, a run-time scope keeps the declared body under that scope.
    @Test func aScopeAloneAsAStatementScopesTheDeclaredBody() {
        let tracker = LifecycleTracker()
        let container = Container()
        container.declaredUnique(tracker).scope(.cached)
        #expect(container.declaredUnique(tracker)() === container.declaredUnique(tracker)())
        #expect(tracker.inits("declaredUnique") == 1)
        container.declaredUnique(tracker).reset()
        #expect(container.declaredUnique(tracker)() !== container.declaredUnique(tracker)())
    }

    @Test func anAsyncScopeAfterRegisterAsAStatementIsStored() async throws {
        let tracker = LifecycleTracker()
        let container = Container()
        container.asyncDeclaredUnique(tracker).register { Probe("asyncMock", tracker) }.scope(.cached)
        let first = try await container.asyncDeclaredUnique(tracker)()
        #expect(try await container.asyncDeclaredUnique(tracker)() === first)
        #expect(tracker.inits("asyncMock") == 1)
    }

    @Test func aSingletonOverrideIsDroppedByTheFactorysReset() {
        let tracker = LifecycleTracker()
        let container = Container()
        container.declaredCachedForSingleton(tracker).singleton.register { Probe("singletonMock", tracker) }
        var first: Probe? = container.declaredCachedForSingleton(tracker)()
        #expect(first?.name == "singletonMock")
        #expect(container.declaredCachedForSingleton(tracker)() === first)
        // The override belongs to `container`: another root resolves the declaration.
        #expect(Container().declaredCachedForSingleton(tracker)().name == "declaredCachedForSingleton")
        weak let gone = first
        first = nil
        #expect(gone != nil)   // the container holds it: the declared scope (cached) wins
        container.declaredCachedForSingleton(tracker).reset()
        #expect(gone == nil)
        #expect(tracker.inits("singletonMock") == 1)
    }

    @Test func aParameterFactoryKeepsARunTimeScopeToo() {
        let tracker = LifecycleTracker()
        let container = Container()
        container.parameterUnique(tracker).cached.register { Probe("parameterMock\($0)", tracker) }
        #expect(container.parameterUnique(tracker)(1) === container.parameterUnique(tracker)(2))
        #expect(tracker.inits("parameterMock1") == 1)
    }

    /// Factory's scope properties after `register`, as statements (#41): each is stored as
    /// `.scope(_:)` is.
    @Test func aScopePropertyAfterRegisterAsAStatementIsStored() {
        let tracker = LifecycleTracker()
        let container = Container()
        container.declaredUnique(tracker).register { Probe("mock", tracker) }.cached
        let first = container.declaredUnique(tracker)()
        #expect(first.name == "mock")
        #expect(container.declaredUnique(tracker)() === first)
        #expect(tracker.inits("mock") == 1)
        container.declaredUnique(tracker).unique
        #expect(container.declaredUnique(tracker)() !== container.declaredUnique(tracker)())
        container.declaredUnique(tracker).singleton
        #expect(container.declaredUnique(tracker)() === container.declaredUnique(tracker)())
        container.declaredUnique(tracker).reset()
        container.parameterUnique(tracker).register { Probe("parameterMock\($0)", tracker) }.cached
        #expect(container.parameterUnique(tracker)(1) === container.parameterUnique(tracker)(2))
    }

    @Test func theSharedAndScopedPropertiesAsStatements() {
        let tracker = LifecycleTracker()
        let container = Container()
        container.declaredUnique(tracker).register { Probe("mock", tracker) }.shared
        var first: Probe? = container.declaredUnique(tracker)()
        #expect(container.declaredUnique(tracker)() === first)
        weak let gone = first
        first = nil
        #expect(gone == nil)   // shared: kept weakly
        container.declaredUnique(tracker).scoped
        let flow = container.child("flow")
        let inFlow = flow.declaredUnique(tracker)()
        #expect(flow.declaredUnique(tracker)() === inFlow)
        #expect(container.declaredUnique(tracker)() !== inFlow)
        weak let flowMock = inFlow
        _ = consume inFlow
        flow.close()
        #expect(flowMock == nil)
    }

    @Test func theGraphPropertyAsAStatement() {
        let tracker = LifecycleTracker()
        let container = Container()
        container.declaredUnique(tracker).register { Probe("mock", tracker) }.cached
        container.declaredUnique(tracker).graph
        #expect(container.declaredUnique(tracker)() !== container.declaredUnique(tracker)())
        let pair = container.pairOfDeclaredUnique(tracker)()
        #expect(pair.0 === pair.1)
    }

    /// As for `.scope(_:)`: the declaration's scope wins over a scope property at run time,
    /// and the statement that changed nothing is reported (a `misuse` event, a fault line).
    @Test func theDeclaredScopeWinsOverAScopePropertyAsAStatement() {
        let tracker = LifecycleTracker()
        let container = Container()
        tracker.observe(container)
        container.declaredCached(tracker).register { Probe("fresh", tracker) }.unique
        #expect(container.declaredCached(tracker)() === container.declaredCached(tracker)())
        #expect(tracker.inits("fresh") == 1)
        #expect(tracker.misuses.map(\.reason) == [.declarationWins])
        #expect(
            tracker.misuses.map(\.message) == [
                "declaredCached(_:) (Probe) is given .unique at run time, but the factory value it was written on has "
                    + ".cached: a declared scope wins over a run-time one (as in Factory), so resolves of a factory "
                    + "declared .cached stay .cached; declare it without a scope (.unique) to choose one at run time"
            ])
    }

    /// A run-time scope that does what it says reports nothing: on a factory declared without
    /// one, or the scope it has already.
    @Test func aRunTimeScopeThatAppliesIsNotReported() {
        let tracker = LifecycleTracker()
        let container = Container()
        tracker.observe(container)
        container.declaredUnique(tracker).scope(.cached)
        container.declaredCached(tracker).scope(.cached)
        container.declaredCached(tracker).cached
        #expect(container.declaredUnique(tracker)() === container.declaredUnique(tracker)())
        #expect(tracker.misuses.isEmpty, "\(tracker.misuses.map(\.message))")
    }

    /// A scope property as a statement on an async factory is stored, and outlives a later
    /// `register`, as in Factory.
    @Test func anAsyncFactorysScopePropertyAsAStatementIsStored() async throws {
        let tracker = LifecycleTracker()
        let container = Container()
        container.asyncDeclaredUnique(tracker).register { Probe("asyncMock", tracker) }.cached
        let first = try await container.asyncDeclaredUnique(tracker)()
        #expect(try await container.asyncDeclaredUnique(tracker)() === first)
        #expect(tracker.inits("asyncMock") == 1)
        container.asyncDeclaredUnique(tracker).register { Probe("second", tracker) }
        let second = try await container.asyncDeclaredUnique(tracker)()
        #expect(second.name == "second")
        #expect(try await container.asyncDeclaredUnique(tracker)() === second)
    }

    /// Factory keeps a run-time scope apart from the registration: a later `register`
    /// keeps it (#41).
    @Test func aRunTimeScopeOutlivesALaterRegister() {
        let tracker = LifecycleTracker()
        let container = Container()
        container.declaredUnique(tracker).register { Probe("first", tracker) }.scope(.cached)
        container.declaredUnique(tracker).register { Probe("second", tracker) }
        let second = container.declaredUnique(tracker)()
        #expect(second.name == "second")
        #expect(container.declaredUnique(tracker)() === second)
        #expect(tracker.inits("second") == 1)
        // A context modifier given later runs under it too.
        container.declaredUnique(tracker).reset(.registration)
        container.declaredUnique(tracker).onTest { Probe("test", tracker) }
        #expect(container.declaredUnique(tracker)() === container.declaredUnique(tracker)())
        // reset() removes it with the override.
        container.declaredUnique(tracker).reset()
        container.declaredUnique(tracker).register { Probe("third", tracker) }
        #expect(container.declaredUnique(tracker)() !== container.declaredUnique(tracker)())
    }

    @Test func anAsyncFactoryKeepsARunTimeScopeToo() async throws {
        let tracker = LifecycleTracker()
        let container = Container()
        container.asyncDeclaredUnique(tracker).scope(.cached).register { Probe("asyncMock", tracker) }
        let first = try await container.asyncDeclaredUnique(tracker)()
        #expect(try await container.asyncDeclaredUnique(tracker)() === first)
        #expect(tracker.inits("asyncMock") == 1)
    }
}

// MARK: Overrides that take their container

extension Container {
    fileprivate func requestLog(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("requestLog", tracker) }.scoped
    }
    fileprivate func database(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("database", tracker) }.scoped
    }
    fileprivate func keyedDatabase(_ tracker: LifecycleTracker) -> ParameterFactory<Int, Probe> {
        self { Probe("keyedDatabase\($0)", tracker) }.scoped
    }
    fileprivate func asyncDatabase(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { await Task.yield(); return Probe("asyncDatabase", tracker) }.scoped
    }
}

extension ParityAppContainer {
    fileprivate func session(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("session", tracker) }.scoped }
    fileprivate func account(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("account", tracker) }.scoped }
}

extension FactoryParityTests {
    @Test func anOverrideThatTakesItsContainerResolvesFromThatScopeAndKeepsItNotOpen() {
        let tracker = LifecycleTracker()
        let root = Container()
        let rootLog = root.requestLog(tracker)()
        var flow: Container? = root.child("flow")
        weak let flowManager = flow?.manager
        flow?.database(tracker).register { c in Probe("mockDatabase", tracker, holding: [c.requestLog(tracker)()]) }
        var database: Probe? = flow?.database(tracker)()
        #expect(database?.name == "mockDatabase")
        #expect(database?.dependencies.first === flow?.requestLog(tracker)())
        #expect(database?.dependencies.first !== rootLog)
        #expect(root.database(tracker)().name == "database")   // the root has no override
        database = nil
        flow?.close()
        flow = nil
        #expect(flowManager == nil)   // the override did not keep its scope alive
        #expect(tracker.deinits("mockDatabase") == 1)
        #expect(tracker.deinits("requestLog") == 1)   // the flow's; the root's is alive
        #expect(rootLog.isReportedGone == false)
    }

    @Test func anOverrideOnARootReceivesThatRoot() {
        let tracker = LifecycleTracker()
        let root = Container()
        root.database(tracker).register { c in Probe("rootMock", tracker, holding: [c.requestLog(tracker)()]) }
        #expect(root.database(tracker)().dependencies.first === root.requestLog(tracker)())
    }

    @Test func anOverrideNamesItsContainerType() {
        let tracker = LifecycleTracker()
        let app = ParityAppContainer()
        let flow = app.child("flow")
        defer { flow.close() }
        flow.account(tracker).register { (c: ParityAppContainer) in Probe("mockAccount", tracker, holding: [c.session(tracker)()]) }
        #expect(flow.account(tracker)().dependencies.first === flow.session(tracker)())
        #expect(flow.session(tracker)() !== app.session(tracker)())
    }

    @Test func aParameterOverrideTakesItsContainerAndTheParameter() {
        let tracker = LifecycleTracker()
        let flow = Container().child("flow")
        defer { flow.close() }
        flow.keyedDatabase(tracker).register { c, id in Probe("keyedMock\(id)", tracker, holding: [c.requestLog(tracker)()]) }
        let database = flow.keyedDatabase(tracker)(7)
        #expect(database.name == "keyedMock7")
        #expect(database.dependencies.first === flow.requestLog(tracker)())
    }

    @Test func anAsyncOverrideTakesItsContainer() async throws {
        let tracker = LifecycleTracker()
        let root = Container()
        var flow: Container? = root.child("flow")
        weak let flowManager = flow?.manager
        flow?.asyncDatabase(tracker).register { c in Probe("asyncMock", tracker, holding: [c.requestLog(tracker)()]) }
        var database: Probe? = try await flow?.asyncDatabase(tracker)()
        #expect(database?.name == "asyncMock")
        #expect(database?.dependencies.first === flow?.requestLog(tracker)())
        #expect(database?.dependencies.first !== root.requestLog(tracker)())
        database = nil
        flow?.close()
        flow = nil
        #expect(flowManager == nil)
        #expect(tracker.deinits("asyncMock") == 1)
    }
}

// MARK: Factory's other spellings

extension Container {
    fileprivate func parityUnique(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("parityUnique", tracker) }
    }
    fileprivate func parityCached(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("parityCached", tracker) }.cached
    }
    fileprivate func contexts(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("declared", tracker) }
            .onSimulator { Probe("simulator", tracker) }
            .onDevice { Probe("device", tracker) }
    }
    fileprivate func byArguments(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("declared", tracker) }
            .onArgs(["-noSuchArgument", CommandLine.arguments[0]]) { Probe("argument", tracker) }
    }
}

private final class Screen {
    @Injected(\ParityAppContainer.screenProbe) var probe: Probe
    init() {}
}

extension ParityAppContainer {
    fileprivate var screenProbe: Factory<Probe> { self { Probe("screenProbe", ParityAppContainer.tracker) } }
    fileprivate static let tracker = LifecycleTracker()
}

extension FactoryParityTests {
    @Test func callingAFactoryWithABodyRegistersIt() {
        let tracker = LifecycleTracker()
        let container = Container()
        container.shorthandProbe { Probe("shorthand", tracker) }
        #expect(container.shorthandProbe().name == "shorthand")
        container.shorthandProbe.register(factory: { Probe("labelled", tracker) })
        #expect(container.shorthandProbe().name == "labelled")
    }

    @Test func simulatorAndDeviceContextsAreDecidedAtCompileTime() {
        let tracker = LifecycleTracker()
        #if os(Linux)
        #expect(!FactoryContext.isSimulator)
        #expect(!FactoryContext.isDevice)
        #expect(Container().contexts(tracker)().name == "declared")
        #else
        #expect(FactoryContext.isSimulator != FactoryContext.isDevice)
        #expect(Container().contexts(tracker)().name == (FactoryContext.isSimulator ? "simulator" : "device"))
        #endif
    }

    @Test func onArgsAppliesWhenAnyArgumentIsPresent() {
        let tracker = LifecycleTracker()
        #expect(Container().byArguments(tracker)().name == "argument")
    }

    @Test func injectedProjectedValueResolvesAgain() {
        let screen = Screen()
        let first = screen.probe
        screen_resolve(screen)
        #expect(screen.probe !== first)   // .unique: a new one
    }

    @Test func dynamicInjectedResolvesOnEveryAccess() {
        let tracker = LifecycleTracker()
        let container = Container()
        struct Owner {
            @DynamicInjected var probe: Probe
            init(_ tracker: LifecycleTracker, _ container: Container) {
                _probe = DynamicInjected(\.parityUniqueForDynamic, in: container)
            }
        }
        container.parityUniqueForDynamic.register { Probe("dynamic", tracker) }
        let owner = Owner(tracker, container)
        #expect(owner.probe !== owner.probe)
        #expect(tracker.inits("dynamic") == 2)
    }
}

/// `$probe` of a class's wrapped property: the wrapper is mutated in place.
private func screen_resolve(_ screen: Screen) {
    screen.$probe.resolve()
}

extension Container {
    fileprivate var parityUniqueForDynamic: Factory<Probe> { self { Probe("dynamicDeclared", LifecycleTracker()) } }
}

extension Container {
    fileprivate var shorthandProbe: Factory<Probe> { self { Probe("shorthandDeclared", LifecycleTracker()) }.cached }
}

// MARK: Promised factories

protocol AccountServing: Sendable {}
final class LiveAccountService: AccountServing {}

extension Container {
    fileprivate var accountService: Factory<(any AccountServing)?> { promised() }
}

extension FactoryParityTests {
    @Test func aPromisedFactoryResolvesWhatIsRegistered() {
        let container = Container()
        let live = LiveAccountService()
        container.accountService.register { live }
        #expect(container.accountService() as? LiveAccountService === live)
    }

    @Test func anUnregisteredPromiseIsNilInAPreviewAndInARelease() {
        withContainer(context: .init(isPreview: true, isDebug: true)) {
            #expect(Container.shared.accountService() == nil)
        }
        withContainer(context: .init(isPreview: false, isDebug: false)) {
            #expect(Container.shared.accountService() == nil)
        }
    }

    @Test func anUnregisteredPromiseStopsInADebugBuild() async {
        guard FactoryContext.isDebug else { return }
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container().accountService()
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains(
            "Scoped: accountService (AccountServing?) is promised and was resolved before anything registered it; "
                + "register it at start-up (.register { … })"))
    }
}

// MARK: LazyInjected

private final class LazyOwner {
    @LazyInjected(\Container.lazyParityProbe) var probe: Probe
    init() {}
}

extension Container {
    fileprivate var lazyParityProbe: Factory<Probe> { self { Probe("lazyParityProbe", LifecycleTracker()) } }
}

extension FactoryParityTests {
    @Test func lazyInjectedCanBeSetAndAskedWithoutResolving() {
        let tracker = LifecycleTracker()
        let owner = LazyOwner()
        #expect(owner.$probe.resolvedOrNil() == nil)
        #expect(!owner.$probe.isResolved)
        let double = Probe("double", tracker)
        owner.probe = double
        #expect(owner.$probe.resolvedOrNil() === double)
        #expect(owner.probe === double)
        #expect(owner.$probe.isResolved)
    }
}

// MARK: Global-actor factories

@globalActor actor ParityDatabaseActor {
    static let shared = ParityDatabaseActor()
}

@ParityDatabaseActor final class ParityConnection {
    let openedOnItsActor: Bool
    init() {
        ParityDatabaseActor.shared.assertIsolated()
        openedOnItsActor = true
    }
}

extension Container {
    fileprivate var parityConnection: AsyncFactory<ParityConnection> {
        self { @ParityDatabaseActor in ParityConnection() }.cached
    }
}

extension FactoryParityTests {
    @Test func anAsyncFactoryBodyRunsOnItsGlobalActor() async throws {
        let container = Container()
        let connection = try await container.parityConnection()
        #expect(try await container.parityConnection() === connection)
        #expect(connection.openedOnItsActor)
    }
}

// MARK: WeakLazyInjected

protocol ParitySessionProviding: AnyObject, Sendable { var name: String { get } }
final class ParitySession: ParitySessionProviding {
    let name: String
    init(_ name: String) { self.name = name }
}

extension Container {
    fileprivate var paritySession: Factory<any ParitySessionProviding> { self { ParitySession("live") }.shared }
    fileprivate var parityNumber: Factory<Int> { self { 7 } }
}

private final class SessionOwner {
    @WeakLazyInjected var session: (any ParitySessionProviding)?
    init(_ container: Container) { _session = WeakLazyInjected(\.paritySession, in: container) }
}

extension FactoryParityTests {
    @Test func weakLazyInjectedTakesAProtocolTypeAndCanBeSet() {
        let container = Container()
        let owner = SessionOwner(container)
        #expect(owner.$session.resolvedOrNil() == nil)
        let held = owner.session   // resolved now, held weakly by the wrapper
        #expect(held?.name == "live")
        #expect(owner.$session.resolvedOrNil() === held)
        let double = ParitySession("double")
        owner.session = double
        #expect(owner.session === double)
        weak let weakDouble = double
        _ = consume double
        #expect(weakDouble == nil)
        #expect(owner.session == nil)   // held weakly: gone with its last owner
    }

    @Test func weakLazyInjectedOfAValueStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Owner {
                @WeakLazyInjected var number: Int?
                init() { _number = WeakLazyInjected(\.parityNumber, in: Container()) }
            }
            _ = Owner().number
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("Scoped: @WeakLazyInjected holds instances weakly, and parityNumber (Int) resolved to a value that is not a class instance"))
        #expect(output.contains("the self { … } calls are at ScopedTests/FactoryParityTests.swift:635:55 for parityNumber (Int)"))
    }
}

// MARK: Inspecting a container

extension Container {
    fileprivate func inspectedCached(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("inspectedCached", tracker) }.cached }
    fileprivate func inspectedSingleton(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("inspectedSingleton", tracker) }.singleton }
    fileprivate func inspectedScoped(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("inspectedScoped", tracker) }.scoped }
}

extension FactoryParityTests {
    @Test func aContainerTellsWhatItHolds() {
        let tracker = LifecycleTracker()
        let container = Container()
        defer { container.inspectedSingleton(tracker).reset() }
        #expect(container.isEmpty)
        _ = container.inspectedSingleton(tracker)()
        #expect(container.isEmpty)   // the process holds singletons
        let cached = container.inspectedCached(tracker)()
        #expect(container.heldInstanceCount == 1)
        container.inspectedCached(tracker).register { cached }
        #expect(container.overrideCount == 1)
        #expect(!container.isEmpty)
        let flow = container.child("flow")
        _ = flow.inspectedScoped(tracker)()
        #expect(flow.heldInstanceCount == 1)
        #expect(flow.overrideCount == 0)
        flow.close()
        #expect(flow.heldInstanceCount == 0)
        container.reset()
        #expect(container.isEmpty)
    }
}
