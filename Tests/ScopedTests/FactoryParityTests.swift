import Scoped
import ScopedTesting
import Testing

// Behaviours a Factory 3.2 user relies on without reading about them (issue #30).

extension Container {
    fileprivate func optionalShared(_ tracker: LifecycleTracker) -> Factory<Probe?> {
        self { Probe("optionalShared", tracker) }.shared
    }
    fileprivate func nestedOptionalShared(_ tracker: LifecycleTracker) -> Factory<Probe??> {
        self { Probe("nestedOptionalShared", tracker) }.shared
    }
    fileprivate func nilShared(_ tracker: LifecycleTracker) -> Factory<Probe?> {
        self { tracker.count("nilShared"); return nil }.shared
    }
    fileprivate func asyncOptionalShared(_ tracker: LifecycleTracker) -> AsyncFactory<Probe?> {
        self { await Task.yield(); return Probe("asyncOptionalShared", tracker) }.shared
    }
}

/// A `.singleton` declared once for every container type.
extension SharedContainer {
    fileprivate func processSingleton(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("processSingleton", tracker) }.singleton
    }
    fileprivate func asyncProcessSingleton(_ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self { await Task.yield(); return Probe("asyncProcessSingleton", tracker) }.singleton
    }
}

private final class ParityAppContainer: SharedContainer {
    static let shared = ParityAppContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
}

extension LifecycleTracker {
    /// Records a build that makes no object (a body returning nil).
    fileprivate func count(_ name: String) { didInit(Marker(), named: name) }
}

private final class Marker: Sendable {}

@Suite struct FactoryParityTests {
    // MARK: .shared through optionals

    @Test func sharedKeepsTheClassInstanceInsideAnOptional() {
        let tracker = LifecycleTracker()
        let container = Container()
        var first = container.optionalShared(tracker)()
        let second = container.optionalShared(tracker)()
        #expect(first != nil)
        #expect(first === second)
        #expect(tracker.inits("optionalShared") == 1)
        // Still weak: once nobody holds it, the next resolve builds a new one.
        weak let gone = first
        first = nil
        _ = consume second
        #expect(gone == nil)
        #expect(container.optionalShared(tracker)() != nil)
        #expect(tracker.inits("optionalShared") == 2)
    }

    @Test func sharedUnwrapsNestedOptionals() {
        let tracker = LifecycleTracker()
        let container = Container()
        let first = container.nestedOptionalShared(tracker)()
        let second = container.nestedOptionalShared(tracker)()
        #expect(first! === second!)
        #expect(tracker.inits("nestedOptionalShared") == 1)
    }

    @Test func sharedOfNilBuildsAgain() {
        let tracker = LifecycleTracker()
        let container = Container()
        #expect(container.nilShared(tracker)() == nil)
        #expect(container.nilShared(tracker)() == nil)
        #expect(tracker.instances(named: "nilShared").count == 2)
    }

    @Test func asyncSharedKeepsTheClassInstanceInsideAnOptional() async throws {
        let tracker = LifecycleTracker()
        let container = Container()
        let first = try await container.asyncOptionalShared(tracker)()
        let second = try await container.asyncOptionalShared(tracker)()
        #expect(first != nil)
        #expect(first === second)
        #expect(tracker.inits("asyncOptionalShared") == 1)
    }

    // MARK: Singletons declared in an extension of SharedContainer

    @Test func singletonDeclaredForEveryContainerTypeIsOnePerProcess() {
        let tracker = LifecycleTracker()
        let container = Container()
        let app = ParityAppContainer()
        defer { container.processSingleton(tracker).reset() }
        let first = container.processSingleton(tracker)()
        #expect(app.processSingleton(tracker)() === first)
        #expect(ParityAppContainer().processSingleton(tracker)() === first)
        #expect(tracker.inits("processSingleton") == 1)
    }

    @Test func asyncSingletonDeclaredForEveryContainerTypeIsOnePerProcess() async throws {
        let tracker = LifecycleTracker()
        let container = Container()
        let app = ParityAppContainer()
        defer { container.asyncProcessSingleton(tracker).reset() }
        let first = try await container.asyncProcessSingleton(tracker)()
        #expect(try await app.asyncProcessSingleton(tracker)() === first)
        #expect(tracker.inits("asyncProcessSingleton") == 1)
    }
}
