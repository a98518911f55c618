import Foundation
import Testing
@testable import ScopedDemo

/// The demo's exact output, compared with the files in Tests/LifecycleTests/Golden.
///
/// After an intended change, regenerate them from the package root and review the diff:
///
/// ```sh
/// swift build --product ScopedDemo
/// for s in $(.build/debug/ScopedDemo --list | awk 'NF >= 3 && $1 ~ /^[0-9]+$/ { print $2 }'); do
///   for f in log timeline card; do .build/debug/ScopedDemo --scenario $s --format $f > Tests/LifecycleTests/Golden/$s.$f; done
/// done
/// for s in lazy-shared navigationlink-scoped multilevel; do
///   for f in dot mermaid; do .build/debug/ScopedDemo --scenario $s --format $f > Tests/LifecycleTests/Golden/$s.$f; done
/// done
/// for s in observed-shared navigationlink-scoped multilevel; do
///   .build/debug/ScopedDemo --scenario $s --format trace > Tests/LifecycleTests/Golden/$s.trace
/// done
/// for f in log card trace; do .build/debug/ScopedDemo --scenario leak-check --format $f > Tests/LifecycleTests/Golden/leak-check.$f; done
/// .build/debug/ScopedDemo --scenario init-log --format initlog > Tests/LifecycleTests/Golden/init-log.initlog
/// .build/debug/ScopedDemo > Tests/LifecycleTests/Golden/summary.txt
/// .build/debug/ScopedDemo --wide > Tests/LifecycleTests/Golden/summary-wide.txt
/// ```
@Suite struct GoldenOutputTests {
    /// Every scenario: its log (bodies, keeps, Scoped's reuses) and its timeline (reuse ticks).
    static let scenarios = [
        "observed-object", "observed-shared", "stateobject-injected", "stateobject-autoclosure", "state-observable",
        "lazy-shared", "navigationlink-eager", "navigationlink-scoped", "multilevel", "init-log", "navigationlink-matrix", "previews",
        "counter-navigationlink", "appear-work", "uikit",
    ]

    @MainActor
    @Test(arguments: scenarios, ["log", "timeline"])
    func scenarioOutputMatchesGolden(scenario: String, format: String) throws {
        let output = DemoCommand.run(arguments: ["--scenario", scenario, "--format", format])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput == (try Golden.text("\(scenario).\(format)")))
    }

    /// `--scenario NAME` alone prints the card: seed, code, timeline, verdict.
    @MainActor
    @Test(arguments: scenarios)
    func scenarioCardMatchesGolden(scenario: String) throws {
        let output = DemoCommand.run(arguments: ["--scenario", scenario])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput == (try Golden.text("\(scenario).card")))
    }

    /// The graph Scoped resolved, in both renderings, for the scenarios that use it.
    @MainActor
    @Test(arguments: ["lazy-shared", "navigationlink-scoped", "multilevel"], ["dot", "mermaid"])
    func resolvedGraphMatchesGolden(scenario: String, format: String) throws {
        let output = DemoCommand.run(arguments: ["--scenario", scenario, "--format", format])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput == (try Golden.text("\(scenario).\(format)")))
    }

    /// `--format trace`: the Trace Event file of the counter sheet (observed-shared) and
    /// two scenarios with lifetime scopes, checked against the format's documented fields
    /// and the golden file.
    @MainActor
    @Test(arguments: ["observed-shared", "navigationlink-scoped", "multilevel"])
    func traceFileMatchesGoldenAndTheFormat(scenario: String) throws {
        let output = DemoCommand.run(arguments: ["--scenario", scenario, "--format", "trace"])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput == (try Golden.text("\(scenario).trace")))
        let object = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any]
        let events = try #require(object?["traceEvents"] as? [[String: Any]])
        #expect(events.contains { $0["ph"] as? String == "X" })
        for event in events {
            let phase = try #require(event["ph"] as? String)
            #expect(["M", "X", "i", "s", "f"].contains(phase))
            #expect(event["name"] is String && event["pid"] is Int)
            guard phase != "M" else { continue }
            #expect(event["ts"] is Int && event["tid"] is Int && event["cat"] is String)
            if phase == "X" { #expect((event["dur"] as? Int ?? -1) >= 0 && event["args"] is [String: Any]) }
            if phase == "s" || phase == "f" { #expect(event["id"] is Int) }
        }
    }

    /// Scenario 16 (by name only): the leak check names the view model the feed keeps after
    /// its screen's pop, in the log and as an instant in the trace; `[weak self]` leaks nothing.
    @MainActor
    @Test(arguments: ["log", "card", "trace"])
    func leakCheckScenarioMatchesGolden(format: String) throws {
        let output = DemoCommand.run(arguments: ["--scenario", "leak-check", "--format", format])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput == (try Golden.text("leak-check.\(format)")))
        guard format == "log" else { return }
        let variants = output.standardOutput.components(separatedBy: "\n\n== ")
        #expect(variants.count == 2)
        #expect(variants[0].contains(
            "t=07s  scoped.leaked    FeedDetailViewModel#1     feedDetail(weakly:)[2] .scoped released by detail#1, still alive"))
        #expect(!variants[1].contains("scoped.leaked"))
        #expect(!DemoCommand.run(arguments: ["--list"]).standardOutput.contains("leak-check"))
    }

    @MainActor
    @Test func summaryMatchesGolden() throws {
        #expect(DemoCommand.run(arguments: []).standardOutput == (try Golden.text("summary.txt")))
        #expect(DemoCommand.run(arguments: ["--wide"]).standardOutput == (try Golden.text("summary-wide.txt")))
    }

    /// The built executable, spawned as a user runs it, prints the same.
    @Test func builtExecutablePrintsTheGoldenOutput() throws {
        let executable = Golden.demoExecutable
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "no demo binary at \(executable.path)")
        let summary = try spawn(executable, [])
        #expect(summary.exitCode == 0)
        #expect(summary.standardError.isEmpty)
        #expect(summary.standardOutput == (try Golden.text("summary.txt")))
        let timeline = try spawn(executable, ["--scenario", "navigationlink-scoped", "--format", "timeline"])
        #expect(timeline.standardOutput == (try Golden.text("navigationlink-scoped.timeline")))
        let log = try spawn(executable, ["--scenario", "multilevel", "--format", "log"])
        #expect(log.standardOutput == (try Golden.text("multilevel.log")))
    }

    @Test func builtExecutableRejectsBadArgumentsWithExitCodeTwo() throws {
        let executable = Golden.demoExecutable
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "no demo binary at \(executable.path)")
        let bad = try spawn(executable, ["--format", "xml"])
        #expect(bad.exitCode == 2)
        #expect(bad.standardOutput.isEmpty)
        #expect(bad.standardError.split(separator: "\n").first == "ScopedDemo: error: unknown format 'xml' (use summary, card, log, initlog, timeline, json, dot, mermaid or trace)")
        #expect(bad.standardError.hasSuffix(DemoOptions.usage))
    }
}
