import Testing
@testable import ScopedDemo

/// The summary's built / kept / discarded / released columns and verdicts, per variant.
@Suite struct SummaryColumnTests {
    /// `scenario#variant`: built, kept, discarded, released, verdict.
    static let expected: [String: [String]] = [
        "observed-object#0": ["6", "6", "0", "6", "avoid"],
        "observed-shared#0": ["2", "2", "0", "2", "avoid"],
        "stateobject-injected#0": ["6", "2", "4", "6", "avoid"],
        "stateobject-autoclosure#0": ["2", "2", "0", "2", "use"],
        "state-observable#0": ["6", "2", "4", "6", "avoid"],
        "lazy-shared#0": ["7", "6", "1", "7", "avoid"],
        "lazy-shared#1": ["2", "2", "0", "2", "avoid"],
        "lazy-shared#2": ["2", "2", "0", "2", "use"],
        "navigationlink-eager#0": ["21", "6", "15", "18", "avoid"],
        "navigationlink-scoped#0": ["2", "2", "0", "2", "use"],
        "multilevel#0": ["5", "5", "0", "5", "avoid"],
        "multilevel#1": ["4", "4", "0", "4", "use"],
        "multilevel#2": ["3", "3", "0", "3", "use"],
        "init-log#0": ["2", "2", "0", "2", "use"],
        "init-log#1": ["4", "4", "0", "4", "avoid"],
        "navigationlink-matrix#0": ["2", "2", "0", "2", "use"],
        "navigationlink-matrix#1": ["21", "2", "19", "18", "avoid"],
        "navigationlink-matrix#2": ["3", "2", "1", "0", "avoid"],
        "navigationlink-matrix#3": ["2", "2", "0", "2", "use"],
        "previews#0": ["4", "1", "3", "0", "avoid"],
        "previews#1": ["4", "1", "3", "0", "use"],
        "previews#2": ["3", "0", "3", "0", "use"],
        "stateobject-injected#1": ["2", "2", "0", "2", "use"],
        "multilevel#3": ["19", "19", "0", "19", "avoid"],
        "init-log#2": ["2", "2", "0", "2", "use"],
        "counter-navigationlink#0": ["2", "2", "0", "2", "use"],
        "appear-work#0": ["21", "2", "19", "18", "avoid"],
        "appear-work#1": ["21", "2", "19", "18", "use"],
        "uikit#0": ["13", "13", "0", "12", "avoid"],
        "uikit#1": ["14", "14", "0", "14", "use"],
    ]

    @MainActor
    @Test func builtIsKeptPlusDiscardedAndEveryVariantHasAVerdict() {
        var seen: [String: [String]] = [:]
        for scenario in ScenarioCatalog.all {
            for (index, result) in scenario.run(seed: 42, ticks: 12).enumerated() {
                #expect(result.inits == result.kept + result.discarded)
                #expect(result.code.split(separator: "\n").count <= 26, "\(scenario.name)#\(index)")
                #expect(!result.seedArticle.isEmpty)
                seen["\(scenario.name)#\(index)"] = [
                    String(result.inits), String(result.kept), String(result.discarded), String(result.deinits),
                    result.verdict.advice.rawValue,
                ]
            }
        }
        #expect(seen == Self.expected)
    }

    @MainActor
    @Test func scenarioFiveIsWorthUsingOnlyWithTheXcode27Macro() throws {
        let scenario = try #require(ScenarioCatalog.scenario(named: "state-observable"))
        #expect(scenario.run(seed: 42, ticks: 12, stateSDK: .xcode27)[0].verdict.advice == .use)
        #expect(scenario.run(seed: 42, ticks: 12, stateSDK: .xcode26)[0].verdict.advice == .avoid)
    }

    @MainActor
    @Test func aScenarioAlonePrintsItsCardNotATableRow() {
        let output = DemoCommand.run(arguments: ["--scenario", "stateobject-autoclosure"]).standardOutput
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "== 4 stateobject-autoclosure · @StateObject, built in autoclosure · seed 42 · 12 ticks")
        #expect(lines.contains("simulates:"))
        #expect(lines.contains("CounterViewModel#1    .+-o---x....   built t1 while mounting StateObjectCounterView · released t7"))
        #expect(lines.dropLast().last == "verdict: use — built once per presentation, lazily, inside the autoclosure; released on dismiss")
        #expect(!output.contains("max alive"))
    }
}
