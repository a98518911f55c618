import Foundation
import Testing
@testable import ScopedDemo

/// The first minute (issue #32): `swift run ScopedDemo` in a 100-column terminal shows a
/// short lead, two lifelines and the grouped table without a wrapped line; colour only
/// where asked, never changing the text.
@Suite struct NewcomerTests {
    /// The default output's lines, as a pipe or a 100-column terminal without colour gets them.
    @MainActor
    private static var plainLines: [Substring] {
        DemoCommand.run(arguments: []).standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    }

    @MainActor
    @Test func theDefaultOutputFitsOneHundredColumns() {
        let long = Self.plainLines.filter { $0.count > 100 }
        #expect(long.isEmpty, "\(long)")
        #expect(Self.plainLines.count <= 60, "a 60-row terminal shows it whole")
    }

    @MainActor
    @Test(arguments: [80, 120, 200])
    func otherWidthsFitToo(width: Int) {
        let output = DemoCommand.run(arguments: [], terminal: Terminal(width: width, isColoured: false)).standardOutput
        let long = output.split(separator: "\n").filter { $0.count > width }
        #expect(long.isEmpty, "\(long)")
    }

    @MainActor
    @Test func aFourLineLeadSaysWhatToUseThenTheTraceThenTheTable() throws {
        let lines = Self.plainLines
        let lead = lines.prefix { !$0.isEmpty }
        #expect(lead.count == 4)
        #expect(lead.contains { $0.hasPrefix("Use: @StateObject built in its autoclosure") })
        #expect(lines[5].hasPrefix("Lifecycle trace (tick = 1 s)"))
        let header = "#     how the view gets its view model      verdict  answer  view models  why"
        let headerIndex = try #require(lines.firstIndex { $0 == header })
        #expect(headerIndex > 5, "the lifelines come before the table")
    }

    /// Rows sit under the seeds' questions, in the order the issue names them.
    @MainActor
    @Test func rowsAreGroupedUnderTheSeedsQuestions() {
        let questions = Self.plainLines.filter { line in ScenarioGroup.allCases.contains { $0.question == line } }
        #expect(questions.map(String.init) == ScenarioGroup.allCases.map(\.question))
        #expect(Self.plainLines.contains("9.1   @StateObject children                 avoid    no      5 = 5 + 0    hiding destroys its VM"))
        #expect(Self.plainLines.contains("12.1  detail VM hard-coded in the list      avoid    yes     4 = 1 + 3    runs production VM code"))
        #expect(Self.plainLines.contains("12.2  stub view-model hierarchy             use      no      4 = 1 + 3    stubs all the way down"))
    }

    @MainActor
    @Test func everyBriefWhyFitsItsColumn() {
        for scenario in ScenarioCatalog.all {
            for variant in scenario.variants {
                #expect(variant.verdict.brief.count <= Verdict.briefLimit, "\(variant.verdict.brief)")
                #expect(variant.label.count <= 36, "\(variant.label)")
            }
        }
    }

    /// Colour changes nothing but escapes: stripped, the coloured output is the plain one.
    @MainActor
    @Test func colourOnlyAddsEscapesAroundVerdictsAndGlyphs() throws {
        let coloured = DemoCommand.run(arguments: [], terminal: Terminal(width: 100, isColoured: true)).standardOutput
        #expect(coloured.contains("\u{1B}[32muse    \u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[31mavoid  \u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[32m+\u{1B}[0m"))
        let stripped = try Regex("\u{1B}\\[[0-9]+m")
        #expect(coloured.replacing(stripped, with: "") == DemoCommand.run(arguments: []).standardOutput)
    }

    /// The executable, run through a pipe with `COLUMNS=100`, prints the plain golden text:
    /// no escapes, no line over 100 columns.
    @Test func theExecutableThroughAPipeIsPlain() throws {
        let executable = Golden.demoExecutable
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "no demo binary at \(executable.path)")
        let output = try spawn(executable, [], environment: ["COLUMNS": "100"])
        #expect(!output.standardOutput.contains("\u{1B}"))
        #expect(output.standardOutput == (try Golden.text("summary.txt")))
        #expect(output.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 100 })
    }
}

/// How the demo reads its terminal: `COLUMNS` first, then the terminal's own width; colour
/// only on a terminal and never with `NO_COLOR`.
@Suite struct TerminalTests {
    @Test func columnsWinsThenTheTerminalThenOneHundred() {
        #expect(Terminal.resolve(isTerminal: true, columns: "80", noColor: false) { 120 } == Terminal(width: 80, isColoured: true))
        #expect(Terminal.resolve(isTerminal: true, columns: nil, noColor: false) { 120 } == Terminal(width: 120, isColoured: true))
        #expect(Terminal.resolve(isTerminal: true, columns: "wide", noColor: false) { nil } == Terminal(width: 100, isColoured: true))
        #expect(Terminal.resolve(isTerminal: false, columns: nil, noColor: false) { 120 } == Terminal.plain)
    }

    @Test func noColorAndPipesAreNeverColoured() {
        #expect(!Terminal.resolve(isTerminal: true, columns: nil, noColor: true) { 100 }.isColoured)
        #expect(!Terminal.resolve(isTerminal: false, columns: "100", noColor: false) { 100 }.isColoured)
    }

    /// With more ticks than fit, the lifelines are left to `--format timeline`, and the
    /// "view models" column widens for three-digit counts without pushing rows past 100.
    @MainActor
    @Test(arguments: [60, 100])
    func manyTicksLeaveTheLifelinesOut(ticks: Int) {
        let output = DemoCommand.run(arguments: ["--ticks", String(ticks)]).standardOutput
        #expect(!output.contains("Lifecycle trace"))
        let long = output.split(separator: "\n").filter { $0.count > 100 }
        #expect(long.isEmpty, "\(long)")
    }
}
