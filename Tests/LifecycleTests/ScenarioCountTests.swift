import Testing
@testable import ScopedDemo

/// The exact numbers of every scenario variant at the default seed (42) and length
/// (12 ticks): view-model inits and deinits, the most alive at once, built lazily, state
/// kept, released on dismiss — and the tick in which every traced instance was built and
/// released. Any change to the simulated SwiftUI semantics or to Scoped that changes one
/// of them fails here.
@Suite struct ScenarioCountTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        let scenario: String
        let variant: Int
        /// inits, deinits, max alive, lazy, state kept, released on dismiss.
        let counts: [String]
        let lifelines: [String]

        var testDescription: String { "\(scenario) #\(variant)" }
    }

    /// Scenario 14's instances, the same in both rows.
    static let appearWorkLifelines = ["ItemFeed#1 0→"] + [
        // #5 (row 2's description at t2) reaches the pushed screen's body when the t3 tap re-runs
        // it; the screen's Increment button captured that description and keeps it until
        // the pop (on the model of SwiftUI, a button's action holds the view value it captured).
        "0→2", "0→7", "0→2", "2→4", "2→7", "2→4", "4→6", "4→6", "4→6", "6→8", "6→8", "6→8",
        "8→9", "8→9", "8→9", "9→10", "9→10", "9→11", "10→", "10→", "10→",
    ].enumerated().map { "WorkViewModel#\($0.offset + 1) \($0.element)" }

    /// Scenario 15's cell view models `numbers`, four per table reload (t1, t3, t9), each
    /// released in the tick it was built.
    static func uikitCells(_ numbers: ClosedRange<Int>) -> [String] {
        numbers.map { number in
            let tick = [1, 3, 9][(number - 1) / 4]
            return "ArticleCellViewModel#\(number) \(tick)→\(tick)"
        }
    }

    static let expectations: [Expectation] = [
        Expectation(
            scenario: "observed-object", variant: 0, counts: ["6", "6", "2", "no", "no", "yes"],
            lifelines: [
                "CounterViewModel#1 1→2", "CounterViewModel#2 2→4", "CounterViewModel#3 4→6",
                "CounterViewModel#4 6→7", "CounterViewModel#5 9→10", "CounterViewModel#6 10→11",
            ]),
        Expectation(
            scenario: "observed-shared", variant: 0, counts: ["2", "2", "1", "no", "yes", "yes"],
            lifelines: ["CounterViewModel#1 1→7", "CounterViewModel#2 9→11"]),
        Expectation(
            // Max alive 4, not the simulation's 3: #2, the t2 description's instance, reaches the
            // counter's body when the t3 tap re-runs it; its Increment button keeps that description
            // until the dismissal (on the model of SwiftUI a button's action holds the view value it
            // captured, and later descriptions with equal inputs do not re-run the body).
            scenario: "stateobject-injected", variant: 0, counts: ["6", "6", "4", "no", "yes", "yes"],
            lifelines: [
                "CounterViewModel#1 1→7", "CounterViewModel#2 2→7", "CounterViewModel#3 4→6",
                "CounterViewModel#4 6→7", "CounterViewModel#5 9→11", "CounterViewModel#6 10→11",
            ]),
        Expectation(
            scenario: "stateobject-injected", variant: 1, counts: ["2", "2", "1", "yes", "yes", "yes"],
            lifelines: [
                "CounterViewModel#1 1→7",
                "CounterViewModel#2 9→11",
            ]),
        Expectation(
            scenario: "stateobject-autoclosure", variant: 0, counts: ["2", "2", "1", "yes", "yes", "yes"],
            lifelines: ["CounterViewModel#1 1→7", "CounterViewModel#2 9→11"]),
        Expectation(
            // Max alive 4, not the simulation's 3: #2, the t2 description's instance, reaches the
            // counter's body when the t3 tap re-runs it; its Increment button keeps that description
            // until the dismissal (on the model of SwiftUI a button's action holds the view value it
            // captured, and later descriptions with equal inputs do not re-run the body).
            scenario: "state-observable", variant: 0, counts: ["6", "6", "4", "no", "yes", "yes"],
            lifelines: [
                "CounterViewModel#1 1→7", "CounterViewModel#2 2→7", "CounterViewModel#3 4→6",
                "CounterViewModel#4 6→7", "CounterViewModel#5 9→11", "CounterViewModel#6 10→11",
            ]),
        Expectation(
            scenario: "lazy-shared", variant: 0, counts: ["7", "7", "1", "no", "no", "yes"],
            lifelines: [
                "CounterViewModel#1 1→1", "CounterViewModel#2 2→2", "CounterViewModel#3 3→3", "CounterViewModel#4 4→4",
                "CounterViewModel#5 6→6", "CounterViewModel#6 9→9", "CounterViewModel#7 10→10",
            ]),
        Expectation(
            scenario: "lazy-shared", variant: 1, counts: ["2", "2", "1", "no", "yes", "yes"],
            lifelines: ["CounterViewModel#1 1→7", "CounterViewModel#2 9→11"]),
        Expectation(
            scenario: "lazy-shared", variant: 2, counts: ["2", "2", "1", "yes", "yes", "yes"],
            lifelines: ["CounterViewModel#1 1→7", "CounterViewModel#2 9→11"]),
        Expectation(
            // Max alive 5, not the simulation's 6: `ForEach` rows are made after the list's body,
            // one at a time, each row's previous destination going before the next row is made
            // (developer.apple.com/documentation/swiftui/foreach, Tests/SwiftUIModel/SwiftUI/Views.swift).
            scenario: "navigationlink-eager", variant: 0, counts: ["21", "18", "5", "no", "no", "no"],
            lifelines: [
                "ItemFeed#1 0→",
                "DetailViewModel#1 0→2", "DetailViewModel#2 0→2", "DetailViewModel#3 0→2",
                "DetailViewModel#4 2→4", "DetailViewModel#5 2→4", "DetailViewModel#6 2→4",
                "DetailViewModel#7 4→6", "DetailViewModel#8 4→6", "DetailViewModel#9 4→6",
                "DetailViewModel#10 6→8", "DetailViewModel#11 6→8", "DetailViewModel#12 6→8",
                "DetailViewModel#13 8→9", "DetailViewModel#14 8→9", "DetailViewModel#15 8→9",
                "DetailViewModel#16 9→10", "DetailViewModel#17 9→10", "DetailViewModel#18 9→10",
                "DetailViewModel#19 10→", "DetailViewModel#20 10→", "DetailViewModel#21 10→",
            ]),
        Expectation(
            scenario: "navigationlink-scoped", variant: 0, counts: ["2", "2", "1", "yes", "yes", "yes"],
            lifelines: ["ItemFeed#1 0→", "DetailViewModel#1 1→7", "DetailViewModel#2 9→11"]),
        Expectation(
            scenario: "multilevel", variant: 0, counts: ["5", "5", "3", "yes", "no", "yes"],
            lifelines: [
                "ParentViewModel#1 1→10", "ChildViewModel#1 1→4", "ChildViewModel#2 1→4",
                "ChildViewModel#3 6→10", "ChildViewModel#4 6→10",
            ]),
        Expectation(
            scenario: "multilevel", variant: 1, counts: ["4", "4", "4", "no", "yes", "yes"],
            lifelines: ["ChildViewModel#1 1→10", "ChildViewModel#2 1→10", "ChildViewModel#3 1→10", "OwningParentViewModel#1 1→10"]),
        Expectation(
            scenario: "multilevel", variant: 2, counts: ["3", "3", "3", "yes", "yes", "yes"],
            lifelines: ["ParentViewModel#1 1→10", "ChildViewModel#1 1→10", "ChildViewModel#2 1→10"]),
        Expectation(
            scenario: "multilevel", variant: 3, counts: ["19", "19", "7", "no", "no", "yes"],
            lifelines: [
                "ParentViewModel#1 1→10",
                "ChildViewModel#1 1→2",
                "ChildViewModel#2 1→2",
                "ChildViewModel#3 1→2",
                "ChildViewModel#4 2→3",
                "ChildViewModel#5 2→3",
                "ChildViewModel#6 2→3",
                "ChildViewModel#7 3→4",
                "ChildViewModel#8 3→4",
                "ChildViewModel#9 3→4",
                "ChildViewModel#10 6→7",
                "ChildViewModel#11 6→7",
                "ChildViewModel#12 6→7",
                "ChildViewModel#13 7→9",
                "ChildViewModel#14 7→9",
                "ChildViewModel#15 7→9",
                "ChildViewModel#16 9→10",
                "ChildViewModel#17 9→10",
                "ChildViewModel#18 9→10",
            ]),
        Expectation(
            scenario: "init-log", variant: 0, counts: ["2", "2", "2", "yes", "yes", "yes"],
            lifelines: ["HomeViewModel#1 0→5", "EntryStore#1 0→", "BottomBarViewModel#1 0→5"]),
        Expectation(
            scenario: "init-log", variant: 1, counts: ["4", "4", "3", "no", "no", "yes"],
            lifelines: [
                "HomeViewModel#1 0→5", "EntryStore#1 0→", "BottomBarViewModel#1 0→2",
                "BottomBarViewModel#2 2→4", "BottomBarViewModel#3 4→5",
            ]),
        Expectation(
            scenario: "init-log", variant: 2, counts: ["2", "2", "2", "yes", "yes", "yes"],
            lifelines: [
                "Package#1 0→",
                "HomeViewModel#1 0→5",
                "PackageViewModel#1 0→5",
            ]),
        Expectation(
            scenario: "navigationlink-matrix", variant: 0, counts: ["2", "2", "1", "yes", "yes", "yes"],
            lifelines: ["ItemFeed#1 0→", "DetailViewModel#1 1→7", "DetailViewModel#2 9→11"]),
        Expectation(
            // #5 (row 2's description at t2) reaches the pushed screen's body at the t3 tap; its
            // Increment button keeps it until the pop (as in 14, scenarioCountsAndLifelines).
            scenario: "navigationlink-matrix", variant: 1, counts: ["21", "18", "7", "no", "yes", "yes"],
            lifelines: [
                "ItemFeed#1 0→",
                "DetailViewModel#1 0→2", "DetailViewModel#2 0→7", "DetailViewModel#3 0→2",
                "DetailViewModel#4 2→4", "DetailViewModel#5 2→7", "DetailViewModel#6 2→4",
                "DetailViewModel#7 4→6", "DetailViewModel#8 4→6", "DetailViewModel#9 4→6",
                "DetailViewModel#10 6→8", "DetailViewModel#11 6→8", "DetailViewModel#12 6→8",
                "DetailViewModel#13 8→9", "DetailViewModel#14 8→9", "DetailViewModel#15 8→9",
                "DetailViewModel#16 9→10", "DetailViewModel#17 9→10", "DetailViewModel#18 9→11",
                "DetailViewModel#19 10→", "DetailViewModel#20 10→", "DetailViewModel#21 10→",
            ]),
        Expectation(
            scenario: "navigationlink-matrix", variant: 2, counts: ["3", "0", "3", "no", "yes", "no"],
            lifelines: ["ItemFeed#1 0→", "DetailViewModel#1 0→", "DetailViewModel#2 0→", "DetailViewModel#3 0→"]),
        Expectation(
            scenario: "navigationlink-matrix", variant: 3, counts: ["2", "2", "1", "yes", "yes", "yes"],
            lifelines: ["ItemFeed#1 0→", "DetailViewModel#1 1→7", "DetailViewModel#2 9→11"]),
        Expectation(
            scenario: "previews", variant: 0, counts: ["4", "0", "4", "no", "n/a", "n/a"],
            lifelines: [
                "StubPokemonListViewModel#1 0→", "PokemonService#1 0→", "PokemonDetailViewModel#1 0→", "PokemonService#2 0→",
                "PokemonDetailViewModel#2 0→", "PokemonService#3 0→", "PokemonDetailViewModel#3 0→",
            ]),
        Expectation(
            scenario: "previews", variant: 1, counts: ["4", "0", "4", "no", "n/a", "n/a"],
            lifelines: [
                "StubPokemonListViewModel#1 0→", "StubPokemonDetailViewModel#1 0→", "StubPokemonDetailViewModel#2 0→",
                "StubPokemonDetailViewModel#3 0→",
            ]),
        Expectation(
            scenario: "previews", variant: 2, counts: ["3", "0", "3", "no", "n/a", "n/a"],
            lifelines: ["StubPokemonDetailViewModel#1 0→", "StubPokemonDetailViewModel#2 0→", "StubPokemonDetailViewModel#3 0→"]),
        Expectation(
            scenario: "counter-navigationlink", variant: 0, counts: ["2", "2", "1", "yes", "yes", "yes"],
            lifelines: [
                "CounterViewModel#1 1→7",
                "CounterViewModel#2 9→11",
            ]),
        // Both rows build the same view models (eagerly, per row); only where the work starts differs.
        Expectation(
            scenario: "appear-work", variant: 0, counts: ["21", "18", "7", "no", "yes", "yes"], lifelines: appearWorkLifelines),
        Expectation(
            scenario: "appear-work", variant: 1, counts: ["21", "18", "7", "no", "yes", "yes"], lifelines: appearWorkLifelines),
        Expectation(
            scenario: "uikit", variant: 0, counts: ["13", "12", "5", "no", "yes", "no"],
            lifelines: ["ArticleListViewModel#1 0→", "ArticleAppDelegate#1 0→", "ArticleTableController#1 1→7"]
                + uikitCells(1...8) + ["ArticleTableController#2 9→11"] + uikitCells(9...12)),
        Expectation(
            scenario: "uikit", variant: 1, counts: ["14", "14", "5", "yes", "yes", "yes"],
            lifelines: ["ArticleTableController#1 1→7", "ArticleListViewModel#1 1→7"] + uikitCells(1...8)
                + ["ArticleTableController#2 9→11", "ArticleListViewModel#2 9→11"] + uikitCells(9...12)),
    ]

    @MainActor
    @Test(arguments: expectations)
    func scenarioCountsAndLifelines(_ expected: Expectation) throws {
        let all = try results(of: expected.scenario)
        let result = try #require(all.indices.contains(expected.variant) ? all[expected.variant] : nil)
        #expect(result.counts == expected.counts)
        #expect(result.lifelines == expected.lifelines)
    }

    @MainActor
    @Test func everyScenarioVariantHasAnExpectation() {
        let variants = ScenarioCatalog.all.flatMap { scenario in scenario.variants.indices.map { "\(scenario.name) #\($0)" } }
        #expect(variants == Self.expectations.map(\.testDescription))
        #expect(ScenarioCatalog.all.map(\.number) == Array(1...15))
    }
}
