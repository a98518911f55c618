// Issue #37, item 1: what a build sees is decided by who holds its instance. A view model
// is built through a slot in a screen scope whose `.container { }` overrides `api`; while
// it is built, it resolves a service that the root holds (`.cached`, `.singleton`,
// `.shared`, `.graph`, a custom scope, an async build). That service must see the root's
// factories and overrides only — never the screen's mock, never the screen's `.scoped`
// cart — through every spelling: `self.x()`, `@Injected`, `@LazyInjected`,
// `@WeakLazyInjected`, `@DynamicInjected` and `dependency(\.x)`.
import Scoped
import ScopedSwiftUI
import Testing

protocol ProbeAPI: Sendable { var name: String { get } }
struct LiveProbeAPI: ProbeAPI { let name = "live" }
struct MockProbeAPI: ProbeAPI { let name = "mock" }

/// A screen's `.scoped` dependency; its deinit is recorded in the test's `LifeLog`.
final class ScreenCart: Sendable {
    private let lifeline = Lifeline("Cart", "")
    var number: Int { lifeline.number }
}

/// A service the root holds, taking its dependencies in every spelling there is.
@MainActor final class SessionService {
    /// From the factory body's `self.api()` and `self.cart()`.
    let bodyAPI: any ProbeAPI
    let bodyCart: ScreenCart
    @Injected(\.probeAPI) var api: any ProbeAPI
    @Injected(\.screenCart) var cart: ScreenCart
    @LazyInjected(\.probeAPI) var lazyAPI: any ProbeAPI
    @WeakLazyInjected(\.screenCart) var weakCart: ScreenCart?
    @DynamicInjected(\.probeAPI) var dynamicAPI: any ProbeAPI
    let dependencyAPI: any ProbeAPI = dependency(\.probeAPI)

    init(api: any ProbeAPI, cart: ScreenCart) {
        bodyAPI = api
        bodyCart = cart
    }

    /// What each spelling got: `["self.x(): live", …]`.
    var apiNames: [String] {
        ["self.x(): \(bodyAPI.name)", "@Injected: \(api.name)", "@LazyInjected: \(lazyAPI.name)",
         "@DynamicInjected: \(dynamicAPI.name)", "dependency(\\.x): \(dependencyAPI.name)"]
    }
}

/// The screen's view model: its own cart (the screen's), and the service, held by `holder`.
@MainActor final class ScreenVM {
    let cart: ScreenCart
    let session: SessionService
    init(cart: ScreenCart, session: SessionService) {
        self.cart = cart
        self.session = session
    }
}

extension Scope {
    static let probeSession = Scope.Cached(name: "probeSession")
}

extension Container {
    var probeAPI: Factory<any ProbeAPI> { self { LiveProbeAPI() }.cached }
    var screenCart: Factory<ScreenCart> { self { ScreenCart() }.scoped }

    @MainActor func session(heldBy holder: String) -> MainActorFactory<SessionService> {
        let factory = self { @MainActor in SessionService(api: self.probeAPI(), cart: self.screenCart()) }
        switch holder {
        case "cached": return factory.cached
        case "singleton": return factory.singleton
        case "shared": return factory.shared
        case "graph": return factory.graph
        default: return factory.scope(.probeSession)
        }
    }

    @MainActor func screenVM(heldBy holder: String) -> MainActorFactory<ScreenVM> {
        self { @MainActor in ScreenVM(cart: self.screenCart(), session: self.session(heldBy: holder)()) }.scoped
    }

    var asyncSession: AsyncFactory<AsyncSession> {
        self { AsyncSession(api: self.probeAPI(), cart: self.screenCart()) }.cached
    }
}

/// An async factory's instance, built with `self.x()`.
final class AsyncSession: Sendable {
    let api: any ProbeAPI
    let cart: ScreenCart
    init(api: any ProbeAPI, cart: ScreenCart) {
        self.api = api
        self.cart = cart
    }
}

/// A screen's lifetime scope as `.container { $0.probeAPI.register { MockProbeAPI() } }`
/// opens it: a view's owner, in `root`.
func screenScope(in root: Container, owner: LifetimeScopeOwner<Container>? = nil) -> (LifetimeScopeOwner<Container>, Container) {
    let owner = owner ?? LifetimeScopeOwner<Container>("screen") { $0.probeAPI.register { MockProbeAPI() } }
    return (owner, owner.scope(in: root))
}

@Suite @MainActor struct WhatABuildSeesTests {
    /// The shape, for each holder outside the view's scope chain.
    @Test(arguments: ["cached", "singleton", "shared", "graph", "custom scope"])
    func aServiceTheRootHoldsSeesTheRootsFactoriesOnly(holder: String) {
        LifeLog.$current.withValue(LifeLog()) {
            let root = Container()
            let (owner, scope) = screenScope(in: root)
            weak var screenCart: ScreenCart?
            var session: SessionService?
            do {
                let environment = ContainerEnvironment().with(root).with(scope)
                let slot = installed(ViewModelSlot(in: Container.self) { $0.screenVM(heldBy: holder)() })
                let viewModel = slot.value(in: environment)
                session = viewModel.session
                screenCart = viewModel.cart
                #expect(viewModel.cart === scope.screenCart(), "the view model's own cart is the screen's")
            }
            let service = try! #require(session)
            #expect(service.apiNames == [
                "self.x(): live", "@Injected: live", "@LazyInjected: live", "@DynamicInjected: live",
                "dependency(\\.x): live",
            ])
            #expect(service.bodyCart !== screenCart, "self.x(): not the screen's cart")
            #expect(service.cart !== screenCart, "@Injected: not the screen's cart")
            #expect(service.weakCart !== screenCart, "@WeakLazyInjected: not the screen's cart")
            owner.close()   // the screen goes
            #expect(screenCart == nil, "the screen's cart goes with the screen")
            #expect(root.probeAPI().name == "live")
        }
    }

    /// A lifetime scope app code opened and handed to the view (`.container(flow)`), not
    /// one a view opened: the same while the view model is built.
    @Test func aScopeHandedToTheViewIsTreatedAlike() {
        LifeLog.$current.withValue(LifeLog()) {
            let root = Container()
            let flow = root.child("flow")
            flow.probeAPI.register { MockProbeAPI() }
            let slot = installed(ViewModelSlot(in: Container.self) { $0.screenVM(heldBy: "cached")() })
            let viewModel = slot.value(in: ContainerEnvironment().with(root).with(flow))
            #expect(viewModel.session.apiNames == [
                "self.x(): live", "@Injected: live", "@LazyInjected: live", "@DynamicInjected: live",
                "dependency(\\.x): live",
            ])
            #expect(viewModel.session.bodyCart !== viewModel.cart)
            #expect(viewModel.session.cart !== viewModel.cart)
            #expect(flow.probeAPI().name == "mock", "the flow's own resolves still see its override")
        }
    }

    /// An async build the root holds, resolved through the view's scope (a `.task` reading
    /// the environment's container): its body's `self.x()` sees the root's factories.
    @Test func anAsyncServiceTheRootHoldsSeesTheRootsFactoriesOnly() async throws {
        try await LifeLog.$current.withValue(LifeLog()) {
            let root = Container()
            let (owner, scope) = screenScope(in: root)
            let screenCart = scope.screenCart().number
            let session = try await scope.asyncSession()
            #expect(session.api.name == "live")
            #expect(session.cart.number != screenCart, "not the screen's cart")
            #expect(try await root.asyncSession() === session, "held by the root")
            owner.close()
            #expect(LifeLog.current.log.contains("deinit Cart#\(screenCart)"))
        }
    }
}
