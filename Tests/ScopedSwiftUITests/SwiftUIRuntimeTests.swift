// The framework-free core driven as real SwiftUI drives the layer (issue #28): a slot
// resolves only once installed (SwiftUI's `update()` ran on the installed storage); a
// view model built for a view gets the view's overrides through `@Injected`; equal
// environments for an unchanged scope; a closed scope passed over instead of stopping.
import Foundation
import Scoped
import ScopedSwiftUI
import Testing

/// `slot`, marked installed as the wrappers' `update()` marks it.
func installed<T>(_ slot: ViewModelSlot<T>) -> ViewModelSlot<T> {
    slot.markInstalled()
    return slot
}

protocol Greeting: Sendable { var name: String { get } }
struct LiveGreeting: Greeting { let name = "live" }
struct MockGreeting: Greeting { let name = "mock" }

/// A view model that takes its services as a Factory user writes it: `@Injected`.
@MainActor final class ProfileVM {
    @Injected(\.greeting) var greeting: any Greeting
    @LazyInjected(\.greeting) var lazyGreeting: any Greeting
    @Injected(\FeatureContainer.featureGreeting) var featureGreeting: any Greeting
}

extension Container {
    var greeting: Factory<any Greeting> { self { LiveGreeting() } }
    @MainActor var profileVM: MainActorFactory<ProfileVM> { self { @MainActor in ProfileVM() }.scoped }
}

extension FeatureContainer {
    var featureGreeting: Factory<any Greeting> { self { LiveGreeting() } }
}

@Suite struct SlotInstallationTests {
    @Test(.enabled(if: _isDebugAssertConfiguration(), "a release build keeps going (NoSilentFallbackTests)"))
    func aSlotThatWasNeverInstalledRefusesToResolve() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let slot = ViewModelSlot(\.sessionVM)   // read as a view's init would read it
            _ = slot.value(in: ContainerEnvironment())
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let expected: String =
            "Scoped: sessionVM (SessionVM) was read through @ScopedObject or @ScopedObservable before SwiftUI "
                + "installed its view, so it would resolve from Container.shared instead of the view's "
                + "scope: read it in body (or in a closure body hands to SwiftUI), not in the "
                + "view's init, a helper called from it, or a type that is not a View\n"
                + "Scoped: where to look: the first frame of your code in the backtrace made the call that stopped; "
                + "the self { … } calls are at \(sessionVMDeclaration) for sessionVM (SessionVM)\n"
        #expect(output.contains(expected))
    }

    @Test func anInstalledSlotResolvesFromTheViewsScope() {
        LifeLog.$current.withValue(LifeLog()) {
            let flow = Container().child("flow")
            let slot = ViewModelSlot(\.sessionVM)
            #expect(!slot.isInstalled)
            slot.markInstalled()
            #expect(slot.isInstalled)
            #expect(slot.value(in: ContainerEnvironment().with(flow)) === flow.sessionVM())
            #expect(LifeLog.current.log == ["init SessionVM#1 live"])
        }
    }
}

@Suite @MainActor struct InjectionThroughTheViewsScopeTests {
    @Test func injectedPropertiesOfAViewModelBuiltForAViewSeeTheViewsOverrides() {
        let root = Container()
        let preview = root.child("preview")
        preview.greeting.register { MockGreeting() }
        let feature = FeatureContainer().child("feature")
        feature.featureGreeting.register { MockGreeting() }
        let environment = ContainerEnvironment().with(preview).with(feature)

        let viewModel = installed(ViewModelSlot(\.profileVM)).value(in: environment)
        #expect(viewModel === preview.profileVM(), "built once, in the view's scope")
        #expect(viewModel.greeting.name == "mock")
        #expect(viewModel.featureGreeting.name == "mock", "a custom container type: its nearest container")
        #expect(viewModel.lazyGreeting.name == "mock", "a lazy one resolves later from the container it was built in")
    }

    @Test func outsideAViewModelBuildInjectedResolvesFromShared() {
        let preview = Container().child("preview")
        preview.greeting.register { MockGreeting() }
        _ = installed(ViewModelSlot(\.profileVM)).value(in: ContainerEnvironment().with(preview))
        let built = ProfileVM()
        #expect(built.greeting.name == "live")
        #expect(built.lazyGreeting.name == "live")
        #expect(preview.profileVM().greeting.name == "mock", "the scope's instance is the one built for the view")
    }
}

@Suite struct ContainerEnvironmentEqualityTests {
    @Test func environmentsBuiltFromTheSameScopeCompareEqual() {
        let root = Container()
        let parent = ContainerEnvironment().with(root)
        // The modifier's path on two renders: the kept owner's scope, in the parent's environment.
        let owner = LifetimeScopeOwner<Container>("detail")
        let first = parent.with(owner.scope(in: parent[Container.self]))
        let second = parent.with(owner.scope(in: parent[Container.self]))
        #expect(first == second)
        #expect(ContainerEnvironment() == ContainerEnvironment())
    }

    @Test func aDifferentScopeOrOrderIsADifferentEnvironment() {
        let root = Container()
        let flow = root.child("flow")
        let other = root.child("other")
        let feature = FeatureContainer()
        let parent = ContainerEnvironment().with(root)
        #expect(parent.with(flow) != parent.with(other))
        #expect(parent != ContainerEnvironment())
        #expect(parent.with(flow).with(feature) != parent.with(feature).with(flow))
    }
}

@Suite @MainActor struct ClosedScopeInTheEnvironmentTests {
    @Test func aClosedScopeIsPassedOverForTheNearestOpenContainer() {
        LifeLog.$current.withValue(LifeLog()) {
            let root = Container()
            let flow = root.child("flow")
            let environment = ContainerEnvironment().with(root).with(flow)
            flow.close()   // app code closed it; a view below is still rendered (a dismissal)
            #expect(environment[Container.self] === root)
            // A `.lifetimeScope` appearing now opens its scope in root, not in the closed flow.
            let owner = LifetimeScopeOwner<Container>("late")
            let late = owner.scope(in: environment[Container.self])
            #expect(!late.isClosed)
            // A `@ScopedObject` read now neither stops nor leaves its view model in root
            // (#37): a scope of the slot's own holds it (NoSilentFallbackTests).
            let slot = installed(ViewModelSlot(\.sessionVM))
            _ = slot.value(in: environment)
            #expect(root.heldInstanceCount == 0)
            #expect(LifeLog.current.log == ["init SessionVM#1 live"])
        }
    }

    @Test func injectedPassesOverAClosedScopeToo() {
        let root = Container()
        root.greeting.register { MockGreeting() }
        let flow = root.child("flow")
        flow.greeting.register { LiveGreeting() }
        let environment = ContainerEnvironment().with(root).with(flow)
        flow.close()
        #expect(installed(ViewModelSlot(\.profileVM)).value(in: environment).greeting.name == "mock")
    }
}
