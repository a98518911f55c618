import Scoped
import ScopedTesting
import Testing

// A `register` or `reset()` that returns while other threads resolve the factory wins:
// once it has returned, no instance made with a replaced body is kept (a third new-user
// evaluation found one kept after the last `register` returned, in 5 to 25 of 40 rounds:
// a resolve that looked up the override just before the `register` recorded its build
// just after, where the `register` no longer invalidated it). OverrideChanges, in
// StorageState (InstanceStorage.swift), closes that window.

extension Container {
    fileprivate func raced(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("declared", tracker) }.cached }
    fileprivate func racedScoped(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("declared", tracker) }.scoped }
    fileprivate func racedAsync(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { Probe("declared", tracker) }.cached
    }
}

/// Serialized, and every thread does a fixed number of operations: threads that spin
/// until the others finish starved the rest of the suite under ThreadSanitizer on two
/// cores (its watchdogs took that for a deadlock).
@Suite(.serialized) struct OverrideRaceTests {
    static let rounds = 30
    static let registrations = 100

    /// Rounds of `registrations` overrides on `registering` while two
    /// threads resolve through `resolving` as often; then the name a resolve gives.
    static func namesAfterRaces(
        registering: @escaping @Sendable (String) -> Void, resolving: @escaping @Sendable () -> String
    ) -> [String] {
        (0..<rounds).map { _ in
            onThreads(3) { index in
                guard index == 0 else {
                    for _ in 0..<registrations { _ = resolving() }
                    return
                }
                for number in 1...registrations { registering("override\(number)") }
            }
            return resolving()
        }
    }

    @Test func theLastRegisterOnARootWins() {
        let tracker = LifecycleTracker()
        let root = Container()
        let names = Self.namesAfterRaces(
            registering: { name in root.raced(tracker).register { Probe(name, tracker) } },
            resolving: { root.raced(tracker)().name })
        #expect(names == Array(repeating: "override\(Self.registrations)", count: Self.rounds))
    }

    /// The register on the root, the resolves through a lifetime scope (`.scoped`: its own
    /// instance, made with the root's override).
    @Test func theLastRegisterOnARootWinsInItsLifetimeScopes() {
        let tracker = LifecycleTracker()
        let root = Container()
        let flow = root.child("flow")
        let names = Self.namesAfterRaces(
            registering: { name in root.racedScoped(tracker).register { Probe(name, tracker) } },
            resolving: { flow.racedScoped(tracker)().name })
        #expect(names == Array(repeating: "override\(Self.registrations)", count: Self.rounds))
        flow.close()
    }

    /// The last change is a reset: the declared body wins.
    @Test func theLastResetWins() {
        let tracker = LifecycleTracker()
        let root = Container()
        let names = Self.namesAfterRaces(
            registering: { name in
                root.raced(tracker).register { Probe(name, tracker) }
                if name == "override\(Self.registrations)" { root.reset() }
            },
            resolving: { root.raced(tracker)().name })
        #expect(names == Array(repeating: "declared", count: Self.rounds))
    }

    @Test func theLastRegisterOfAnAsyncFactoryWins() async throws {
        let tracker = LifecycleTracker()
        let root = Container()
        for _ in 0..<Self.rounds {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        for _ in 0..<Self.registrations {
                            _ = try await root.racedAsync(tracker)()
                            await Task.yield()   // a held instance is read without suspending: let the registering task run
                        }
                    }
                }
                group.addTask {
                    for number in 1...Self.registrations {
                        root.racedAsync(tracker).register { Probe("override\(number)", tracker) }
                        await Task.yield()
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await root.racedAsync(tracker)().name == "override\(Self.registrations)")
        }
    }
}
