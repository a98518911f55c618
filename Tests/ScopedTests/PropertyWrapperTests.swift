import Scoped
import Testing

/// A plain test dependency: property wrappers resolve factories by key path, which
/// cannot carry a tracker, so these tests prove identity and release directly.
private final class Gear: Sendable {}

// `@Injected(\.x)` resolves from `Container.shared`, which every test of the process
// shares: each test uses registrations of its own.
extension Container {
    fileprivate var injectedUnique: Factory<Gear> { self { Gear() } }
    fileprivate var injectedCached: Factory<Gear> { self { Gear() }.cached }
    fileprivate var lazyInjectedCached: Factory<Gear> { self { Gear() }.cached }
    fileprivate var weakLazyShared: Factory<Gear> { self { Gear() }.shared }
    fileprivate var weakLazyScoped: Factory<Gear> { self { Gear() }.scoped }
    fileprivate var inContainerScoped: Factory<Gear> { self { Gear() }.scoped }
}

private final class WrapperContainer: SharedContainer {
    static let shared = WrapperContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }

    var session: Factory<Gear> { self { Gear() }.cached }
    var sharedSession: Factory<Gear> { self { Gear() }.shared }
}

private final class EagerOwner {
    @Injected(\.injectedUnique) var unique: Gear
    @Injected(\.injectedCached) var cached: Gear
    @Injected(\WrapperContainer.session) var session: Gear
}

private final class LazyOwner {
    @LazyInjected(\.lazyInjectedCached) var cached: Gear
    @LazyInjected(\WrapperContainer.session) var session: Gear
}

private final class FlowOwner {
    @Injected var eager: Gear
    @LazyInjected var lazy: Gear
    @WeakLazyInjected var weak: Gear?

    init(flow: Container) {
        _eager = Injected(\.inContainerScoped, in: flow)
        _lazy = LazyInjected(\.inContainerScoped, in: flow)
        _weak = WeakLazyInjected(\.weakLazyScoped, in: flow)
    }
}

private final class CustomFlowOwner {
    @Injected var session: Gear
    @WeakLazyInjected var shared: Gear?

    init(container: WrapperContainer) {
        _session = Injected(\.session, in: container)
        _shared = WeakLazyInjected(\.sharedSession, in: container)
    }
}

@Suite struct PropertyWrapperTests {
    @Test func injectedResolvesWhenTheOwnerIsMade() {
        let owner = EagerOwner()
        let other = EagerOwner()
        #expect(owner.unique !== other.unique)
        #expect(owner.cached === other.cached)
        #expect(owner.cached === Container.shared.injectedCached())
    }

    @Test func injectedWorksWithACustomContainer() {
        let owner = EagerOwner()
        #expect(owner.session === WrapperContainer.shared.session())
        #expect(owner.session !== Container.shared.injectedCached())
    }

    @Test func lazyInjectedResolvesOnFirstAccess() {
        let owner = LazyOwner()
        #expect(!owner.$cached.isResolved)
        #expect(!owner.$session.isResolved)
        let cached = owner.cached
        #expect(owner.$cached.isResolved)
        #expect(owner.cached === cached)
        #expect(cached === Container.shared.lazyInjectedCached())
        #expect(owner.session === WrapperContainer.shared.session())
    }

    @Test func weakLazyInjectedDoesNotKeepTheInstance() {
        final class Owner {
            @WeakLazyInjected(\.weakLazyShared) var gear: Gear?
        }
        let owner = Owner()
        var strong: Gear? = Container.shared.weakLazyShared()
        #expect(owner.gear === strong)
        weak let watched = strong
        strong = nil
        #expect(watched == nil)
        #expect(owner.gear == nil)   // gone, and not resolved again
    }

    @Test func weakLazyInjectedResolvesOnFirstAccessOnly() {
        final class Owner {
            @WeakLazyInjected var gear: Gear?
            init(container: WrapperContainer) { _gear = WeakLazyInjected(\.session, in: container) }
        }
        let container = WrapperContainer()
        let owner = Owner(container: container)
        #expect(container.inspection.heldCount == 0)
        let gear = owner.gear
        #expect(container.inspection.heldCount == 1)
        #expect(gear === container.session())
        #expect(owner.gear === gear)
    }

    @Test func weakLazyInjectedWorksWithCustomContainerKeyPaths() {
        final class Owner {
            @WeakLazyInjected(\WrapperContainer.sharedSession) var gear: Gear?
        }
        let owner = Owner()
        let held = WrapperContainer.shared.sharedSession()
        #expect(owner.gear === held)
    }

    @Test func wrappersResolveInTheGivenContainer() {
        let container = Container()
        let flow = container.child("flow")
        let owner = FlowOwner(flow: flow)
        #expect(owner.eager === flow.inContainerScoped())
        #expect(owner.lazy === owner.eager)
        #expect(owner.eager !== container.inContainerScoped())
        #expect(owner.weak === flow.weakLazyScoped())
        flow.close()
        #expect(owner.weak == nil)   // the scope released it; the wrapper kept it weakly
    }

    @Test func wrappersResolveInAGivenCustomContainer() {
        let container = WrapperContainer()
        let owner = CustomFlowOwner(container: container)
        #expect(owner.session === container.session())
        #expect(owner.session !== WrapperContainer.shared.session())
        let held = container.sharedSession()
        #expect(owner.shared === held)
    }
}
