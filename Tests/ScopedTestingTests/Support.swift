// Fixtures of the ScopedTesting suites. Factory names start with `iso` so that they
// never share a registration key with another test target's factories (every test
// target runs in one process). Nothing here is static state: trackers are per test.
import ScopedTesting
import Testing

/// A value object with an identity, for singleton/cached identity checks.
final class Token: Sendable {
    let value: String
    init(_ value: String) { self.value = value }
}

/// A cached dependency of screen models.
final class IsoStore: Sendable {
    init() {}
}

/// A screen's view model: scoped to a lifetime scope.
final class ScreenModel: Sendable {
    let store: IsoStore
    init(store: IsoStore) { self.store = store }
}

/// A `.shared` view model (kept weakly by the container).
final class CounterModel: Sendable {
    init() {}
}

/// A session object under the custom `isoSession` scope.
final class IsoSession: Sendable {
    init() {}
}

/// A protocol-typed dependency.
protocol IsoAPI: Sendable {
    var name: String { get }
}

struct LiveIsoAPI: IsoAPI {
    var name: String { "live" }
}

struct MockIsoAPI: IsoAPI {
    var name: String { "mock" }
}

/// A profile in the custom container.
final class Profile: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

/// A test double that reports its `init` and `deinit` to a tracker. It forwards the
/// source location of the code that makes it, so messages point at the test's line.
final class Spy: Sendable {
    let tracker: LifecycleTracker
    init(tracker: LifecycleTracker, sourceLocation: SourceLocation = #_sourceLocation) {
        self.tracker = tracker
        tracker.didInit(self, sourceLocation: sourceLocation)
    }
    deinit { tracker.didDeinit(self) }
}

/// A test double that stands in for several roles: reports itself under its role's name.
final class RoleSpy: Sendable {
    let tracker: LifecycleTracker
    let child: RoleSpy?
    init(_ role: String, tracker: LifecycleTracker, child: RoleSpy? = nil) {
        self.tracker = tracker
        self.child = child
        tracker.didInit(self, named: role)
    }
    deinit { tracker.didDeinit(self) }
}

/// Holds a spy: a parent in an object graph.
final class SpyParent: Sendable {
    let child: Spy
    init(child: Spy) { self.child = child }
}

extension Scope {
    static let isoSession = Scope.Cached(name: "isoSession")
}

extension Container {
    var isoValue: Factory<Int> { self { -1 } }
    var isoLabel: Factory<String> { self { "live" } }
    var isoToken: Factory<Token> { self { Token("live") }.singleton }
    var isoStore: Factory<IsoStore> { self { IsoStore() }.cached }
    var isoScreen: Factory<ScreenModel> { self { ScreenModel(store: self.isoStore()) }.scoped }
    var isoCounter: Factory<CounterModel> { self { CounterModel() }.shared }
    var isoFreshCounter: Factory<CounterModel> { self { CounterModel() } }
    var isoSession: Factory<IsoSession> { self { IsoSession() }.scope(.isoSession) }
    var isoAPI: Factory<any IsoAPI> { self { LiveIsoAPI() }.singleton }
    var isoContext: Factory<String> { self { "live" }.onTest { "test" } }
    /// Overridden by tests that hand in their tracker.
    var isoSpy: Factory<Spy> { self { Spy(tracker: LifecycleTracker()) }.scoped }
    var isoSpyParent: Factory<SpyParent> { self { SpyParent(child: self.isoSpy()) }.scoped }
}

/// A custom container type, as an app declares one.
final class IsoAppContainer: SharedContainer {
    static let shared = IsoAppContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
}

extension IsoAppContainer {
    var profile: Factory<Profile> { self { Profile(name: "live") }.cached }
}

/// Collects the violations a tracker reports instead of failing the test, so tests can
/// compare their exact messages.
final class Violations: Sendable {
    private let collected = Locked<[LifecycleViolation]>([])

    /// A tracker reporting to this collector.
    func tracker(observing containers: any SharedContainer...) -> LifecycleTracker {
        let tracker = LifecycleTracker { [collected] violation in collected.withLock { $0.append(violation) } }
        for container in containers { tracker.observe(container) }
        return tracker
    }

    var all: [LifecycleViolation] { collected.withLock { $0 } }
    var messages: [String] { all.map(\.message) }
}

/// The display name (`root#12`) of the container a resolve through `container` uses
/// right now: the current world's root inside a test world.
func displayName(of container: some SharedContainer) -> String {
    container.inspection.displayName
}
