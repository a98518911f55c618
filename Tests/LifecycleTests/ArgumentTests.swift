import Testing
@testable import ScopedDemo

/// The hand-written argument parser and the command's exit codes.
@Suite struct ArgumentTests {
    @Test func defaultsAndEveryOption() throws {
        #expect(try DemoOptions.parse([]) == DemoOptions())
        let options = try DemoOptions.parse(["--scenario", "8", "--format=timeline", "--seed", "7", "--ticks=20"])
        #expect(options.scenario == "navigationlink-scoped")
        #expect(options.format == .timeline)
        #expect(options.seed == 7)
        #expect(options.ticks == 20)
        #expect(options.stateSDK == .xcode26)
        #expect(try DemoOptions.parse(["--sdk", "27"]).stateSDK == .xcode27)
        #expect(try DemoOptions.parse(["--sdk=26"]).stateSDK == .xcode26)
        #expect(try DemoOptions.parse(["--seed", "1", "--seed", "2"]).seed == 2)
        #expect(try DemoOptions.parse(["--list"]).list)
        #expect(try DemoOptions.parse(["-h"]).help)
    }

    @MainActor
    @Test(arguments: [
        (["--bogus"], "unknown argument '--bogus'"),
        (["extra"], "unknown argument 'extra'"),
        (["--scenario"], "--scenario needs a value"),
        (["--seed", "--list"], "--seed needs a value"),
        (["--scenario", "nope"], "unknown scenario 'nope' (--list shows the names)"),
        (["--scenario", "17"], "unknown scenario '17' (--list shows the names)"),
        (["--format", "xml"], "unknown format 'xml' (use summary, card, log, initlog, timeline, json, dot, mermaid or trace)"),
        (["--seed", "-1"], "--seed must be a whole number from 0 to 18446744073709551615, got '-1'"),
        (["--ticks", "9"], "--ticks must be a whole number from 10 to 100, got '9'"),
        (["--ticks=abc"], "--ticks must be a whole number from 10 to 100, got 'abc'"),
        (["--sdk", "17"], "--sdk must be 26 or 27, got '17'"),
        (["--list=yes"], "unknown argument '--list=yes'"),
    ])
    func badArgumentsPrintOneLineAndUsageAndExitTwo(arguments: [String], message: String) {
        let output = DemoCommand.run(arguments: arguments)
        #expect(output.exitCode == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError == "ScopedDemo: error: \(message)\n" + DemoOptions.usage)
    }

    @MainActor
    @Test func helpAndListExitZero() {
        let help = DemoCommand.run(arguments: ["--help"])
        #expect(help == DemoCommand.Output(standardOutput: DemoOptions.usage))
        #expect(help.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 100 })
        let list = DemoCommand.run(arguments: ["--list"])
        #expect(list.exitCode == 0)
        // A scenario's first line starts with its number (30-demo.sh reads the names so).
        let names = list.standardOutput.split(separator: "\n").map { $0.split(separator: " ") }
            .filter { $0.count >= 3 && Int($0[0]) != nil }.map { $0[1] }
        #expect(names == [
            "observed-object", "observed-shared", "stateobject-injected", "stateobject-autoclosure", "state-observable",
            "lazy-shared", "navigationlink-eager", "navigationlink-scoped", "multilevel", "init-log", "navigationlink-matrix", "previews",
            "counter-navigationlink", "appear-work", "uikit",
        ])
        #expect(list.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 100 })
    }

    @Test func jsonStringsAreEscaped() {
        #expect(JSONLinesFormatter.quoted("a \"b\" \\ c\n\u{1}") == "\"a \\\"b\\\" \\\\ c\\n\\u0001\"")
    }
}
