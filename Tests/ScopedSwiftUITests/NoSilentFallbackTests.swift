// Issue #37, items 2 and 3: no silent fallback to the root, no crash after close. A view
// model that would have landed in the root for the app's lifetime (under a closed scope,
// with no `.lifetimeScope` above its view) lives in a lifetime scope of its slot's own,
// released with the slot; a lazy property wrapper's first access after its scope closed
// gets an instance of its own instead of a stop. Each is a `misuse` event (and a fault in
// the log).
import Foundation
import Scoped
import ScopedSwiftUI
import Testing

/// The `misuse` events a container (and its children) reported, as their lines without
/// the sequence number: `misuse cart (ScreenCart) scoped in screen#4: …`.
final class MisuseLog: @unchecked Sendable {  // `lock` guards `lines` and `reasons`.
    private let lock = NSLock()
    private var lines: [String] = []
    private var reasonList: [LifecycleEvent.Misuse.Reason] = []
    private var eventList: [LifecycleEvent] = []
    private var observation: LifecycleObservation?

    init(_ container: Container) {
        observation = container.observe { [weak self] event in
            guard event.kind == .misuse, let self, let misuse = event.misuse else { return }
            let line = event.description.drop { $0 != " " }.dropFirst()
            self.lock.withLock {
                self.lines.append(String(line))
                self.reasonList.append(misuse.reason)
                self.eventList.append(event)
            }
        }
    }

    deinit { observation?.cancel() }

    var all: [String] { lock.withLock { lines } }
    var reasons: [LifecycleEvent.Misuse.Reason] { lock.withLock { reasonList } }
    var events: [LifecycleEvent] { lock.withLock { eventList } }
}

/// A view model that takes its cart lazily, as a Factory user writes it.
@MainActor final class CheckoutVM {
    @LazyInjected(\.screenCart) var cart: ScreenCart
    @WeakLazyInjected(\.screenCart) var weakCart: ScreenCart?
    @DynamicInjected(\.screenCart) var dynamicCart: ScreenCart
}

extension Container {
    @MainActor var checkoutVM: MainActorFactory<CheckoutVM> { self { @MainActor in CheckoutVM() }.scoped }
    var sharedSessionVM: Factory<SessionVM> { self { SessionVM(source: "shared") }.shared }
}

@Suite @MainActor struct NoSilentFallbackTests {
    /// A view rendered again after its flow closed (a dismissal in progress): the `.scoped`
    /// view model is built in a scope of the slot's own, not in the root.
    @Test func aViewModelBuiltUnderAClosedScopeLivesInAScopeOfItsSlotsOwn() throws {
        try LifeLog.$current.withValue(LifeLog()) {
            let root = Container()
            let misuse = MisuseLog(root)
            let flow = root.child("flow")
            let environment = ContainerEnvironment().with(root).with(flow)
            flow.close()
            weak var built: SessionVM?
            var ownName = ""
            do {
                let slot = installed(ViewModelSlot(\.sessionVM))
                built = slot.value(in: environment)
                #expect(root.heldInstanceCount == 0, "the root keeps nothing")
                let own = try #require(slot.ownLifetimeScope as? Container)
                ownName = own.inspection.displayName
                #expect(own.sessionVM() === built, "the slot's own scope holds it")
            }
            #expect(built == nil, "released with the slot")
            #expect(misuse.reasons == [.resolvedUnderClosedScope])
            let flowName = flow.inspection.displayName
            let expected: String = "misuse sessionVM (SessionVM) in \(ownName): sessionVM (SessionVM) was built for a view "
                + "under a lifetime scope that is closed already (\(flowName)): "
                + "a view rendered again after its flow closed; built in a lifetime scope of the view's own, "
                + "released with the view, not kept by the root"
            #expect(misuse.all == [expected])
            #expect(ownName.hasPrefix("sessionVM (SessionVM)#"), "the slot's own scope is named by the registration")
            #expect(misuse.events.first?.declaration == sessionVMDeclaration)
            #expect(LifeLog.current.log == ["init SessionVM#1 live", "deinit SessionVM#1"])
        }
    }

