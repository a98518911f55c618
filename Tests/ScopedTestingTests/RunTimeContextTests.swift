import ScopedTesting
import Testing

/// Which body made an instance.
private final class Built: Sendable {
    let by: String
    init(_ by: String) { self.by = by }
}

extension Container {
    fileprivate var rtPlain: Factory<Built> { self { Built("declared") } }
    fileprivate var rtCached: Factory<Built> { self { Built("declared") }.cached }
    fileprivate var rtDeclaredTest: Factory<Built> { self { Built("declared") }.onTest { Built("declared test") } }
    fileprivate var rtParameter: ParameterFactory<Int, Built> { self { Built("declared \($0)") } }
    fileprivate var rtAsync: AsyncFactory<Built> { self { Built("declared") } }
    @MainActor fileprivate var rtMain: MainActorFactory<Built> { self { Built("declared") } }
}

/// Context modifiers written as statements at run time (Factory's
/// `Container.shared.api.onTest { MockAPI() }` in a test's set-up, issue #41 item 7): stored
/// in the container of the calling world, used while their context holds.
@Suite struct RunTimeContextTests {
    @Test(.container) func onTestAsAStatementIsUsedByTheNextResolve() {
        Container.shared.rtPlain.onTest { Built("test") }
        #expect(Container.shared.rtPlain().by == "test")   // swift test: isTest holds
    }

    @Test(.container) func eachContextIsStoredAndPickedByTheResolvingWorld() {
        Container.shared.rtPlain.onPreview { Built("preview") }
        Container.shared.rtPlain.onSimulator { Built("simulator") }
        Container.shared.rtPlain.onDevice { Built("device") }
        Container.shared.rtPlain.onDebug { Built("debug") }
        withContainer(context: .init(isTest: false, isPreview: true)) {
            #expect(Container.shared.rtPlain().by == "preview")
        }
        withContainer(context: .init(isTest: false, isPreview: false, isSimulator: true)) {
            #expect(Container.shared.rtPlain().by == "simulator")
        }
        withContainer(context: .init(isTest: false, isPreview: false, isSimulator: false, isDevice: true)) {
            #expect(Container.shared.rtPlain().by == "device")
        }
        withContainer(context: .init(isTest: false, isPreview: false, isDebug: true, isSimulator: false, isDevice: false)) {
            #expect(Container.shared.rtPlain().by == "debug")
        }
        withContainer(context: .init(isTest: false, isPreview: false, isDebug: false, isSimulator: false, isDevice: false)) {
            #expect(Container.shared.rtPlain().by == "declared")
        }
    }

    @Test(.container) func argumentsSelectTheirBodyAndOutrankTheOtherContexts() {
        Container.shared.rtPlain.onTest { Built("test") }
        Container.shared.rtPlain.onArg("-rtOne") { Built("one") }
        Container.shared.rtPlain.onArgs(["-rtTwo", "-rtThree"]) { Built("two or three") }
        #expect(Container.shared.rtPlain().by == "test")
        withContainer(context: .init(addingArguments: ["-rtOne"])) {
            #expect(Container.shared.rtPlain().by == "one")
        }
        withContainer(context: .init(addingArguments: ["-rtThree"])) {
            #expect(Container.shared.rtPlain().by == "two or three")
        }
    }

    @Test(.container) func aLaterCallForTheSameContextReplacesTheBody() {
        Container.shared.rtPlain.onTest { Built("first") }
        Container.shared.rtPlain.onTest { Built("second") }
        #expect(Container.shared.rtPlain().by == "second")
    }

    @Test(.container) func registerOutranksAStoredContextEitherOrder() {
        Container.shared.rtPlain.onTest { Built("test") }
        Container.shared.rtPlain.register { Built("registered") }
        #expect(Container.shared.rtPlain().by == "registered")
        Container.shared.rtParameter.register { Built("registered \($0)") }
        Container.shared.rtParameter.onTest { Built("test \($0)") }
        #expect(Container.shared.rtParameter(2).by == "registered 2")
    }

    @Test(.container) func aStoredContextOutranksTheDeclarationsContextModifier() {
        #expect(Container.shared.rtDeclaredTest().by == "declared test")
        Container.shared.rtDeclaredTest.onTest { Built("run-time test") }
        #expect(Container.shared.rtDeclaredTest().by == "run-time test")
    }

    @Test(.container) func storingDropsTheHeldInstanceAndTheScopeStays() {
        let before = Container.shared.rtCached()
        Container.shared.rtCached.onTest { Built("test") }
        let after = Container.shared.rtCached()
        #expect(after !== before)
        #expect(after.by == "test")
        #expect(Container.shared.rtCached() === after)
    }

