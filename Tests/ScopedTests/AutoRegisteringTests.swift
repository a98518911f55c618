import Foundation
import Scoped
import ScopedTesting
import Testing

/// How many times `autoRegister()` ran, by the number of the root it ran for (a test's
/// own root, or a world's), and what a resolve inside it saw.
private let autoRegisterRuns = Locked<[UInt64: Int]>([:])
private let seenInside = Locked<[UInt64: String]>([:])

private func runs(of container: some SharedContainer) -> Int {
    let root = container.manager.node.nodeInCurrentWorld().root.number
    return autoRegisterRuns.withLock { $0[root] ?? 0 }
}

/// A container type that registers its implementation when its roots first resolve. The
/// registration comes after some busy work, so a thread that did not wait for it would
/// see the declared body.
private final class AutoContainer: SharedContainer, AutoRegistering {
    static let shared = AutoContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) {
        self.manager = manager
        enableAutoRegistration()
    }

    func autoRegister() {
        autoRegisterRuns.withLock { $0[manager.node.nodeInCurrentWorld().number, default: 0] += 1 }   // self is Self.shared in a world too
        for _ in 0..<200 { Platform.yieldThread() }
        label.register { "auto" }
    }
}

extension AutoContainer {
    fileprivate var label: Factory<String> { self { "declared" } }
    fileprivate var cachedBox: Factory<Box> { self { Box("declared") }.cached }
    fileprivate var asyncLabel: AsyncFactory<String> { self { "declared async" } }
}

/// Resolves from inside `autoRegister()`, before and after registering.
private final class ReentrantContainer: SharedContainer, AutoRegistering {
    static let shared = ReentrantContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) {
        self.manager = manager
        enableAutoRegistration()
    }

    func autoRegister() {
        autoRegisterRuns.withLock { $0[manager.node.number, default: 0] += 1 }
        let before = label()
        label.register { "auto" }
        let after = label()
        seenInside.withLock { $0[manager.node.number] = "\(before) then \(after)" }
    }

    fileprivate var label: Factory<String> { self { "declared" } }
}

private final class Box: Sendable {
    let value: String
    init(_ value: String) { self.value = value }
}

/// A container type whose `autoRegister()` overrides a `.scoped` factory: a first resolve
/// of it through a child lifetime scope reads the child's own table first (the fast read
/// that may record the build there), which must not build before the hook has run.
private final class AutoScopedContainer: SharedContainer, AutoRegistering {
    static let shared = AutoScopedContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) {
        self.manager = manager
        enableAutoRegistration()
    }

    func autoRegister() {
        scopedBox.register { Box("auto") }
    }

    fileprivate var scopedBox: Factory<Box> { self { Box("declared") }.scoped }
}

/// `AutoRegistering` (#30): once per root before its first resolve, in every test world
/// before the test's overrides, again after a reset, never for a child lifetime scope.
@Suite struct AutoRegisteringTests {
    @Test func itRunsOnceBeforeTheFirstResolve() {
        let container = AutoContainer()
        #expect(runs(of: container) == 0)
        #expect(container.label() == "auto")
        #expect(runs(of: container) == 1)
        #expect(container.label() == "auto")
        _ = container.cachedBox()
        #expect(runs(of: container) == 1)
    }

    @Test func anAsyncFirstResolveRunsItToo() async throws {
        let container = AutoContainer()
        #expect(try await container.asyncLabel() == "declared async")
        #expect(runs(of: container) == 1)
        #expect(container.label() == "auto")
        #expect(runs(of: container) == 1)
    }

    @Test func eachRootRunsItForItself() {
        let first = AutoContainer()
        let second = AutoContainer()
        _ = first.label()
        #expect(runs(of: first) == 1)
        #expect(runs(of: second) == 0)
        #expect(second.label() == "auto")
        #expect(runs(of: second) == 1)
    }

    @Test func concurrentFirstResolvesRunItOnceAndAllWaitForIt() {
        for _ in 0..<20 {
            let container = AutoContainer()
            let seen = Collected<String>()
            onThreads(8) { index in
                seen.append(index.isMultiple(of: 2) ? container.label() : container.cachedBox().value)
            }
            #expect(runs(of: container) == 1)
            #expect(seen.all.filter { $0 == "auto" }.count == 4)  // every label() saw the auto-registered body
            #expect(seen.all.count == 8)
        }
    }

