import Scoped
import ScopedTesting
import Testing

// A `register` or `reset` on a container reaches the open lifetime scopes below it: their
// `.scoped` instances of that registration, and their builds of it in flight, were made
// with the body just replaced, so they are dropped (the build's instance still goes to its
// callers, but is not kept). A scope with an override of its own keeps its instances.

private final class Wallet: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

extension Container {
    fileprivate var wallet: Factory<Wallet> { self { Wallet("live") }.scoped }
    fileprivate func gatedWallet(_ gate: Gate) -> Factory<Wallet> {
        self { gate.pass(); return Wallet("live") }.scoped
    }
    fileprivate func asyncWallet(_ gate: AsyncGate) -> AsyncFactory<Wallet> {
        self {
            try await gate.wait()
            return Wallet("live")
        }.scoped
    }
}

@Suite struct AncestorOverrideTests {
    @Test func aRegisterOnTheRootReplacesAChildsScopedInstance() {
        let root = Container()
        let flow = root.child("flow")
        let before = flow.wallet()
        root.wallet.register { Wallet("mock") }
        let after = flow.wallet()
        #expect(after !== before)
        #expect(after.label == "mock")
        #expect(flow.wallet() === after)   // and keeps the new one
    }

    @Test func theDroppedInstanceIsReleasedAndReportedByItsScope() {
        let root = Container()
        let flow = root.child("flow")
        let tracker = LifecycleTracker(observing: root)
        weak var before: Wallet?
        do { before = flow.wallet() }
        #expect(before != nil)
        root.wallet.register { Wallet("mock") }
        #expect(before == nil)
        #expect(tracker.releasedCount(of: Wallet.self) == 1)
    }

    @Test func aContainerResetReachesWhatItsScopesMadeWithItsOverrides() {
        let root = Container()
        root.wallet.register { Wallet("mock") }
        let flow = root.child("flow")
        let step = flow.child("step")
        weak var mock: Wallet?
        do { mock = step.wallet() }
        #expect(mock?.label == "mock")
        root.reset()
        #expect(mock == nil)                      // dropped, not kept by the step
        #expect(step.wallet().label == "live")
    }

    @Test func aMiddleScopesResetReachesItsChildrenButNotAScopeWithItsOwnOverride() {
        let root = Container()
        let flow = root.child("flow")
        flow.wallet.register { Wallet("flow's") }
        let step = flow.child("step")
        let own = flow.child("own")
        own.wallet.register { Wallet("own") }
        #expect(step.wallet().label == "flow's")
        let ownWallet = own.wallet()
        flow.reset()
        #expect(step.wallet().label == "live")
        #expect(own.wallet() === ownWallet)       // its instance comes from its own override
    }

    @Test func aContainerResetLeavesWhatScopesBuiltFromTheDeclaration() {
        let root = Container()
        let flow = root.child("flow")
        let declared = flow.wallet()
        root.reset()                              // no override of wallet was removed
        #expect(flow.wallet() === declared)
    }

    @Test func aResetOnTheRootReachesGrandchildren() {
        let root = Container()
        root.wallet.register { Wallet("mock") }
        let flow = root.child("flow")
        let step = flow.child("step")
        #expect(step.wallet().label == "mock")
        root.wallet.reset()
        #expect(step.wallet().label == "live")
    }

    @Test func aScopeWithItsOwnOverrideKeepsItsInstances() {
        let root = Container()
        let flow = root.child("flow")
        flow.wallet.register { Wallet("flow's") }
        let step = flow.child("step")
        let own = flow.wallet()
        let below = step.wallet()
        root.wallet.register { Wallet("root's") }
        #expect(flow.wallet() === own)
        #expect(step.wallet() === below)       // under the flow's override too
        #expect(below.label == "flow's")
        #expect(root.child("other").wallet().label == "root's")
    }

    @Test func aRegisterOnTheRootWinsOverAChildsBuildInFlight() {
        let root = Container()
        let flow = root.child("flow")
        let gate = Gate()
        let first = resolveInBackground { flow.gatedWallet(gate)() }
        gate.whileBuilding {
            root.gatedWallet(gate).register { Wallet("mock") }
        }
        #expect(first().label == "live")         // the build reaches its caller…
        let next = flow.gatedWallet(gate)()
        #expect(next.label == "mock")            // …but is not kept
        #expect(flow.gatedWallet(gate)() === next)
    }

    @Test func aRegisterOnTheRootWinsOverAChildsAsyncBuildInFlight() async throws {
        let root = Container()
        let flow = root.child("flow")
        let gate = AsyncGate()
        let first = Task { try await flow.asyncWallet(gate)() }
        await gate.arrivals(1)
        root.asyncWallet(gate).register { Wallet("mock") }
        let next = try await flow.asyncWallet(gate)()   // does not join the old build
        #expect(next.label == "mock")
        gate.open()
        #expect(try await first.value.label == "live")
        #expect(try await flow.asyncWallet(gate)() === next)
    }

    @Test(.container) func inATestWorldTheWorldsScopesAreReached() {
        let flow = Container.shared.child("flow")
        let before = flow.wallet()
        Container.shared.wallet.register { Wallet("mock") }
        #expect(flow.wallet() !== before)
        #expect(flow.wallet().label == "mock")
    }
}

/// Every async resolve reports one `created` or `reused` event, also a caller that joined
/// a build in flight (it reported nothing before).
@Suite struct AsyncJoinEventTests {
    @Test func callersThatJoinABuildReportReused() async throws {
        let root = Container()
        let flow = root.child("flow")
        let gate = AsyncGate()
        let kinds = Locked<[LifecycleEvent.Kind]>([])
        let observation = root.observe { event in
            if event.kind == .created || event.kind == .reused { kinds.withLock { $0.append(event.kind) } }
        }
        defer { observation.cancel() }
        let builder = Task { try await flow.asyncWallet(gate)() }
        await gate.arrivals(1)
        let joiners = (0..<20).map { _ in Task { try await flow.asyncWallet(gate)() } }
        for _ in 0..<50 { await Task.yield() }   // most of them join the build before it ends
        gate.open()
        let built = try await builder.value
        for joiner in joiners { #expect(try await joiner.value === built) }
        let seen = kinds.withLock { $0 }
        #expect(seen.filter { $0 == .created }.count == 1)
        #expect(seen.filter { $0 == .reused }.count == 20)
    }
}