    @Test(.container) func resetRemovesStoredContexts() {
        Container.shared.rtPlain.onTest { Built("test") }
        Container.shared.rtPlain.reset()
        #expect(Container.shared.rtPlain().by == "declared")
        Container.shared.rtPlain.onTest { Built("test") }
        Container.shared.reset()
        #expect(Container.shared.rtPlain().by == "declared")
    }

    @Test func aStoredContextStaysInItsWorld() {
        withContainer {
            Container.shared.rtPlain.onTest { Built("first world") }
            #expect(Container.shared.rtPlain().by == "first world")
        }
        withContainer {
            #expect(Container.shared.rtPlain().by == "declared")
        }
        #expect(Container.shared.rtPlain().by == "declared")
    }

    @Test(.container) func parameterAsyncAndMainActorFactoriesStoreThemToo() async throws {
        Container.shared.rtParameter.onTest { Built("test \($0)") }
        #expect(Container.shared.rtParameter(7).by == "test 7")
        Container.shared.rtAsync.onTest { Built("async test") }
        #expect(try await Container.shared.rtAsync().by == "async test")
        await MainActor.run {
            Container.shared.rtMain.onTest { Built("main test") }
            #expect(Container.shared.rtMain().by == "main test")
        }
    }
}

extension Container {
    fileprivate var rtDecorated: Factory<Built> { self { Built("declared") }.cached }
    fileprivate var rtDecoratedUnique: ParameterFactory<Int, Built> { self { Built("declared \($0)") } }
    fileprivate var rtDecoratedAsync: AsyncFactory<Built> { self { Built("declared") }.cached }
}

/// A decorator written as a statement at run time (issue #41 item 7): stored, run after
/// every resolve, held or new.
@Suite struct RunTimeDecoratorTests {
    @Test(.container) func aDecoratorAsAStatementRunsAfterEveryResolve() {
        let seen = Locked<[ObjectIdentifier]>([])
        Container.shared.rtDecorated.decorator { instance in seen.withLock { $0.append(ObjectIdentifier(instance)) } }
        let first = Container.shared.rtDecorated()
        #expect(Container.shared.rtDecorated() === first)
        #expect(seen.withLock { $0 } == [ObjectIdentifier(first), ObjectIdentifier(first)])
        #expect(first.by == "declared")
        Container.shared.rtDecorated.reset()
        _ = Container.shared.rtDecorated()
        #expect(seen.withLock { $0.count } == 2)   // reset removed it
    }

    @Test(.container) func aDecoratorAfterRegisterDecoratesTheOverride() {
        let seen = Locked<[String]>([])
        Container.shared.rtDecoratedUnique.register { Built("registered \($0)") }
        Container.shared.rtDecoratedUnique.decorator { instance in seen.withLock { $0.append(instance.by) } }
        Container.shared.rtDecoratedUnique.decorator { instance in seen.withLock { $0.append("second " + instance.by) } }
        _ = Container.shared.rtDecoratedUnique(1)
        #expect(seen.withLock { $0 } == ["registered 1", "second registered 1"])
    }

    @Test(.container) func anAsyncFactorysDecoratorAsAStatementRuns() async throws {
        let seen = Locked(0)
        Container.shared.rtDecoratedAsync.decorator { _ in seen.withLock { $0 += 1 } }
        let first = try await Container.shared.rtDecoratedAsync()
        #expect(try await Container.shared.rtDecoratedAsync() === first)
        #expect(seen.withLock { $0 } == 2)
    }

    /// Factory keeps a decorator apart from the registration: a later `register` keeps it (#41).
    @Test(.container) func aDecoratorOutlivesALaterRegister() {
        let seen = Locked<[String]>([])
        Container.shared.rtPlain.decorator { instance in seen.withLock { $0.append(instance.by) } }
        Container.shared.rtPlain.register { Built("registered") }
        _ = Container.shared.rtPlain()
        Container.shared.rtPlain.reset(.registration)
        _ = Container.shared.rtPlain()
        #expect(seen.withLock { $0 } == ["registered", "declared"])
    }

    /// A run-time scope given before any override stores options, not a body: a context
    /// modifier given after it is used, under that scope (#41).
    @Test(.container) func aContextModifierAfterARunTimeScopeIsUsedUnderIt() {
        Container.shared.rtPlain.scope(.cached)
        Container.shared.rtPlain.onTest { Built("test") }
        let first = Container.shared.rtPlain()
        #expect(first.by == "test")
        #expect(Container.shared.rtPlain() === first)
        withContainer(context: .init(isTest: false)) {
            #expect(Container.shared.rtPlain().by == "declared")
        }
    }

    @Test func aDecoratorStaysInItsWorld() {
        let seen = Locked(0)
        withContainer {
            Container.shared.rtDecorated.decorator { _ in seen.withLock { $0 += 1 } }
            _ = Container.shared.rtDecorated()
        }
        withContainer { _ = Container.shared.rtDecorated() }
        #expect(seen.withLock { $0 } == 1)
    }
}
