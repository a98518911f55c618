import Foundation
import Scoped
import Testing

/// Every misuse stops the process with a message naming the registrations involved.
/// Each scenario runs in a child process (an exit test) and the exact message is checked.
@Suite struct MisuseExitTests {
    // MARK: Circular dependencies

    @Test func cycleAcrossAChildAndItsParent() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = MisuseContainer().child("flow").flowModel()
        }
        #expect(stopMessage(of: result)
            == "Scoped: circular dependency: flowModel (FlowModel) → rootStore (RootStore) → flowModel")
        // The second line says where to look: the app's frames in the backtrace, and the
        // line of each registration's `self { … }` call.
        #expect(whereToLook(in: result) == "Scoped: where to look: the first frame of your code in the backtrace "
            + "made the call that stopped; the self { … } calls are at \(MisuseContainer.flowModelSite) for "
            + "flowModel (FlowModel), \(MisuseContainer.rootStoreSite) for rootStore (RootStore)")
    }

    /// The declaration has no dependency; the override registered in its place does. The
    /// message marks the build whose override's body is running.
    @Test func cycleThroughAnOverride() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = MisuseContainer()
            container.overridden.register { CrossA(container.overrideTarget()) }
            _ = container.overridden()
        }
        #expect(stopMessage(of: result)
            == "Scoped: circular dependency: overridden (CrossA, override) → overrideTarget (CrossB) → overridden")
    }

    @Test func cycleThroughALazy() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = MisuseContainer().lazyOwner()
        }
        #expect(stopMessage(of: result)
            == "Scoped: circular dependency: lazyOwner (LazyOwner) → lazyTarget (LazyTarget) → lazyOwner")
    }

    /// Two threads each build one half of a cycle at the same time: neither can finish,
    /// and the one that would wait second stops with the chain instead of hanging.
    @Test func asyncFactoryWithTheGraphScope() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = MisuseContainer().asyncGraph
        }
        #expect(stopMessage(of: result) == "Scoped: asyncGraph (Gadget) is an async factory and cannot use .graph, "
            + "the scope of one synchronous resolve (use .unique, or a caching scope)")
    }

    /// Given at run time, as a statement or after `register`, `.graph` used to be stored
    /// silently and behave as `.unique` (a fifth new-user evaluation, finding 3).
    @Test func asyncFactoryGivenTheGraphScopeAtRunTime() async {
        let statement = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            MisuseContainer().asyncGadget.scope(.graph)
        }
        let afterRegister = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            MisuseContainer().asyncGadget.register { Gadget() }.scope(.graph)
        }
        for result in [statement, afterRegister] {
            #expect(stopMessage(of: result) == "Scoped: asyncGadget (Gadget) is an async factory and cannot use .graph, "
                + "the scope of one synchronous resolve (use .unique, or a caching scope)")
        }
    }

    @Test func cycleBetweenAsyncFactories() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = try? await MisuseContainer().asyncA()
        }
        #expect(stopMessage(of: result)
            == "Scoped: circular dependency between async factories: asyncA (AsyncA) → asyncB (AsyncB) → asyncA")
    }

    /// As the synchronous message, an async cycle marks the build whose override runs.
    @Test func cycleBetweenAsyncFactoriesThroughAnOverride() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = MisuseContainer()
            container.asyncB.register { (c: MisuseContainer) in AsyncB(try await c.asyncA()) }
            _ = try? await container.asyncB()
        }
        #expect(stopMessage(of: result)
            == "Scoped: circular dependency between async factories: asyncB (AsyncB, override) → asyncA (AsyncA) → asyncB")
    }

    /// As the synchronous message, an async cycle through parameters names the parameter
    /// of every step, the closing one too (one frame type and one cycle check for both).
    @Test func cycleBetweenAsyncPerParameterBuildsNamesTheParameters() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = try? await MisuseContainer().asyncLoop(1)
        }
        #expect(stopMessage(of: result)
            == "Scoped: circular dependency between async factories: asyncLoop[1] (Gadget) → asyncLoop[2] (Gadget) "
            + "→ asyncLoop[1]")
    }

    /// Two tasks each start one build; each body then awaits the other's build.
    @Test func cycleBetweenAsyncFactoriesAcrossTasks() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = MisuseContainer()
            async let a = container.crossAsyncA()
            async let b = container.crossAsyncB()
            _ = try? await (a, b)
        }
        let acceptable = [
            "Scoped: circular dependency between async factories across tasks: "
                + "crossAsyncA (AsyncA) → crossAsyncB (AsyncB) → crossAsyncA",
            "Scoped: circular dependency between async factories across tasks: "
                + "crossAsyncB (AsyncB) → crossAsyncA (AsyncA) → crossAsyncB",
        ]
        #expect(acceptable.contains(stopMessage(of: result) ?? ""), "\(standardErrorText(of: result))")
    }

    @Test func cycleAcrossTwoThreads() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = MisuseContainer()
            onThreads(2) { thread in
                if thread == 0 { _ = container.crossA() } else { _ = container.crossB() }
            }
        }
        let acceptable = [
            "Scoped: circular dependency across threads: this thread waits for crossB (CrossB), "
                + "which waits for crossA (CrossA), which is built by this thread",
            "Scoped: circular dependency across threads: this thread waits for crossA (CrossA), "
                + "which waits for crossB (CrossB), which is built by this thread",
        ]
        #expect(acceptable.contains(stopMessage(of: result) ?? ""), "\(standardErrorText(of: result))")
        // Both registrations of the loop are located.
        let located = whereToLook(in: result) ?? ""
        #expect(located.contains(" for crossA (CrossA)") && located.contains(" for crossB (CrossB)"), "\(located)")
    }

    @Test func cachedResolveThroughAClosedRoot() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let root = MisuseContainer()
            announce("root", root.inspection.displayName)
            root.close()
            _ = root.cachedGadget()
        }
        let root = announced("root", in: result) ?? "?"
        #expect(stopMessage(of: result)
            == "Scoped: cannot resolve cachedGadget (Gadget) as .cached: container \(root) is closed (resolve it before close())")
    }

    /// The same across threads, with a Lazy in the cycle: one thread resolves the thunk
    /// (whose factory waits for the other thread's build), the other thread's build calls
    /// the thunk.
    @Test func cycleAcrossTwoThreadsThroughALazy() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = MisuseContainer()
            let thunk = container.lazyGadget.lazy
            MisuseRendezvous.thunk.withLock { $0 = thunk }
            onThreads(2) { thread in
                if thread == 0 { _ = thunk() } else { _ = container.gadgetUser() }
            }
        }
        let acceptable = [
            "Scoped: circular dependency across threads: this thread waits for gadgetUser (FlowModel), "
                + "which waits for Lazy<Gadget>, which is built by this thread",
            "Scoped: circular dependency across threads: this thread waits for Lazy<Gadget>, "
                + "which waits for gadgetUser (FlowModel), which is built by this thread",
        ]
        #expect(acceptable.contains(stopMessage(of: result) ?? ""), "\(standardErrorText(of: result))")
    }

    // MARK: Closed lifetime scopes

    /// Factory's container calls on a closed lifetime scope stop, as `register` on it does (#41).
    @Test(arguments: ["push()", "pop()", "reset(scope: .scoped)", "reset(options: .registration)"])
    func containerCallOnAClosedScope(call: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [call] in
            let flow = MisuseContainer().child("flow")
            announce("scope", flow.inspection.displayName)
            if call == "pop()" { flow.manager.push() }
            flow.close()
            switch call {
            case "push()": flow.manager.push()
            case "pop()": flow.manager.pop()
            case "reset(scope: .scoped)": flow.manager.reset(scope: .scoped)
            default: flow.manager.reset(options: .registration)
            }
        }
        let scope = announced("scope", in: result) ?? "?"
        #expect(stopMessage(of: result) == "Scoped: cannot \(call) on \(scope): that lifetime scope is closed")
    }

    @Test func scopedResolveOnAClosedScope() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let flow = MisuseContainer().child("flow")
            announce("scope", flow.inspection.displayName)
            flow.close()
            _ = flow.gadget()
        }
        let scope = announced("scope", in: result) ?? "?"
        #expect(stopMessage(of: result) == "Scoped: cannot resolve gadget (Gadget) as .scoped: lifetime scope \(scope) "
            + "is closed (resolve it before close(), or from an open child)")
    }

    /// A `deinit` that `close()` runs and that resolves through the closing scope: the stop
    /// names what the close was releasing (a new user's stop gave no hint of the close).
    @Test func scopedResolveFromADeinitThatCloseRuns() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let flow = MisuseContainer().child("flow")
            announce("scope", flow.inspection.displayName)
            _ = flow.gadgetInDeinit()
            flow.close()
        }
        let scope = announced("scope", in: result) ?? "?"
        #expect(stopMessage(of: result) == "Scoped: cannot resolve gadget (Gadget) as .scoped: lifetime scope \(scope) "
            + "is closed (resolve it before close(), or from an open child) (while close() of \(scope) released "
            + "gadgetInDeinit (GadgetInDeinit))")
    }

    /// The stop names the build whose body made the resolve, as every stop made inside a
    /// body does, and says where both registrations are declared.
    @Test func scopedResolveOnAClosedScopeFromAUniqueBody() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let flow = MisuseContainer().child("flow")
            announce("scope", flow.inspection.displayName)
            flow.close()
            _ = flow.gadgetHolder()
        }
        let scope = announced("scope", in: result) ?? "?"
        #expect(stopMessage(of: result) == "Scoped: cannot resolve gadget (Gadget) as .scoped: lifetime scope \(scope) "
            + "is closed (resolve it before close(), or from an open child) (while building gadgetHolder (FlowModel))")
        #expect(whereToLook(in: result) == "Scoped: where to look: the first frame of your code in the backtrace "
            + "made the call that stopped; the self { … } calls are at \(MisuseContainer.gadgetSite) for "
            + "gadget (Gadget), \(MisuseContainer.gadgetHolderSite) for gadgetHolder (FlowModel)")
    }

    /// The same through an override's body, registered at the root, that resolves from the
    /// closed scope it captured.
    @Test func scopedResolveOnAClosedScopeFromAnOverride() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let root = MisuseContainer()
            let flow = root.child("flow")
            announce("scope", flow.inspection.displayName)
            root.gadgetHolder.register { FlowModel([flow.gadget()]) }
            flow.close()
            _ = root.gadgetHolder()
        }
        let scope = announced("scope", in: result) ?? "?"
        #expect(stopMessage(of: result) == "Scoped: cannot resolve gadget (Gadget) as .scoped: lifetime scope \(scope) "
            + "is closed (resolve it before close(), or from an open child) (while building gadgetHolder (FlowModel))")
    }

    @Test func perParameterResolveInAScopeClosedWithItsParent() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let flow = MisuseContainer().child("flow")
            let step = flow.child("step")
            announce("scope", step.inspection.displayName)
            flow.close()
            _ = step.gadgetItem(3)
        }
        let scope = announced("scope", in: result) ?? "?"
        #expect(stopMessage(of: result) == "Scoped: cannot resolve gadgetItem[3] (Gadget) as .scoped: lifetime scope "
            + "\(scope) is closed (resolve it before close(), or from an open child)")
    }

    @Test func lazyMadeBeforeCloseCalledAfter() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let flow = MisuseContainer().child("flow")
            announce("scope", flow.inspection.displayName)
            let later = flow.gadget.lazy
            flow.close()
            _ = later()
        }
        let scope = announced("scope", in: result) ?? "?"
        #expect(stopMessage(of: result) == "Scoped: cannot resolve gadget (Gadget) as .scoped: lifetime scope \(scope) "
            + "is closed (resolve it before close(), or from an open child)")
    }

    @Test func overrideOwnedByAClosedScope() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let flow = MisuseContainer().child("flow")
            announce("scope", flow.inspection.displayName)
            flow.cachedGadget.register { Gadget() }
            flow.close()
            _ = flow.cachedGadget()
        }
        let scope = announced("scope", in: result) ?? "?"
        #expect(stopMessage(of: result) == "Scoped: cannot resolve cachedGadget (Gadget) as .cached: lifetime scope "
            + "\(scope) is closed (resolve it before close(), or from an open child)")
    }

    /// A `register` on a closed scope stops at the `register`, not at the next resolve.
    @Test func registerOnAClosedScope() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let flow = MisuseContainer().child("flow")
            announce("scope", flow.inspection.displayName)
            flow.close()
            flow.cachedGadget.register { Gadget() }
        }
        let scope = announced("scope", in: result) ?? "?"
        #expect(stopMessage(of: result)
            == "Scoped: cannot register or change an override of cachedGadget (Gadget) on \(scope) (register, or a context "
            + "modifier, .decorator, .scope or .timeToLive written as a statement): that lifetime scope is closed")
    }

    /// A run-time modifier on a closed scope stops the same way, and the message does not
    /// claim a `register` the code never made (a new-user evaluation's finding).
    @Test func aDecoratorStatementOnAClosedScope() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let flow = MisuseContainer().child("flow")
            announce("scope", flow.inspection.displayName)
            flow.close()
            flow.cachedGadget.decorator { _ in }
        }
        let scope = announced("scope", in: result) ?? "?"
        #expect(stopMessage(of: result)
            == "Scoped: cannot register or change an override of cachedGadget (Gadget) on \(scope) (register, or a context "
            + "modifier, .decorator, .scope or .timeToLive written as a statement): that lifetime scope is closed")
    }

    @Test func registerOnAClosedContainer() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let root = MisuseContainer()
            announce("scope", root.inspection.displayName)
            root.close()
            root.asyncA.register { throw CancellationError() }
        }
        let scope = announced("scope", in: result) ?? "?"
        #expect(stopMessage(of: result)
            == "Scoped: cannot register or change an override of asyncA (AsyncA) on \(scope) (register, or a context "
            + "modifier, .decorator, .scope or .timeToLive written as a statement): that container is closed")
    }

    @Test func childOfAClosedScope() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let flow = MisuseContainer().child("flow")
            announce("scope", flow.inspection.displayName)
            flow.close()
            _ = flow.child("late")
        }
        let scope = announced("scope", in: result) ?? "?"
        #expect(stopMessage(of: result) == "Scoped: cannot open a child of \(scope): that lifetime scope is closed")
        // No registration involved: the second line points at the backtrace only.
        #expect(whereToLook(in: result)
            == "Scoped: where to look: the first frame of your code in the backtrace made the call that stopped")
    }

    // MARK: Main actor

    @Test func mainActorBodyResolvedOffTheMainActor() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = MisuseContainer()
            // `container.mainScreen()` here does not compile (Tests/Fixtures/CompileFailures);
            // the runtime-checked factory underneath is what a Swift 5-mode caller reaches.
            onThreads(1) { _ in _ = container.mainScreen.factory() }
        }
        #expect(stopMessage(of: result) == "Scoped: mainScreen (MainScreen) has a @MainActor body and was resolved "
            + "off the main actor; resolve it from main-actor code or with `await resolve()`")
    }

    @Test func mainActorBodyReachedFromABackgroundBody() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = MisuseContainer()
            onThreads(1) { _ in _ = container.worker() }
        }
        #expect(stopMessage(of: result) == "Scoped: mainScreen (MainScreen) has a @MainActor body and was resolved "
            + "off the main actor; resolve it from main-actor code or with `await resolve()` "
            + "(while building worker (Worker))")
    }

    // MARK: Overrides

    @Test func overrideOfTheWrongShape() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = MisuseContainer()
            container.keyedGadgetByName.register { _ in Gadget() }
            _ = container.keyedGadget()
        }
        #expect(stopMessage(of: result) == "Scoped: the override of sharedKey (Gadget) does not produce Gadget from ()")
    }
}