    @Test func aResolveInsideAutoRegisterGoesOnWithoutRecursing() {
        let container = ReentrantContainer()
        #expect(container.label() == "auto")
        #expect(runs(of: container) == 1)
        #expect(seenInside.withLock { $0[container.manager.node.number] } == "declared then auto")
    }

    @Test func aRegisterBeforeTheFirstResolveRunsItFirstAndWins() {
        let container = AutoContainer()
        container.label.register { "explicit" }
        #expect(runs(of: container) == 1)
        #expect(container.label() == "explicit")
        #expect(runs(of: container) == 1)
    }

    @Test func resetDropsItsRegistrationsAndRearmsIt() {
        let container = AutoContainer()
        #expect(container.label() == "auto")
        container.label.register { "explicit" }
        container.reset()
        #expect(runs(of: container) == 1)
        #expect(container.label() == "auto")
        #expect(runs(of: container) == 2)
        container.label.reset()  // one factory's reset drops its override only: nothing re-arms
        #expect(container.label() == "declared")
        #expect(runs(of: container) == 2)
    }

    @Test func childScopesSeeTheRootsRegistrationsAndDoNotRunItAgain() {
        let container = AutoContainer()
        let flow = container.child("flow")
        #expect(flow.label() == "auto")  // the first resolve, through a child: the root's runs
        #expect(runs(of: container) == 1)
        let another = container.child("another")
        #expect(another.label() == "auto")
        #expect(container.label() == "auto")
        #expect(runs(of: container) == 1)
    }

    @Test func aFirstScopedResolveInAChildBuildsTheRegisteredOverride() {
        let container = AutoScopedContainer()
        let flow = container.child("flow")
        weak var released: Box?
        do {
            let box = flow.scopedBox()
            #expect(box.value == "auto")
            #expect(flow.scopedBox() === box)
            released = box
        }
        flow.close()
        #expect(released == nil)
    }

    @Test func aTestWorldRunsItOnceBeforeItsOwnOverrides() {
        withContainer(AutoContainer.self) { $0.label.register { "test" } } operation: {
            #expect(AutoContainer.shared.label() == "test")
            #expect(runs(of: AutoContainer.shared) == 1)
        }
        withContainer {
            #expect(AutoContainer.shared.label() == "auto")
            #expect(runs(of: AutoContainer.shared) == 1)
        }
    }

    @Test func aNestedWorldKeepsTheOuterOverridesAndDoesNotRunItAgain() {
        withContainer(AutoContainer.self) { $0.label.register { "outer" } } operation: {
            withContainer {
                #expect(AutoContainer.shared.label() == "outer")
                #expect(runs(of: AutoContainer.shared) == 0)  // the nested world's root inherits
                AutoContainer.shared.reset()  // drops the inherited overrides: it runs there now
                #expect(AutoContainer.shared.label() == "auto")
                #expect(runs(of: AutoContainer.shared) == 1)
            }
            #expect(AutoContainer.shared.label() == "outer")
            #expect(runs(of: AutoContainer.shared) == 1)
        }
        withContainer {  // the outer world never resolved before the nested one was made
            withContainer(AutoContainer.self) { $0.label.register { "inner" } } operation: {
                #expect(AutoContainer.shared.label() == "inner")
            }
            #expect(AutoContainer.shared.label() == "auto")
            #expect(runs(of: AutoContainer.shared) == 1)
        }
    }

    @Test(.container(AutoContainer.self) { $0.label.register { "trait" } })
    func theTraitsOverridesWin() {
        #expect(AutoContainer.shared.label() == "trait")
        #expect(runs(of: AutoContainer.shared) == 1)
    }

    @Test func containerItselfDoesNotAutoRegisterUnlessItConforms() {
        let container = Container()
        #expect(container.manager.node.autoRegistrationPending.load(ordering: .relaxed) == 0)
        #expect(container.manager.node.state.withLock { $0.autoRegistration } == nil)
    }
}

