import ScopedTesting
import Testing

/// Which body made an instance.
private final class Made: Sendable {
    let by: String
    init(_ by: String) { self.by = by }
}

/// Counts decorator runs from several places.
private final class Runs: Sendable {
    private let count = Locked(0)
    func hit() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

extension Container {
    fileprivate var chPlain: Factory<Made> { self { Made("declared") } }
    fileprivate var chCachedAsync: AsyncFactory<Made> { self { Made("declared") } }
}

/// Run-time modifiers chained in one statement (Factory's set-up lines, #41; a Factory
/// user's port found every link but the last dropped without a word): each link is stored.
@Suite struct RunTimeChainTests {
    @Test(.container) func everyContextLinkOfAChainIsStored() {
        Container.shared.chPlain.onDevice { Made("device") }.onSimulator { Made("simulator") }
        withContainer(context: .init(isTest: false, isPreview: false, isSimulator: false, isDevice: true)) {
            #expect(Container.shared.chPlain().by == "device")
        }
        withContainer(context: .init(isTest: false, isPreview: false, isSimulator: true, isDevice: false)) {
            #expect(Container.shared.chPlain().by == "simulator")
        }
    }

    /// Factory's context tests' set-up, in one statement: the registration outranks the
    /// contexts, and each context is there once it goes.
    @Test(.container) func aRegistrationFollowedByContextsStoresThemAll() {
        Container.shared.chPlain.register { Made("registered") }.onPreview { Made("preview") }.onTest { Made("test") }
            .onArg("-chArg") { Made("arg") }
        #expect(Container.shared.chPlain().by == "registered")
        Container.shared.chPlain.reset(.registration)
        #expect(Container.shared.chPlain().by == "test")
        withContainer(context: .init(isTest: false, isPreview: true)) {
            #expect(Container.shared.chPlain().by == "preview")
        }
        withContainer(context: .init(isTest: false, isPreview: false, addingArguments: ["-chArg"])) {
            #expect(Container.shared.chPlain().by == "arg")
        }
    }

    @Test(.container) func twoArgumentsInOneChainAreBothStored() {
        Container.shared.chPlain.onArg("-chA") { Made("a") }.onArg("-chB") { Made("b") }
        withContainer(context: .init(isTest: false, addingArguments: ["-chA"])) {
            #expect(Container.shared.chPlain().by == "a")
        }
        withContainer(context: .init(isTest: false, addingArguments: ["-chB"])) {
            #expect(Container.shared.chPlain().by == "b")
        }
    }

    @Test(.container) func aContextBeforeRegisterOutlivesTheRegistration() {
        Container.shared.chPlain.onTest { Made("test") }.register { Made("registered") }
        #expect(Container.shared.chPlain().by == "registered")
        Container.shared.chPlain.reset(.registration)
        #expect(Container.shared.chPlain().by == "test")
    }

    /// Factory's `reset(.scope).onTest { }` (its defect test #114): the reset, then the context.
    @Test(.container) func aResetFollowedByAContextDoesBoth() {
        Container.shared.chPlain.register { Made("registered") }
        Container.shared.chPlain.reset(.registration).onTest { Made("test") }
        #expect(Container.shared.chPlain().by == "test")
    }

    @Test(.container) func scopeTimeToLiveAndDecoratorLinksAreStoredToo() {
        let runs = Runs()
        Container.shared.chPlain.onTest { Made("test") }.decorator { _ in runs.hit() }.timeToLive(60).cached
        let first = Container.shared.chPlain()
        #expect(first.by == "test")
        #expect(Container.shared.chPlain() === first)   // .cached, stored by the last link
        #expect(runs.value == 2)
    }

    @Test(.container) func asyncFactoriesChainToo() async throws {
        Container.shared.chCachedAsync.onDevice { Made("device") }.onTest { Made("test") }
        #expect(try await Container.shared.chCachedAsync().by == "test")
        await withContainer(context: .init(isTest: false, isPreview: false, isSimulator: false, isDevice: true)) {
            #expect(await (try? Container.shared.chCachedAsync())?.by == "device")
        }
    }

    /// A factory value kept in a typed local takes the value forms: it changes that value
    /// and stores nothing, as in a declaration.
    @Test(.container) func aTypedLocalTakesTheValueFormsAndStoresNothing() {
        let local: Factory<Made> = Container.shared.chPlain.onTest { Made("local test") }
        #expect(local().by == "local test")
        #expect(Container.shared.chPlain().by == "declared")
    }
}
