import ScopedTesting
import Testing

@Suite struct WithContainerTests {
    @Test func overridesApplyInsideAndNeverReachProduction() {
        let inside = withContainer { $0.isoValue.register { 3 } } operation: {
            Container.shared.isoValue()
        }
        #expect(inside == 3)
        #expect(Container.shared.isoValue() == -1)
        #expect(!ContainerWorld.current.isIsolated)
    }

    @Test func nestedCallsInheritTheEnclosingOverridesAndAddTheirOwn() {
        withContainer { $0.isoValue.register { 1 } } operation: {
            let outerStore = Container.shared.isoStore()
            withContainer { $0.isoLabel.register { "inner" } } operation: {
                #expect(Container.shared.isoValue() == 1)
                #expect(Container.shared.isoLabel() == "inner")
                #expect(Container.shared.isoStore() !== outerStore)
                withContainer { $0.isoValue.register { 2 } } operation: {
                    #expect(Container.shared.isoValue() == 2)
                    #expect(Container.shared.isoLabel() == "inner")
                }
                #expect(Container.shared.isoValue() == 1)
            }
            #expect(Container.shared.isoLabel() == "live")
            #expect(Container.shared.isoStore() === outerStore)
        }
    }

    @Test(.container { $0.isoValue.register { 10 } })
    func insideATraitTheTestsOverridesAreInherited() {
        withContainer { $0.isoLabel.register { "nested" } } operation: {
            #expect(Container.shared.isoValue() == 10)
            #expect(Container.shared.isoLabel() == "nested")
        }
        #expect(Container.shared.isoLabel() == "live")
    }

    @Test func genericFormConfiguresACustomContainer() {
        let name = withContainer(IsoAppContainer.self) { $0.profile.register { Profile(name: "mock") } } operation: {
            IsoAppContainer.shared.profile().name
        }
        #expect(name == "mock")
    }

    @Test func returnsTheOperationsValueAndRethrows() {
        struct Failure: Error, Equatable {}
        #expect(throws: Failure.self) {
            try withContainer { _ in } operation: { throw Failure() }
        }
        #expect(withContainer { 5 } == 5)
    }

    @Test func asyncFormKeepsItsWorldAcrossAwaitsAndChildTasks() async {
        let result = await withContainer { $0.isoValue.register { 9 } } operation: {
            let store = Container.shared.isoStore()
            await Task.yield()
            let children = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 {
                    group.addTask { Container.shared.isoValue() == 9 && Container.shared.isoStore() === store }
                }
                var all: [Bool] = []
                for await ok in group { all.append(ok) }
                return all
            }
            return (Container.shared.isoValue(), children)
        }
        #expect(result.0 == 9)
        #expect(result.1 == Array(repeating: true, count: 8))
    }

    @Test func asyncGenericFormAndNesting() async {
        await withContainer(IsoAppContainer.self) { $0.profile.register { Profile(name: "outer") } } operation: {
            await withContainer { $0.isoValue.register { 4 } } operation: {
                await Task.yield()
                #expect(IsoAppContainer.shared.profile().name == "outer")
                #expect(Container.shared.isoValue() == 4)
            }
            #expect(Container.shared.isoValue() == -1)
        }
    }

    @Test func theWorldsInstancesAreReleasedWhenItEnds() {
        weak var store: IsoStore?
        weak var token: Token?
        withContainer {
            store = Container.shared.isoStore()
            token = Container.shared.isoToken()
            #expect(store != nil && token != nil)
        }
        #expect(store == nil)
        #expect(token == nil)
    }

    @MainActor @Test func worksOnTheMainActor() async {
        let value = await withContainer { $0.isoValue.register { 6 } } operation: {
            await Task.yield()
            return Container.shared.isoValue()
        }
        #expect(value == 6)
    }
}

/// A store an override builds from its container (`register { c in … }`).
final class IsoReport: Sendable {
    let store: IsoStore
    init(store: IsoStore) { self.store = store }
}

extension Container {
    fileprivate var isoReport: Factory<IsoReport> { self { IsoReport(store: IsoStore()) } }
}

extension WithContainerTests {
    @Test func anOverrideThatTakesItsContainerGetsTheWorldRoot() {
        withContainer { $0.isoReport.register { c in IsoReport(store: c.isoStore()) } } operation: {
            let report = Container.shared.isoReport()
            #expect(report.store === Container.shared.isoStore())   // the world's store
        }
        #expect(Container.shared.isoReport().store !== Container.shared.isoStore())   // production: no override
    }
}
