import Scoped
import ScopedTesting
import Testing

/// Counts the builds of one test's factories.
private final class BuildCount: Sendable {
    let count = Locked(0)
    func next() -> Int { count.withLock { $0 += 1; return $0 } }
    var value: Int { count.withLock { $0 } }
}

private final class Service: Sendable {
    init() {}
}

extension Container {
    fileprivate func maybeService(_ builds: BuildCount, nilUntil: Int) -> Factory<Service?> {
        self { builds.next() <= nilUntil ? nil : Service() }.cached
    }
    fileprivate func maybeSingleton(_ builds: BuildCount) -> Factory<Service?> {
        self { builds.next() == 1 ? nil : Service() }.singleton
    }
}

/// Factory behaviours of issue #41 written fresh: each test is what a Factory test expects.
@Suite struct FactoryParitySecondPassTests {
    /// Item 4: Factory caches nothing for `nil`: the next resolve runs the body again.
    @Test(.container) func cachedKeepsNoNil() {
        let builds = BuildCount()
        let container = Container.shared
        #expect(container.maybeService(builds, nilUntil: 1)() == nil)
        #expect(container.heldInstanceCount == 0)
        let service = container.maybeService(builds, nilUntil: 1)()
        #expect(service != nil)
        #expect(builds.value == 2)
        #expect(container.maybeService(builds, nilUntil: 1)() === service)
        #expect(builds.value == 2)
        #expect(container.heldInstanceCount == 1)
    }

    @Test(.container) func singletonKeepsNoNil() {
        let builds = BuildCount()
        #expect(Container.shared.maybeSingleton(builds)() == nil)
        let service = Container.shared.maybeSingleton(builds)()
        #expect(service != nil)
        #expect(Container.shared.maybeSingleton(builds)() === service)
        #expect(builds.value == 2)
    }
}
