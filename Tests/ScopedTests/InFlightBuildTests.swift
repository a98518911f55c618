import Dispatch
import Scoped
import ScopedTesting
import Testing

// A `register`, `reset` or scope reset that happens while a build of that registration
// is in flight wins: the build goes to its caller but is never stored, and the next
// resolve builds with the new body (or after the reset). Deterministic: the body waits
// at a gate that the test opens after the register or reset.

private final class API: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

/// Lets a test run code while a factory body is in the middle of its first build; later
/// builds pass straight through (so a wrong outcome fails the test, never hangs it).
final class Gate: Sendable {
    private let entered = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let passes = Locked(0)
    /// Called by the body: the first time, announces the build and waits for the test.
    func pass() {
        let first = passes.withLock { count -> Bool in
            count += 1
            return count == 1
        }
        guard first else { return }
        entered.signal()
        released.wait()
    }
    /// Called by the test: runs `during` while the body waits, then lets it finish.
    func whileBuilding(_ during: () -> Void) {
        entered.wait()
        during()
        released.signal()
    }
}

extension Scope {
    fileprivate static let inFlightSession = Scope.Cached(name: "inFlightSession")
}

extension Container {
    fileprivate func gatedAPI(_ gate: Gate, _ name: String) -> Factory<API> {
        self { gate.pass(); return API(name) }.cached
    }
    fileprivate func gatedSession(_ gate: Gate, _ tracker: LifecycleTracker) -> Factory<Probe> {
        self { gate.pass(); return Probe("session", tracker) }.scope(.inFlightSession)
    }
    fileprivate func selfClosingAsync(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { self.close(); return Probe("selfClosingAsync", tracker) }.scoped
    }
}

/// Resolves `factory` on another thread; `wait()` returns what it got.
func resolveInBackground<T: Sendable>(_ factory: @escaping @Sendable () -> T) -> () -> T {
    let result = Collected<T>()
    DispatchQueue.global().async { result.append(factory()) }
    return {
        _ = result.waitUntil { !$0.isEmpty }
        return result.all[0]
    }
}

@Suite(.serialized) struct InFlightBuildTests {
    @Test func aRegisterDuringABuildWinsOverIt() {
        let container = Container()
        let gate = Gate()
        let first = resolveInBackground { container.gatedAPI(gate, "live")() }
        gate.whileBuilding {
            container.gatedAPI(gate, "live").register { API("mock") }
        }
        #expect(first().name == "live")  // the build in flight goes to its caller
        #expect(container.gatedAPI(gate, "live")().name == "mock")
        #expect(container.gatedAPI(gate, "live")().name == "mock")
    }

    @Test func aRegisterBeforeTheBuildIsUsedByIt() {
        let container = Container()
        let gate = Gate()
        container.gatedAPI(gate, "live").register { API("mock") }
        #expect(container.gatedAPI(gate, "live")().name == "mock")
    }

    @Test func aFactoryResetDuringABuildWinsOverIt() {
        let container = Container()
        let gate = Gate()
        let first = resolveInBackground { container.gatedAPI(gate, "live")() }
        gate.whileBuilding {
            container.gatedAPI(gate, "live").reset()
        }
        let built = first()
        #expect(container.gatedAPI(gate, "live")() !== built)  // built anew after the reset
    }

    /// A log-out (`Scope.x.reset()`) while a session-scoped body runs: the old user's
    /// object is not kept.
    @Test func aScopeResetDuringABuildWinsOverIt() {
        let container = Container()
        let gate = Gate()
        let tracker = LifecycleTracker()
        let first = resolveInBackground { container.gatedSession(gate, tracker)() }
        gate.whileBuilding {
            Scope.inFlightSession.reset()
        }
        let old = first()
        #expect(container.gatedSession(gate, tracker)() !== old)
        #expect(tracker.inits("session") == 2)
    }

    @Test func aScopeResetAfterTheBuildReleasesIt() {
        let container = Container()
        let gate = Gate()
        let tracker = LifecycleTracker()
        let first = resolveInBackground { container.gatedSession(gate, tracker)() }
        gate.whileBuilding {}
        let old = first()
        Scope.inFlightSession.reset()
        #expect(container.gatedSession(gate, tracker)() !== old)
        #expect(tracker.inits("session") == 2)
    }

    /// A `close()` an async body makes of the scope that would own its instance is part of its
    /// own build, as a reset is: the build goes to its caller, which does not throw, and the
    /// closed scope keeps nothing (the synchronous case: `ClaimedScopedBuildExitTests`).
    @Test func anAsyncBodyThatClosesItsOwnScopeHandsItsInstanceToItsCallerAndTheScopeKeepsNothing() async throws {
        let tracker = LifecycleTracker()
        let flow = Container().child("flow")
        var probe: Probe? = try await flow.selfClosingAsync(tracker)()
        #expect(flow.isClosed && flow.inspection.heldCount == 0)
        #expect(probe?.name == "selfClosingAsync" && tracker.inits("selfClosingAsync") == 1)
        probe = nil
        #expect(tracker.waitUntilLive(is: []))
    }
}
