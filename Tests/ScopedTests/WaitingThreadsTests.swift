import Dispatch
import Foundation
import Scoped
import ScopedTesting
import Testing

// A caller waiting for a build gets that build's instance, whatever happens while it runs
// (ChoosingAScope, "Changes during a build"): a `close()`, `register` or reset during the
// build keeps the instance from being stored, not from reaching the threads already
// waiting for it. The async path keeps the same promise (AsyncRaceTests). Each test makes
// the change only once a second thread waits for the gated build, and runs 20 rounds.

private final class Item: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

extension Scope {
    /// A scope of these tests' own: `Scope.cached.reset()` would reach the other suites' instances.
    fileprivate static let waited = Scope.Cached(name: "waited")
}

extension Container {
    /// A `.scoped` dependency of the overtaken builds below.
    fileprivate func overtakenDependency(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("dependency", tracker) }.scoped
    }
    /// A view model whose body, once the gate lets it go on, resolves its `.scoped`
    /// dependency through the same container: in `scope`.
    fileprivate func overtakenModel(_ gate: Gate?, _ tracker: LifecycleTracker, _ scope: Scope) -> Factory<Probe> {
        self {
            gate?.pass()
            return Probe("model", tracker, holding: [self.overtakenDependency(tracker)()])
        }.scope(scope)
    }
    fileprivate func waitedScoped(_ gate: Gate) -> Factory<Item> {
        self { gate.pass(); return Item("declared") }.scoped
    }
    fileprivate func waitedCached(_ gate: Gate, _ bodies: Locked<Int>, in scope: Scope = .cached) -> Factory<Item> {
        self {
            bodies.withLock { $0 += 1 }
            gate.pass()
            return Item("declared")
        }.scope(scope)
    }
    fileprivate func waitedShared(_ gate: Gate) -> Factory<Item> {
        self { gate.pass(); return Item("declared") }.shared
    }
}

/// Resolves `resolve` on one thread, which builds (its body waits at `gate`), then on a
/// second one, which waits for that build; runs `change` once the second one waits
/// (`waiting` counts the waiting threads of the container whose storage holds the
/// instance), then lets the build finish. Returns what both threads got.
private func twoCallers(
    _ gate: Gate, waiting: @escaping () -> Int, resolve: @escaping @Sendable () -> Item, change: () -> Void
) -> (builder: Item, waiter: Item) {
    let builder = resolveOnNewThread(resolve)
    var waiter: (() -> Item)?
    gate.whileBuilding {
        waiter = resolveOnNewThread(resolve)
        let deadline = Date().addingTimeInterval(30)
        while waiting() == 0, Date() < deadline { sched_yield() }
        #expect(waiting() == 1, "the second caller never waited for the build")
        change()
    }
    return (builder(), waiter!())
}

@Suite struct WaitingThreadsTests {
    /// A close that overtakes a build whose body then resolves a `.scoped` dependency
    /// through the closed scope used to stop the process ("lifetime scope flow#2 is
    /// closed … while building model"; a fifth new-user evaluation, finding 1). The body
    /// is part of a build that began before the close: its dependency is built for it
    /// alone, its caller gets the instance, and the scope keeps neither.
    @Test(arguments: [Scope.scoped, .cached, .unique])
    func aCloseThatOvertakesABuildLetsItsBodyResolveThroughTheClosedScope(_ scope: Scope) {
        let tracker = LifecycleTracker()
        let root = Container()
        let flow = root.child("flow")
        let gate = Gate()
        let model = resolveOnNewThread { flow.overtakenModel(gate, tracker, scope)() }
        gate.whileBuilding { flow.close() }
        do {
            let built = model()
            #expect(built.dependencies.map(\.name) == ["dependency"])
            #expect(tracker.inits("model") == 1 && tracker.inits("dependency") == 1)
            #expect(tracker.deinits("model") == 0 && tracker.deinits("dependency") == 0)
        }
        if scope === Scope.cached {
            // The root's, not the flow's (its dependency, from the flow, a captive one).
            #expect(root.overtakenModel(nil, tracker, .cached)().label == "model#1")
        } else {
            // Kept by nobody: gone with the caller's reference.
            #expect(tracker.deinits("model") == 1 && tracker.deinits("dependency") == 1)
        }
    }

