import Testing
@testable import ScopedDemo

/// What the scenarios show beyond the counts: where instances are built, how counts grow
/// with the run's length, Scoped's events, and determinism.
@Suite struct ScenarioBehaviourTests {
    /// Renders of the counter sheet while presented: each presentation, plus every timer
    /// re-render (even ticks) while it is up.
    static func presentedRenders(ticks: Int) -> Int {
        let last = ticks % 2 == 0 ? ticks - 1 : ticks - 2
        let firstDismiss = last - 4
        let secondPresent = last - 2
        let evens = { (range: Range<Int>) in range.filter { $0 % 2 == 0 }.count }
        return 1 + evens(2..<firstDismiss) + 1 + evens((secondPresent + 1)..<last)
    }

    @MainActor
    @Test(arguments: [10, 11, 14, 20])
    func eagerScenariosBuildOnePerRenderLazyOnesOnePerPresentation(ticks: Int) throws {
        for name in ["observed-object", "stateobject-injected", "state-observable"] {
            #expect(try results(of: name, ticks: ticks)[0].inits == Self.presentedRenders(ticks: ticks), "\(name)")
        }
        for name in ["observed-shared", "stateobject-autoclosure", "navigationlink-scoped"] {
            #expect(try results(of: name, ticks: ticks)[0].inits == 2, "\(name)")
        }
        #expect(try results(of: "lazy-shared", ticks: ticks).dropFirst().map(\.inits) == [2, 2])
        // The feed re-renders the list on every even tick; the list's own task, restarted by
        // the first pop, fires once more (2 s later, just before the second push).
        let listRenders = 1 + (2..<ticks).filter { $0 % 2 == 0 }.count + 1
        #expect(try results(of: "navigationlink-eager", ticks: ticks)[0].inits == 3 * listRenders)
    }