    /// A `.scoped` view model with no `.lifetimeScope` above its view.
    @Test func aScopedViewModelWithNoLifetimeScopeAboveLivesInAScopeOfItsSlotsOwn() {
        LifeLog.$current.withValue(LifeLog()) {
            let root = Container()
            let misuse = MisuseLog(root)
            weak var built: SessionVM?
            do {
                let slot = installed(ViewModelSlot(\.sessionVM))
                built = slot.value(in: ContainerEnvironment().with(root))
                #expect(root.heldInstanceCount == 0, "the root keeps nothing")
            }
            #expect(built == nil, "released with the slot")
            #expect(misuse.reasons == [.noLifetimeScope])
            #expect(misuse.all.first?.hasSuffix(
                ": sessionVM (SessionVM) was built for a view with no .lifetimeScope above it, and it (or what it resolved) is "
                    + ".scoped: it lives in a lifetime scope of the view's own, released with the view; add "
                    + ".lifetimeScope(\"name\") to the screen that owns it, or give it another scope") == true)
        }
    }

    /// The debug stop of a read before installation names the view model, the view (where
    /// the wrapper is declared, which the wrappers pass) and the fix.
    @Test(.enabled(if: _isDebugAssertConfiguration(), "a release build keeps going (the test below)"))
    func aReadBeforeInstallationStopsNamingTheViewModelAndTheView() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let slot = ViewModelSlot(\.sessionVM)
            slot.site = "Checkout/DetailScreen.swift:12"   // what `@ScopedObject` passes
            _ = slot.value(in: ContainerEnvironment())
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let expected: String =
            "Scoped: sessionVM (SessionVM) (@ScopedObject or @ScopedObservable at Checkout/DetailScreen.swift:12) was "
                + "read through @ScopedObject or @ScopedObservable before SwiftUI installed its view, so it would resolve "
                + "from Container.shared instead of the view's scope: read it in body (or in a closure body hands to "
                + "SwiftUI), not in the view's init, a helper called from it, or a type that is not a View\n"
                + "Scoped: where to look: the first frame of your code in the backtrace made the call that stopped; "
                + "the self { … } calls are at \(sessionVMDeclaration) for sessionVM (SessionVM)\n"
        #expect(output.contains(expected))
    }

    /// A `.shared` view model needs no lifetime scope: nothing is reported.
    @Test func aSharedViewModelWithNoLifetimeScopeIsNoMisuse() {
        LifeLog.$current.withValue(LifeLog()) {
            let root = Container()
            let misuse = MisuseLog(root)
            let slot = installed(ViewModelSlot(\.sharedSessionVM))
            #expect(slot.value(in: ContainerEnvironment().with(root)) === root.sharedSessionVM())
            #expect(misuse.all.isEmpty)
        }
    }

    /// A `.lifetimeScope` appearing under a closed scope opens in the nearest open
    /// container, reported; its view still closes it.
    @Test func aScopeOpenedUnderAClosedScopeOpensInTheNearestOpenContainerReported() {
        let root = Container()
        let misuse = MisuseLog(root)
        let flow = root.child("flow")
        flow.close()
        let owner = LifetimeScopeOwner<Container>("late")
        let late = owner.scope(for: ContainerEnvironment().with(root).with(flow))
        #expect(!late.isClosed)
        #expect(misuse.reasons == [.openedUnderClosedScope])
        owner.close()
        #expect(late.isClosed)
    }

    /// A lazy wrapper's first access after its scope closed (a `.task` resuming after a
    /// pop): an instance for that caller alone, kept by nobody, reported; no stop.
    @Test func aLazyWrappersFirstAccessAfterItsScopeClosedGetsAnInstanceOfItsOwn() {
        LifeLog.$current.withValue(LifeLog()) {
            let root = Container()
            let misuse = MisuseLog(root)
            let (owner, scope) = screenScope(in: root)
            let viewModel = installed(ViewModelSlot(\.checkoutVM)).value(in: ContainerEnvironment().with(root).with(scope))
            owner.close()   // the screen was popped
            #expect(viewModel.cart === viewModel.cart, "the wrapper keeps what it got")
            _ = viewModel.weakCart
            #expect(viewModel.weakCart == nil, "held weakly, kept by nobody")
            _ = viewModel.dynamicCart
            #expect(root.heldInstanceCount == 0, "nothing went to the root")
            #expect(misuse.reasons == [.resolvedAfterScopeClosed, .resolvedAfterScopeClosed, .resolvedAfterScopeClosed])
            let name = scope.inspection.displayName
            let expected: String = "misuse screenCart (ScreenCart) scoped in \(name): "
                + "screenCart (ScreenCart) was resolved through a property wrapper (@LazyInjected, @WeakLazyInjected, "
                + "@DynamicInjected) after its lifetime scope \(name) closed (a .task resuming after its "
                + "view went, a sink): built for that caller alone and kept by nobody, instead of stopping; end the "
                + "work when the scope closes (check the view's lifetimeScope?.isClosed, or Task.isCancelled in a .task)"
            #expect(misuse.all.first == expected)
        }
    }

    /// The same in a process of its own: on the code before #37 the first access stopped
    /// the process (`cannot resolve screenCart (ScreenCart) as .scoped: lifetime scope
    /// screen#2 is closed`).
    @Test func aLazyWrappersFirstAccessAfterItsScopeClosedDoesNotStopTheProcess() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let root = Container()
                let (owner, scope) = screenScope(in: root)
                let viewModel = installed(ViewModelSlot(\.checkoutVM)).value(in: ContainerEnvironment().with(root).with(scope))
                owner.close()
                _ = viewModel.cart
            }
        }
    }

    /// Item 4: the view's own scope is observable, closed or not, where the subscript (and
    /// `@Environment(\.container)`) passes over it: a `.task`'s guard can fire.
    @Test func theViewsOwnScopeIsObservableClosed() {
        let root = Container()
        let (owner, scope) = screenScope(in: root)
        let environment = ContainerEnvironment().with(root).with(scope)
        #expect(environment.lifetimeScope() === scope)
        #expect(environment.lifetimeScope()?.isClosed == false)
        owner.close()   // the screen was popped; a `.task` still runs
        #expect(environment[Container.self] === root, "the subscript passes over it")
        #expect(environment.lifetimeScope() === scope)
        #expect(environment.lifetimeScope()?.isClosed == true, "the guard fires")
        #expect(ContainerEnvironment().with(root).lifetimeScope() === root)
        #expect(ContainerEnvironment().lifetimeScope() == nil)
    }

    /// In a release build (where the debug stop is compiled out: run with
    /// `swift test -c release --filter aReadBeforeInstallationInARelease`), a read before
    /// installation builds the view model in a scope of the slot's own, keeps it there and
    /// reports it; the root keeps nothing.
    @Test(.enabled(if: !_isDebugAssertConfiguration(), "the debug build stops instead (exit test above)"))
    func aReadBeforeInstallationInAReleaseBuildKeepsNothingInTheRoot() {
        let misuse = MisuseLog(Container.shared)
        let slot = ViewModelSlot(\.sessionVM)   // never installed: read as a view's init would
        let first = slot.value(in: ContainerEnvironment())
        #expect(slot.value(in: ContainerEnvironment()) === first, "kept by the slot")
        #expect((slot.ownLifetimeScope as? Container)?.sessionVM() === first, "in a scope of the slot's own")
        #expect(misuse.reasons.contains(.readBeforeInstallation))
    }
}