    /// A resolve that begins after the close still stops, from a build too.
    @Test func aBuildThatBeginsAfterTheCloseStillStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let tracker = LifecycleTracker()
            let flow = Container().child("flow")
            flow.close()
            _ = flow.overtakenModel(nil, tracker, .unique)()
        }
        #expect(standardError(of: result).contains(
            "cannot resolve overtakenDependency(_:) (Probe) as .scoped: lifetime scope flow#2 is closed"))
    }

    /// Closing the flow while its `.scoped` build runs and another thread waits for it
    /// used to stop that thread ("lifetime scope flow#2 is closed").
    @Test func aCloseDuringABuildHandsItsInstanceToTheWaitingThread() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            for round in 0..<20 {
                let root = Container()
                let flow = root.child("flow")
                let gate = Gate()
                weak var kept: Item?
                do {
                    let (builder, waiter) = twoCallers(
                        gate, waiting: { flow.inspection.threadsWaitingForBuilds },
                        resolve: { flow.waitedScoped(gate)() },
                        change: { round.isMultiple(of: 2) ? flow.close() : root.close() })
                    precondition(builder === waiter, "round \(round): the waiting thread got another instance")
                    kept = builder
                }
                precondition(kept == nil, "round \(round): the closed flow kept its instance")
            }
        }
        #expect(standardError(of: result) == "")
    }

    /// The same for a root's `.cached` instance and `root.close()`.
    @Test func aRootCloseDuringABuildHandsItsInstanceToTheWaitingThread() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            for round in 0..<20 {
                let root = Container()
                let gate = Gate()
                let bodies = Locked(0)
                weak var kept: Item?
                do {
                    let (builder, waiter) = twoCallers(
                        gate, waiting: { root.inspection.threadsWaitingForBuilds },
                        resolve: { root.waitedCached(gate, bodies)() }, change: { root.close() })
                    precondition(builder === waiter, "round \(round): the waiting thread got another instance")
                    kept = builder
                }
                precondition(kept == nil, "round \(round): the closed root kept its instance")
                precondition(bodies.withLock { $0 } == 1, "round \(round): the body ran again")
            }
        }
        #expect(standardError(of: result) == "")
    }

    /// A `register` during the build: the waiting thread gets the build's instance (made
    /// with the replaced body), which is not kept; the next resolve uses the new body.
    @Test func aRegisterDuringABuildHandsItsInstanceToTheWaitingThread() {
        for _ in 0..<20 {
            let root = Container()
            let gate = Gate()
            let bodies = Locked(0)
            let (builder, waiter) = twoCallers(
                gate, waiting: { root.inspection.threadsWaitingForBuilds },
                resolve: { root.waitedCached(gate, bodies)() },
                change: { root.waitedCached(gate, bodies).register { Item("mock") } })
            #expect(builder === waiter)
            #expect(builder.name == "declared")
            #expect(root.waitedCached(gate, bodies)().name == "mock")
            #expect(bodies.withLock { $0 } == 1)
        }
    }

    /// The same for `.shared`.
    @Test func aRegisterDuringASharedBuildHandsItsInstanceToTheWaitingThread() {
        for _ in 0..<20 {
            let root = Container()
            let gate = Gate()
            let (builder, waiter) = twoCallers(
                gate, waiting: { root.inspection.threadsWaitingForBuilds },
                resolve: { root.waitedShared(gate)() },
                change: { root.waitedShared(gate).register { Item("mock") } })
            #expect(builder === waiter)
            #expect(root.waitedShared(gate)().name == "mock")
        }
    }

    /// A factory's, the container's or the scope's reset during the build: both threads get
    /// the build's instance, the body ran once, and the next resolve builds anew.
    @Test(arguments: ["factory", "container", "scope"])
    func aResetDuringABuildHandsItsInstanceToTheWaitingThread(_ what: String) {
        for _ in 0..<20 {
            let root = Container()
            let gate = Gate()
            let bodies = Locked(0)
            let scope: Scope = what == "scope" ? .waited : .cached
            let factory: @Sendable () -> Factory<Item> = { root.waitedCached(gate, bodies, in: scope) }
            let (builder, waiter) = twoCallers(
                gate, waiting: { root.inspection.threadsWaitingForBuilds },
                resolve: { factory()() },
                change: {
                    switch what {
                    case "factory": factory().reset()
                    case "container": root.reset()
                    default: Scope.waited.reset()
                    }
                })
            #expect(builder === waiter)
            #expect(bodies.withLock { $0 } == 1)
            #expect(factory()() !== builder)  // not kept: built anew
            #expect(bodies.withLock { $0 } == 2)
        }
    }
}
