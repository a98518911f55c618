import Scoped
import ScopedTesting
import Testing

private final class Ledger: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

private final class LedgerContainer: SharedContainer {
    static let shared = LedgerContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
}

@MainActor private final class LedgerScreen {
    let ledger: Ledger
    init(ledger: Ledger) { self.ledger = ledger }
}

extension Container {
    fileprivate var ledger: Factory<Ledger> { self { Ledger("live") }.cached }
    fileprivate var pagedLedger: ParameterFactory<Int, Ledger> { self { Ledger("page \($0)") } }
    fileprivate var asyncLedger: AsyncFactory<Ledger> {
        self {
            await Task.yield()
            return Ledger("async")
        }.cached
    }
    @MainActor fileprivate var ledgerScreen: MainActorFactory<LedgerScreen> {
        self { @MainActor in LedgerScreen(ledger: self.ledger()) }.scoped
    }
}

extension LedgerContainer {
    fileprivate var ledger: Factory<Ledger> { self { Ledger("custom") }.cached }
}

/// The global `dependency(_:)` functions and `with(_:)` (#30).
@Suite struct DependencyTests {
    @Test func dependencyResolvesTheSharedContainersFactory() {
        withContainer {
            let resolved: Ledger = dependency(\.ledger)
            #expect(resolved === Container.shared.ledger())
            #expect(resolved.label == "live")
        }
    }

    @Test func dependencySeesTheWorldsOverrides() {
        withContainer { $0.ledger.register { Ledger("mock") } } operation: {
            let resolved: Ledger = dependency(\.ledger)
            #expect(resolved.label == "mock")
        }
    }

    @Test func dependencyResolvesACustomContainerType() {
        withContainer {
            let resolved = dependency(\LedgerContainer.ledger)
            #expect(resolved === LedgerContainer.shared.ledger())
            #expect(resolved.label == "custom")
        }
    }

    @Test func dependencyPassesTheParameter() {
        let resolved = dependency(\.pagedLedger, parameter: 7)
        #expect(resolved.label == "page 7")
    }

    @Test func dependencyAwaitsAnAsyncFactory() async throws {
        try await withContainer {
            let resolved = try await dependency(\.asyncLedger)
            #expect(resolved === (try await Container.shared.asyncLedger()))
        }
    }

    @MainActor @Test func dependencyResolvesAMainActorFactoryOnTheMainActor() {
        withContainer {
            let screen = dependency(\.ledgerScreen)
            #expect(screen === Container.shared.ledgerScreen())
            #expect(screen.ledger === Container.shared.ledger())
        }
    }

    @Test func withRunsItsTransformAndReturnsTheSameContainer() {
        let container = Container()
        let returned = container.with { $0.ledger.register { Ledger("with") } }
        #expect(returned === container)
        #expect(container.ledger().label == "with")
        #expect(Container().ledger().label == "live")
    }

    @Test func withAwaitsAnAsyncTransform() async {
        let container = await Container().with { c in
            await Task.yield()
            c.ledger.register { Ledger("awaited") }
        }
        #expect(container.ledger().label == "awaited")
    }

    @Test func withRethrows() {
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try Container().with { _ in throw Refused() }
        }
    }
}

/// `Container.shared { $0.x() }`: a container called with a closure that takes it.
@Suite struct ContainerCallTests {
    @Test func aClosureTakingTheContainerResolvesThroughIt() {
        let container = Container()
        let (first, second) = container { ($0.ledger(), $0.ledger()) }
        #expect(first === second)
        #expect(first === container.ledger())
    }

    @Test func aCustomContainerPassesItself() {
        let resolved = LedgerContainer.shared { $0.ledger() }
        #expect(resolved === LedgerContainer.shared.ledger())
    }

    @Test func declarationsKeepMakingFactories() {
        // `self { … }` with no parameter, and with one of another type, still declare
        // factories next to the resolving overload.
        let container = Container()
        #expect(container.pagedLedger(3).label == "page 3")
        #expect(container.ledger().label == "live")
    }
}