/// A slot made from a key path names the view model by its registration, as every other
/// message of Scoped does (`detailVM[3] (DetailVM)`), fills the `misuse` event's
/// registration and names its own scope by it; a slot made from a closure knows only the type.
@Suite @MainActor struct SlotMessagesNameTheRegistrationTests {
    @Test func aPerParameterViewModelsMisuseEventNamesTheRegistrationAndTheParameter() throws {
        LifeLog.$current.withValue(LifeLog()) {
            let root = Container()
            let misuse = MisuseLog(root)
            let slot = installed(ViewModelSlot(\.detailVM, 3))
            _ = slot.value(in: ContainerEnvironment().with(root))
            let ownName = (slot.ownLifetimeScope as? Container)?.inspection.displayName ?? "none"
            #expect(ownName.hasPrefix("detailVM[3] (DetailVM)#"))
            #expect(misuse.all == [
                "misuse detailVM[3] (DetailVM) in \(ownName): detailVM[3] (DetailVM) was built for a view with no "
                    + ".lifetimeScope above it, and it (or what it resolved) is .scoped: it lives in a lifetime scope "
                    + "of the view's own, released with the view; add .lifetimeScope(\"name\") to the screen that "
                    + "owns it, or give it another scope"
            ])
            let event = misuse.events.first
            #expect(event?.registration == "detailVM")
            #expect(event?.typeName == "DetailVM")
            #expect(event?.parameter == "3")
            #expect(event?.declaration?.hasPrefix("ScopedSwiftUITests/ScopedSwiftUITests.swift:") == true)
        }
    }

    @Test func aMainActorFactorysMisuseEventNamesTheRegistration() {
        let root = Container()
        let misuse = MisuseLog(root)
        let flow = root.child("flow")
        flow.close()
        _ = installed(ViewModelSlot(\.checkoutVM)).value(in: ContainerEnvironment().with(root).with(flow))
        #expect(misuse.events.map(\.subject) == ["checkoutVM (CheckoutVM)"])
        #expect(misuse.all.first?.contains(": checkoutVM (CheckoutVM) was built for a view under a lifetime scope") == true)
    }

    @Test func aSlotMadeFromAClosureNamesTheType() {
        LifeLog.$current.withValue(LifeLog()) {
            let root = Container()
            let misuse = MisuseLog(root)
            let slot = installed(ViewModelSlot { $0.sessionVM() })
            _ = slot.value(in: ContainerEnvironment().with(root))
            let ownName = (slot.ownLifetimeScope as? Container)?.inspection.displayName ?? "none"
            #expect(ownName.hasPrefix("SessionVM#"))
            #expect(misuse.all.first?.hasPrefix("misuse in \(ownName): SessionVM was built for a view with no") == true)
            #expect(misuse.events.first?.registration == nil)
        }
    }

    @Test(.enabled(if: _isDebugAssertConfiguration(), "a release build keeps going"))
    func aReadBeforeInstallationOfASlotMadeFromAClosureStopsNamingTheType() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ViewModelSlot { $0.sessionVM() }.value(in: ContainerEnvironment())
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains(
            "Scoped: SessionVM was read through @ScopedObject or @ScopedObservable before SwiftUI installed its view, "
                + "so it would resolve from Container.shared instead of the view's scope: read it in body (or in a "
                + "closure body hands to SwiftUI), not in the view's init, a helper called from it, or a type that is "
                + "not a View\nScoped: where to look: the first frame of your code in the backtrace made the call "
                + "that stopped\n"))
    }

    @Test(.enabled(if: _isDebugAssertConfiguration(), "a release build keeps going"))
    func aReadBeforeInstallationOfAPerParameterSlotNamesTheParameter() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ViewModelSlot(\.detailVM, 3).value(in: ContainerEnvironment())
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("Scoped: detailVM[3] (DetailVM) was read through @ScopedObject or @ScopedObservable"))
        #expect(output.contains(" for detailVM (DetailVM)\n"), "the where-to-look line names the registration")
    }
}
