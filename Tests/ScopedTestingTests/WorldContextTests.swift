import ScopedTesting
import Testing

/// Which body made an instance.
private final class Made: Sendable {
    let by: String
    init(_ by: String) { self.by = by }
}

extension Container {
    fileprivate var contextual: Factory<Made> {
        self { Made("declared") }
            .onTest { Made("test") }
            .onPreview { Made("preview") }
            .onArg("-worldMock") { Made("argument") }
            .onDebug { Made("debug") }
    }
    fileprivate var contextualCached: Factory<Made> {
        self { Made("declared") }.onPreview { Made("preview") }.cached
    }
    fileprivate var byArgs: Factory<Made> {
        self { Made("declared") }.onArgs(["-a", "-b"]) { Made("args") }
    }
    fileprivate var contextualParameter: ParameterFactory<Int, Made> {
        self { Made("declared \($0)") }.onPreview { Made("preview \($0)") }
    }
}

/// Contexts set per container world (`withContainer(context:)`, `.container(context:)`):
/// Factory's `FactoryContext.current.isPreview = true`, without touching parallel tests.
@Suite struct WorldContextTests {
    @Test func outsideAnyWorldTheProcessContextsApply() {
        #expect(FactoryContext.current == .process)
        #expect(Container.shared.contextual().by == "test")   // isTest under swift test; no -worldMock
    }

    @Test func aWorldAsIfInAPreviewUsesOnPreview() {
        withContainer(context: .init(isPreview: true)) {
            #expect(FactoryContext.current.isPreview)
            #expect(Container.shared.contextual().by == "preview")
            #expect(Container.shared.contextualParameter(3).by == "preview 3")
        }
        #expect(Container.shared.contextual().by == "test")
        #expect(!FactoryContext.current.isPreview || FactoryContext.isPreview)
    }

    @Test func aWorldNotInATestFallsToTheNextContext() {
        withContainer(context: .init(isTest: false, isDebug: true)) {
            #expect(Container.shared.contextual().by == "debug")
        }
        withContainer(context: .init(isTest: false, isDebug: false)) {
            #expect(Container.shared.contextual().by == "declared")
        }
    }

    @Test func precedenceIsRegisterThenArgumentThenPreviewThenTest() {
        let all = FactoryContext.Values(isTest: true, isPreview: true, isDebug: true, addingArguments: ["-worldMock"])
        withContainer(context: all) {
            #expect(Container.shared.contextual().by == "argument")
        }
        withContainer(context: all) { $0.contextual.register { Made("registered") } } operation: {
            #expect(Container.shared.contextual().by == "registered")
        }
        withContainer(context: .init(isTest: true, isPreview: true)) {
            #expect(Container.shared.contextual().by == "preview")
        }
    }

    @Test func argumentsCanBeAddedOrReplaced() {
        withContainer(context: .init(addingArguments: ["-b"])) {
            #expect(FactoryContext.current.arguments.last == "-b")
            #expect(FactoryContext.current.arguments.dropLast() == FactoryContext.arguments[...])
            #expect(Container.shared.byArgs().by == "args")
        }
        withContainer(context: .init(arguments: [])) {
            #expect(FactoryContext.current.arguments.isEmpty)
            #expect(Container.shared.byArgs().by == "declared")
        }
    }

    @Test func nestedWorldsInheritAndMayChangeTheContexts() {
        withContainer(context: .init(isPreview: true)) {
            withContainer {
                #expect(Container.shared.contextual().by == "preview")
            }
            withContainer(context: .init(isPreview: false)) {
                #expect(Container.shared.contextual().by == "test")
                #expect(FactoryContext.current.isPreview == false)
            }
            #expect(Container.shared.contextual().by == "preview")
        }
    }

    @Test func cachedInstancesStayInTheirWorld() {
        let outside = Container.shared.contextualCached()
        withContainer(context: .init(isPreview: true)) {
            #expect(Container.shared.contextualCached().by == "preview")
            #expect(Container.shared.contextualCached() !== outside)
        }
        #expect(Container.shared.contextualCached() === outside)
    }

    @Test func parallelWorldsWithDifferentContextsSeeDifferentBodies() async {
        let results = await withTaskGroup(of: (Int, [String]).self) { group in
            for index in 0..<8 {
                group.addTask {
                    let preview = index.isMultiple(of: 2)
                    return await withContainer(context: .init(isPreview: preview)) {
                        var seen: [String] = []
                        for _ in 0..<50 {
                            seen.append(Container.shared.contextual().by)
                            await Task.yield()
                        }
                        return (index, seen)
                    }
                }
            }
            var all: [(Int, [String])] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8)
        for (index, seen) in results {
            let expected = index.isMultiple(of: 2) ? "preview" : "test"
            #expect(seen.allSatisfy { $0 == expected }, "world \(index) saw \(Set(seen))")
        }
    }

    @Test(.container(context: .init(isTest: false, isPreview: true)))
    func theTraitGivesTheTestsWorldItsContexts() {
        #expect(Container.shared.contextual().by == "preview")
    }

    @Test(.container(context: .init(isPreview: true)) { $0.contextual.register { Made("registered") } })
    func theTraitsOverridesStillOutrankContexts() {
        #expect(Container.shared.contextual().by == "registered")
    }

    @Test(.container { $0.contextualCached.register { Made("outer") } }, .container(context: .init(isPreview: true)))
    func aTraitWithContextsInsideAnotherKeepsItsOverrides() {
        #expect(FactoryContext.current.isPreview)
        #expect(Container.shared.contextualCached().by == "outer")
        #expect(Container.shared.contextual().by == "preview")
    }
}

extension Container {
    fileprivate var keptByContextWorld: Factory<Made> { self { Made("declared") } }
    fileprivate var keptStoredContext: Factory<Made> { self { Made("declared") } }
}

/// `withContainer(context:)` keeps the calling code's overrides (#41 item 1): Factory's
/// tests register in `setUp`, then set `FactoryContext.current` and resolve.
@Suite(.serialized) struct ContextWorldInheritanceTests {
    @Test func aContextWorldSeesWhatProductionRegisteredBeforeIt() {
        Container.shared.keptByContextWorld.register { Made("registered") }   // a setUp outside any world
        defer { Container.shared.keptByContextWorld.reset() }
        withContainer(context: .init(isTest: false, isPreview: true)) {
            #expect(Container.shared.keptByContextWorld().by == "registered")
            Container.shared.keptByContextWorld.register { Made("inside") }
            #expect(Container.shared.keptByContextWorld().by == "inside")
        }
        #expect(Container.shared.keptByContextWorld().by == "registered")   // copied, not shared
        withContainer {
            #expect(Container.shared.keptByContextWorld().by == "declared")   // a plain world starts fresh
        }
    }

    @Test func aContextWorldSeesARunTimeContextModifierStoredBeforeIt() {
        Container.shared.keptStoredContext.onPreview { Made("preview") }
        defer { Container.shared.keptStoredContext.reset() }
        #expect(Container.shared.keptStoredContext().by == "declared")
        withContainer(context: .init(isPreview: true)) {
            #expect(Container.shared.keptStoredContext().by == "preview")
        }
    }
}
