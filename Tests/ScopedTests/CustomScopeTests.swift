import Scoped
import ScopedTesting
import Testing

extension Scope {
    /// A custom scope declared the documented way. Only `declaredSessionScopeWorks` uses it.
    fileprivate static let testSession = Scope.Cached(name: "session")
}

// Each test makes custom scopes of its own: `Scope.x.reset()` reaches every container
// in the process, so a scope shared by parallel tests would let one disturb another.
extension Container {
    fileprivate func inScope(_ scope: Scope, _ name: String, _ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe(name, tracker) }.scope(scope)
    }
    fileprivate func otherInScope(_ scope: Scope, _ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("other", tracker) }.scope(scope)
    }
    fileprivate func plainCached(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("cached", tracker) }.cached }
    fileprivate func sessionProfile(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("profile", tracker) }.scope(.testSession)
    }
}

@Suite struct CustomScopeTests {
    @Test func customScopeCachesPerRoot() {
        let session = Scope.Cached(name: "session")
        let tracker = LifecycleTracker()
        let one = Container()
        let two = Container()
        let first = one.inScope(session, "user", tracker)()
        #expect(one.inScope(session, "user", tracker)() === first)
        #expect(one.child("flow").inScope(session, "user", tracker)() === first)
        #expect(two.inScope(session, "user", tracker)() !== first)
        #expect(tracker.inits("user") == 2)
    }

    @Test func scopeResetReleasesItsInstancesInEveryContainer() {
        let session = Scope.Cached(name: "session")
        let tracker = LifecycleTracker()
        let one = Container()
        let two = Container()
        weak var inOne: Probe?
        weak var inTwo: Probe?
        weak var other: Probe?
        do {
            inOne = one.inScope(session, "user", tracker)()
            inTwo = two.inScope(session, "user", tracker)()
            other = one.otherInScope(session, tracker)()
        }
        let cached = one.plainCached(tracker)()
        #expect(tracker.liveCount == 4)
        session.reset()
        #expect(inOne == nil)
        #expect(inTwo == nil)
        #expect(other == nil)
        #expect(one.plainCached(tracker)() === cached)
        #expect(one.inScope(session, "user", tracker)().label == "user#3")
    }

    @Test func resettingOneCustomScopeLeavesAnother() {
        let session = Scope.Cached(name: "session")
        let account = Scope.Cached(name: "account")
        let tracker = LifecycleTracker()
        let container = Container()
        let user = container.inScope(session, "user", tracker)()
        weak var dropped: Probe?
        do { dropped = container.otherInScope(account, tracker)() }
        account.reset()
        #expect(dropped == nil)
        #expect(container.inScope(session, "user", tracker)() === user)
    }

    @Test func scopeResetReleasesNewestFirst() {
        let session = Scope.Cached(name: "session")
        let tracker = LifecycleTracker()
        let container = Container()
        _ = container.inScope(session, "first", tracker)()
        _ = container.otherInScope(session, tracker)()
        session.reset()
        #expect(tracker.deinitLog == ["deinit other#1", "deinit first#1"])
    }

    @Test func containerAndFactoryResetsDropCustomScopedInstances() {
        let session = Scope.Cached(name: "session")
        let tracker = LifecycleTracker()
        let container = Container()
        weak var viaFactory: Probe?
        weak var viaContainer: Probe?
        do { viaFactory = container.inScope(session, "user", tracker)() }
        container.inScope(session, "user", tracker).reset()
        #expect(viaFactory == nil)
        do { viaContainer = container.otherInScope(session, tracker)() }
        container.reset()
        #expect(viaContainer == nil)
    }

    @Test func declaredSessionScopeWorks() {
        let tracker = LifecycleTracker()
        let container = Container()
        weak var loggedOut: Probe?
        do {
            let profile = container.sessionProfile(tracker)()
            #expect(container.sessionProfile(tracker)() === profile)
            loggedOut = profile
        }
        #expect(Scope.testSession.name == "session")
        #expect(Scope.testSession.description == "session")
        #expect(loggedOut != nil)
        Scope.testSession.reset()
        #expect(loggedOut == nil)
    }
}
