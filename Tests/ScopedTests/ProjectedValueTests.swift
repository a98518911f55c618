import Scoped
import Testing

private final class Part: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

extension Container {
    fileprivate var cachedPart: Factory<Part> { self { Part("live") }.cached }
    fileprivate var sharedPart: Factory<Part> { self { Part("live") }.shared }
    fileprivate var uniquePart: Factory<Part> { self { Part("live") } }
}

/// Owners that resolve from a container of their own, so that tests running in parallel
/// never share overrides.
private final class PartOwner {
    @Injected var eager: Part
    @LazyInjected var lazy: Part
    @WeakLazyInjected var weak: Part?
    @DynamicInjected var dynamic: Part

    init(_ container: Container) {
        _eager = Injected(\.cachedPart, in: container)
        _lazy = LazyInjected(\.cachedPart, in: container)
        _weak = WeakLazyInjected(\.sharedPart, in: container)
        _dynamic = DynamicInjected(\.uniquePart, in: container)
    }
}

/// The property wrappers' projected values (#30): each gives its factory, and the
/// resolving wrappers resolve again on request.
@Suite struct ProjectedValueTests {
    @Test func injectedGivesItsFactoryInItsContainer() {
        let container = Container()
        let owner = PartOwner(container)
        #expect(owner.$eager.factory() === owner.eager)
        owner.$eager.factory.register { Part("mock") }
        #expect(owner.eager.label == "live")   // resolved at init, kept
        let again = owner.$eager.resolve()
        #expect(again.label == "mock")
        #expect(owner.eager === again)
        #expect(container.cachedPart() === owner.eager)
    }

    @Test func lazyInjectedReadsWithoutResolvingAndResolvesAgain() {
        let container = Container()
        let owner = PartOwner(container)
        #expect(!owner.$lazy.isResolved)
        #expect(owner.$lazy.resolvedOrNil() == nil)
        let first = owner.lazy
        #expect(first === owner.eager)           // .cached: the instance @Injected took
        #expect(owner.$lazy.isResolved)
        #expect(owner.$lazy.resolvedOrNil() === first)
        owner.$lazy.factory.register { Part("mock") }
        #expect(owner.lazy === first)            // kept until asked
        let second = owner.$lazy.resolve()
        #expect(second.label == "mock")
        #expect(owner.lazy === second)
        #expect(container.cachedPart() === second)
    }

    @Test func settingALazyInjectedThenResolvingGoesBackToTheFactory() {
        let container = Container()
        let owner = PartOwner(container)
        owner.lazy = Part("double")
        #expect(owner.$lazy.resolvedOrNil()?.label == "double")
        #expect(owner.$lazy.resolve() === container.cachedPart())
    }

    @Test func weakLazyInjectedResolvesAgainAfterItsInstanceIsReleased() {
        let container = Container()
        let owner = PartOwner(container)
        do {
            let held = owner.weak
            #expect(held != nil)
            #expect(owner.$weak.resolvedOrNil() === held)
        }
        #expect(owner.weak == nil)             // .shared: released with its last holder
        let again = owner.$weak.resolve()
        #expect(owner.weak === again)
        #expect(owner.$weak.factory() === again)
    }

    @Test func dynamicInjectedGivesTheFactoryEachReadResolves() {
        let container = Container()
        let owner = PartOwner(container)
        #expect(owner.dynamic !== owner.dynamic)   // .unique: one per read
        owner.$dynamic.factory.register { Part("mock") }
        #expect(owner.dynamic.label == "mock")
        owner.$dynamic.factory.reset()
        #expect(owner.dynamic.label == "live")
    }

    /// Factory's `$service.resolve()` on a dynamic wrapper: a resolve now, as a read is.
    @Test func dynamicInjectedResolvesOnRequest() {
        let container = Container()
        let owner = PartOwner(container)
        owner.$dynamic.factory.register { Part("mock") }
        #expect(owner.$dynamic.resolve().label == "mock")
        #expect(owner.$dynamic.resolve() !== owner.$dynamic.resolve())   // .unique: one per resolve
    }
}
