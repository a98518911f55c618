import Scoped
import Testing

/// A container whose bodies reset the scope (or factory, or container) they are being
/// built in, or close their own lifetime scope.
final class ResetContainer: SharedContainer {
    static let shared = ResetContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
}

extension Scope {
    static let resetSession = Scope.Cached(name: "resetSession")
}

extension ResetContainer {
    var bystander: Factory<Probe> { self { Probe("bystander") }.cached }
    var sessionBystander: Factory<Probe> { self { Probe("sessionBystander") }.scope(.resetSession) }
    var singletonBystander: Factory<Probe> { self { Probe("singletonBystander") }.singleton }
    var resetsCachedScope: Factory<Probe> {
        self {
            Scope.cached.reset()
            return Probe("resetsCachedScope")
        }.cached
    }
    var resetsItself: Factory<Probe> {
        self {
            self.resetsItself.reset()
            return Probe("resetsItself")
        }.cached
    }
    var resetsContainer: Factory<Probe> {
        self {
            self.reset()
            return Probe("resetsContainer")
        }.cached
    }
    var resetsSession: Factory<Probe> {
        self {
            Scope.resetSession.reset()
            return Probe("resetsSession")
        }.scope(.resetSession)
    }
    var resetsSingletons: Factory<Probe> {
        self {
            Scope.singleton.reset()
            return Probe("resetsSingletons")
        }.singleton
    }
    var closesItsScope: Factory<Probe> {
        self {
            self.close()
            return Probe("closesItsScope")
        }.scoped
    }
    var slow: Factory<Probe> { self { Probe("slow") }.cached }
}

/// Resetting a scope (or the factory, or the container) from inside one of its own
/// factory bodies is allowed, and defined: the reset drops everything it covers *except
/// instances still being built* — among them the one whose body called it, which is
/// stored when that body returns. So the resolve that reset returns an instance the
/// scope keeps, and the body runs once. Closing a lifetime scope from inside a body
/// building in it hands the instance to the caller without keeping it.
@Suite struct ResetInsideBodyTests {
    private func run(_ body: (ResetContainer, Tracker) -> Void) {
        let tracker = Tracker()
        let world = WorldNode(name: "reset-inside-body", parent: nil)
        Tracker.$current.withValue(tracker) {
            world.enter {
                let container = ResetContainer()
                body(container, tracker)
                container.reset()
                Scope.singleton.reset()
            }
        }
        #expect(tracker.alive.isEmpty)
    }

    @Test func scopeResetInsideItsBodyDropsTheOthersAndKeepsTheOneBeingBuilt() {
        run { container, tracker in
            let bystander = container.bystander().id
            let first = container.resetsCachedScope()
            #expect(!tracker.alive.contains(bystander), "the other cached instance was released")
            #expect(container.resetsCachedScope() === first)
            #expect(container.bystander().id != bystander)
            #expect(tracker.createdByTag["resetsCachedScope"] == 1)
        }
    }

    @Test func factoryResetInsideItsOwnBodyKeepsTheInstance() {
        run { container, tracker in
            let first = container.resetsItself()
            #expect(container.resetsItself() === first)
            #expect(tracker.createdByTag["resetsItself"] == 1)
        }
    }

    @Test func containerResetInsideABodyDropsEverythingElse() {
        run { container, tracker in
            container.bystander.register { Probe("bystander/override") }
            let bystander = container.bystander().id
            let first = container.resetsContainer()
            #expect(!tracker.alive.contains(bystander))
            #expect(container.resetsContainer() === first)
            #expect(container.bystander().tag == "bystander", "the override went with the reset")
        }
    }

    @Test func customScopeResetInsideOneOfItsBodies() {
        run { container, tracker in
            let bystander = container.sessionBystander().id
            let cached = container.bystander()
            let first = container.resetsSession()
            #expect(!tracker.alive.contains(bystander))
            #expect(container.resetsSession() === first)
            #expect(container.bystander() === cached, "other scopes are untouched")
        }
    }

    @Test func singletonResetInsideASingletonBody() {
        run { container, tracker in
            let bystander = container.singletonBystander().id
            let first = container.resetsSingletons()
            #expect(!tracker.alive.contains(bystander))
            #expect(container.resetsSingletons() === first)
        }
    }

    @Test func closingTheScopeInsideABodyBuildingInItHandsTheInstanceOver() {
        run { container, tracker in
            let flow = container.child("flow")
            var instance: Probe? = flow.closesItsScope()
            weak let handedOver = instance
            #expect(flow.isClosed)
            #expect(handedOver != nil)
            instance = nil
            #expect(handedOver == nil, "the closed scope does not keep it")
            _ = tracker
        }
    }

    /// Another thread resets the scope while a build is in flight: the reset wins. The
    /// build's instance goes to its caller but is not kept; the next resolve builds anew
    /// (issue #14: before, the reset was lost and the old instance kept for good).
    @Test func resetOnAnotherThreadWinsOverAnInFlightBuild() async {
        let tracker = Tracker()
        let world = WorldNode(name: "in-flight", parent: nil)
        let container = ResetContainer()
        let steps = Barrier(parties: 2)
        _ = world.enter {
            container.slow.register {
                steps.arriveAndWait()   // the build is in flight…
                steps.arriveAndWait()   // …and the other thread has reset the scope
                return Probe("slow")
            }
        }
        let built = Locked<Int?>(nil)
        let finished = await withWatchdog("reset during an in-flight build") { progress in
            onThreads(2) { thread in
                Tracker.$current.withValue(tracker) {
                    world.enter {
                        if thread == 0 {
                            let probe = container.slow()
                            built.withLock { $0 = probe.id }
                            progress.advance()
                        } else {
                            steps.arriveAndWait()
                            Scope.cached.reset()
                            container.reset()
                            progress.advance()
                            steps.arriveAndWait()
                        }
                    }
                }
            }
        }
        guard finished else { return }   // recorded by the watchdog; a stuck thread may hold locks
        Tracker.$current.withValue(tracker) {
            world.enter {
                #expect(built.withLock { $0 } != nil, "the in-flight build went to its caller")
                #expect(container.slow().id != built.withLock { $0 }, "the reset won over the in-flight build")
                #expect(tracker.createdByTag["slow"] == 2)
                container.reset()
            }
        }
        #expect(tracker.alive.isEmpty)
    }
}