    @MainActor
    @Test func whereEachScenarioBuildsItsViewModels() throws {
        let expected = [
            // On the model of SwiftUI a sheet's content is made when the graph builds the sheet,
            // after the presenter's body returned (Tests/SwiftUIModel/SwiftUI/Presentation.swift).
            "observed-object": "after ContentView.body",
            "observed-shared": "after ContentView.body",
            "stateobject-injected": "after ContentView.body",
            "stateobject-autoclosure": "while mounting StateObjectCounterView",
            "state-observable": "after ContentView.body",
            // On the model of SwiftUI a `ForEach` row is made after the list's body returned
            // (Tests/SwiftUIModel/SwiftUI/Views.swift, developer.apple.com/documentation/swiftui/foreach).
            "navigationlink-eager": "after ItemListView.body",
            "navigationlink-scoped": "in ScopedDetailView.body",
        ]
        for (name, place) in expected {
            let places = Set(try results(of: name)[0].viewModels.map(\.builtWhere))
            #expect(places == [place], "\(name)")
        }
        let lazyShared = try results(of: "lazy-shared").map { Set($0.viewModels.map(\.builtWhere)) }
        #expect(lazyShared == [
            ["in ClosureCounterView.body", "outside rendering"], ["in HeldClosureCounterView.body"], ["in ScopedCounterView.body"],
        ])
    }

    @MainActor
    @Test func stateObjectAutoclosureRunsOnlyWhenTheNodeIsCreated() throws {
        let result = try results(of: "stateobject-autoclosure")[0]
        let keeps = result.events.filter { $0.kind == .keep }
        // On the model of SwiftUI only a body run installs a new description: the parent's
        // re-renders hand equal inputs (skipped); the t3 tap re-runs the counter's body.
        #expect(keeps.map(\.tick) == [3])
        #expect(keeps.first?.detail == "@StateObject keeps CounterViewModel#1; autoclosure not run")
        #expect(result.events.filter { $0.kind == .initialized }.map(\.tick) == [1, 9])
    }

    @MainActor
    @Test func stateKeepsTheFirstInitialValueAndDropsTheRest() throws {
        let keeps = try results(of: "state-observable")[0].events.filter { $0.kind == .keep }.map(\.detail)
        // On the model of SwiftUI only a body run installs a new description (t3, the tap).
        #expect(keeps == ["@State keeps CounterViewModel#1; CounterViewModel#2 is unused"])
    }

    @MainActor
    @Test func sharedScopeReusesWhilePresentedAndBuildsFreshAfterDismiss() throws {
        let events = try results(of: "observed-shared")[0].events
        #expect(events.filter { $0.kind == .scopedCreated }.map(\.tick) == [1, 9])
        #expect(events.filter { $0.kind == .scopedReused }.map(\.tick) == [2, 4, 6, 10])
        // `.shared` holds weakly: no scope releases it, the sheet's last reference does.
        #expect(events.filter { $0.kind == .scopedReleased }.isEmpty)
    }

    @MainActor
    @Test func lifetimeScopeOpensOnPushAndReleasesOnPop() throws {
        let events = try results(of: "navigationlink-scoped")[0].events
        func ticks(_ kind: TraceEvent.Kind) -> [Int] { events.filter { $0.kind == kind }.map(\.tick) }
        // Every list render makes three `.lifetimeScope` descriptions; only a push's node
        // opens a scope (the shipped LifetimeScopeModifier's owner, kept in @StateObject, run
        // on the model of SwiftUI).
        #expect(ticks(.scopedOpened) == [1, 9])
        #expect(ticks(.scopedCreated) == [1, 9])
        // @ScopedObject's slot keeps the view model: re-renders resolve nothing.
        #expect(ticks(.scopedReused) == [])
        #expect(ticks(.scopedReleased) == [7, 11])
        #expect(ticks(.scopedClosed) == [7, 11])
        let atPop = events.filter { $0.tick == 7 && $0.kind != .unmount && $0.kind != .pop }
        // The model ends a node's children before the node (ViewGraph.swift): the screen, then
        // the modifier whose owner closes the scope.
        #expect(atPop.map { "\($0.kind.rawValue) \($0.subject)" } == [
            "disappear ScopedDetailView", "disappear LifetimeScopeModifier",
            "scoped.released DetailViewModel#1", "deinit DetailViewModel#1", "sub.cancel DetailViewModel#1",
            "scoped.closed detail#1", "appear ItemListView", "task.start ItemListView",
        ])
    }

    @MainActor
    @Test func multilevelPropagatesBothWaysAndScopeReleasesNewestFirst() throws {
        for result in try results(of: "multilevel") {
            let texts = result.events.filter { $0.kind == .text }.map { "t\($0.tick) \($0.detail)" }
            #expect(texts.contains("t3 \"A sees 13\""), "parent → child in \(result.label)")
            #expect(texts.contains("t2 \"number 0 · total 1\""), "child → parent in \(result.label)")
        }
        let scoped = try results(of: "multilevel")[2]
        let released = scoped.events.filter { $0.kind == .scopedReleased }
        #expect(released.map(\.subject) == ["ChildViewModel#2", "ChildViewModel#1", "ParentViewModel#1"])
        #expect(released.allSatisfy { $0.tick == 10 })
        #expect(scoped.events.filter { $0.kind == .unmount && $0.tick == 4 }.map(\.subject) == ["ScopedChildView", "ScopedChildView"])
        #expect(scoped.events.filter { $0.kind == .deinitialized && $0.tick == 4 }.isEmpty)
    }

    @MainActor
    @Test func initLogResolvesTheStoreOnceOrOnEveryBodyEvaluation() throws {
        let variants = try results(of: "init-log")
        let bodies = variants.map { $0.events.filter { $0.kind == .body && $0.subject == "HomeView" }.count }
        #expect(bodies == [3, 3, 3])
        let storeEvents = variants.map { result in
            result.events.filter { $0.kind == .scopedCreated || $0.kind == .scopedReused }.map(\.kind.rawValue)
        }
        #expect(storeEvents == [["scoped.created"], ["scoped.created", "scoped.reused", "scoped.reused"], []])
        let inits = variants[1].events.filter { $0.kind == .initialized && $0.subject.hasPrefix("BottomBar") }.map(\.detail)
        #expect(inits == Array(repeating: "init(entryStore: EntryStore#1) · built in HomeView.body", count: 3))
    }

    @MainActor
    @Test func initLogAlwaysRunsSixTicks() throws {
        let short = try results(of: "init-log", ticks: 10)
        let long = try results(of: "init-log", ticks: 60)
        #expect(short.map(\.events) == long.map(\.events))
        #expect(short.map(\.ticks) == [6, 6, 6])
    }

    @MainActor
    @Test func sameSeedSameOutputOtherSeedSameCounts() throws {
        let first = DemoCommand.run(arguments: ["--format", "json"])
        let second = DemoCommand.run(arguments: ["--format", "json"])
        #expect(first == second)
        let otherSeed = DemoCommand.run(arguments: ["--format", "json", "--seed", "7"])
        #expect(otherSeed.standardOutput != first.standardOutput)
        for scenario in ScenarioCatalog.all {
            let counts42 = scenario.run(seed: 42, ticks: 12).map(\.counts)
            let counts7 = scenario.run(seed: 7, ticks: 12).map(\.counts)
            #expect(counts42 == counts7, "\(scenario.name)")
        }
    }

    @MainActor
    @Test func eachScenarioAloneMatchesItsPartOfTheFullRun() {
        for format in ["log", "timeline", "json"] {
            let all = DemoCommand.run(arguments: ["--format", format]).standardOutput
            let separator = format == "json" ? "" : "\n"
            let alone = ScenarioCatalog.all.map { scenario in
                DemoCommand.run(arguments: ["--scenario", scenario.name, "--format", format]).standardOutput
            }.joined(separator: separator)
            #expect(all == alone, "\(format)")
        }
    }
}