/// A root whose `autoRegister()` replaces a cached service's declared body, for the race
/// between `reset()` and resolves on another thread.
private final class ResetRaceContainer: SharedContainer, AutoRegistering {
    static let shared = ResetRaceContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) {
        self.manager = manager
        enableAutoRegistration()
    }

    func autoRegister() {
        autoRegisterRuns.withLock { $0[manager.node.number, default: 0] += 1 }
        service.register { Box("auto") }
        uniqueService.register { Box("auto") }
        resetRaceGates.withLock { $0[manager.node.number] }?.pass()
    }

    fileprivate var service: Factory<Box> { self { Box("declared") }.cached }
    fileprivate var uniqueService: Factory<Box> { self { Box("declared") } }
}

/// A gate at the end of `autoRegister()`, by root number: a test resets while it waits.
private let resetRaceGates = Locked<[UInt64: Gate]>([:])

@Suite struct AutoRegisteringResetRaceTests {
    /// A `.unique` resolve racing resets never builds with the declared body: it reads the
    /// override after `autoRegister()` has run for the root's current registrations. It
    /// used to read the gate, then the overrides, and build the declared body when a reset
    /// cleared them between the two (a new-user evaluation: 5 to 238 in 10 of 10 runs).
    @Test func aUniqueResolveRacingResetsNeverBuildsTheDeclaredBody() {
        let container = ResetRaceContainer()
        let done = Locked(false)
        let declared = Locked(0)
        let resolves = Locked(0)
        let resolvers = (0..<2).map { _ in
            resolveOnNewThread { () -> Int in
                var count = 0
                while !done.withLock({ $0 }), count < 2_000_000 {
                    if container.uniqueService().value != "auto" { declared.withLock { $0 += 1 } }
                    count += 1
                }
                return count
            }
        }
        let finished = finishes(progress: { resolves.withLock { $0 } }) {
            for _ in 0..<500 {
                container.reset()
                resolves.withLock { $0 += 1 }
            }
            done.withLock { $0 = true }
        }
        let counts = resolvers.map { $0() }
        #expect(finished, "no reset returned for 30 s")
        #expect(declared.withLock { $0 } == 0, "\(counts) resolves")
    }

    /// A reset while `autoRegister()` runs (it has registered, and waits at a gate) drops
    /// what it registered: it runs again once the reset has ended. It used to be marked
    /// done, leaving the declared body for good.
    @Test func aResetDuringAutoRegisterRunsItAgain() {
        let container = ResetRaceContainer()
        let gate = Gate()
        resetRaceGates.withLock { $0[container.manager.node.number] = gate }
        let first = resolveOnNewThread { container.service().value }
        gate.whileBuilding { container.reset() }
        #expect(first() == "auto")
        #expect(container.service().value == "auto")
        #expect(runs(of: container) == 2)
    }

    /// A log-out that resets while a background thread resolves: after every `reset()`
    /// returns, the next resolve runs `autoRegister()` again (or waits for the thread that
    /// does). It used to skip it after a third of the resets, leaving the declared body
    /// cached for good. Bounded: 100 resets, a background loop that ends with them, and a
    /// watchdog that fails the test instead of hanging it.
    @Test func aResolveRacingResetNeverSkipsAutoRegister() {
        let container = ResetRaceContainer()
        let stop = Locked(false)
        let stuck = Locked(0)
        let resets = Locked(0)
        let background = Thread {
            var count = 0
            while !stop.withLock({ $0 }), count < 5_000_000 {
                _ = container.service()
                count += 1
            }
        }
        background.start()
        let finished = finishes(progress: { resets.withLock { $0 } }) {
            for _ in 0..<100 {
                container.reset()
                if container.service().value != "auto" { stuck.withLock { $0 += 1 } }
                resets.withLock { $0 += 1 }
            }
            stop.withLock { $0 = true }
        }
        #expect(finished, "no reset returned for 30 s")
        #expect(stuck.withLock { $0 } == 0)
        #expect(container.service().value == "auto")
        // Once per reset at least (a run that a reset overlapped runs again), and once more
        // for the root when the background thread resolved before the first reset.
        #expect(runs(of: container) >= 100)
    }
}

/// Keeps state on itself in `autoRegister()`, as Factory's tests do (#41 item 2).
private final class StatefulAutoContainer: SharedContainer, AutoRegistering {
    static let shared = StatefulAutoContainer()
    let manager: ContainerManager
    let registrations = Locked(0)
    let ranOnShared = Locked<Bool?>(nil)
    init(manager: ContainerManager = ContainerManager()) {
        self.manager = manager
        enableAutoRegistration()
    }

    func autoRegister() {
        registrations.withLock { $0 += 1 }
        ranOnShared.withLock { $0 = self === StatefulAutoContainer.shared }
        label.register { "auto" }
        ranOn.withLock { $0 = ObjectIdentifier(self) }
    }

    /// Where the last `autoRegister()` ran, for roots made with `init()`.
    let ranOn = Locked<ObjectIdentifier?>(nil)

    fileprivate var label: Factory<String> { self { "declared" } }
}

@Suite struct AutoRegisteringSelfTests {
    @Test func selfInAutoRegisterIsTheSharedContainer() {
        #expect(StatefulAutoContainer.shared.label() == "auto")
        #expect(StatefulAutoContainer.shared.ranOnShared.withLock { $0 } == true)
        #expect(StatefulAutoContainer.shared.registrations.withLock { $0 } == 1)
    }

    /// Factory runs `autoRegister()` on the container instance that resolves: a root made
    /// with `init()` is `self` there too, so state kept on it survives.
    @Test func selfInAutoRegisterIsTheRootThatResolves() {
        let root = StatefulAutoContainer()
        #expect(root.label() == "auto")
        #expect(root.ranOn.withLock { $0 } == ObjectIdentifier(root))
        #expect(root.registrations.withLock { $0 } == 1)
        root.reset()
        #expect(root.label() == "auto")
        #expect(root.registrations.withLock { $0 } == 2)
        weak let released = root
        _ = consume root
        #expect(released == nil)   // the hook holds its root weakly
    }
}

/// A container whose `autoRegister()` keeps state on `self`, used in test worlds only.
private final class WorldStatefulContainer: SharedContainer, AutoRegistering {
    static let shared = WorldStatefulContainer()
    let manager: ContainerManager
    let ranOn = Locked<[ObjectIdentifier]>([])
    init(manager: ContainerManager = ContainerManager()) {
        self.manager = manager
        enableAutoRegistration()
    }

    func autoRegister() {
        ranOn.withLock { $0.append(ObjectIdentifier(self)) }
        label.register { "auto" }
    }

    fileprivate var label: Factory<String> { self { "declared" } }
}

/// A Factory user's port found `self` in `autoRegister()` to be a container made for the
/// occasion inside a test world (`@Test(.container)`), so state kept on it was lost.
@Suite(.serialized) struct AutoRegisteringSelfInWorldTests {
    @Test func selfInAutoRegisterIsTheSharedContainerInATestWorld() {
        withContainer {
            #expect(WorldStatefulContainer.shared.label() == "auto")
        }
        #expect(WorldStatefulContainer.shared.ranOn.withLock { $0 }.allSatisfy { $0 == ObjectIdentifier(WorldStatefulContainer.shared) })
        #expect(WorldStatefulContainer.shared.ranOn.withLock { $0 }.isEmpty == false)
    }

    /// A nested world's root runs the enclosing world's `autoRegister()` while it is made:
    /// that run registers in the enclosing world's root, which the nested one then copies.
    @Test func aNestedWorldStillRegistersInItsOwnRoot() {
        withContainer {
            WorldStatefulContainer.shared.label.register { "outer test" }
            withContainer {
                #expect(WorldStatefulContainer.shared.label() == "outer test")   // copied from the enclosing world
            }
            #expect(WorldStatefulContainer.shared.label() == "outer test")
        }
        withContainer {
            withContainer {
                #expect(WorldStatefulContainer.shared.label() == "auto")   // the enclosing world's run, copied
            }
        }
    }
}
