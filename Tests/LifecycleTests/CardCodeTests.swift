import Foundation
import Testing
@testable import ScopedDemo

/// Every code line a card shows is code the simulation runs (issue #32): each line, with
/// its trailing comment dropped and the few spellings below translated, is a line of the
/// demo's sources outside the cards' own code literals. Comment lines on a card are prose.
@Suite struct CardCodeTests {
    /// SwiftUI spelling on a card → the simulation's spelling: the only differences allowed.
    static let spellings: [(swiftUI: String, simulation: String)] = [
        // The simulated `body` is an array of child descriptions (View.swift).
        ("var body: some View {", "var body: ViewContent {"),
    ]

    /// A card line as the simulation spells it.
    static func simulationSpelling(_ line: String) -> String {
        // Seed 004's timer loop; the simulated clock runs the loop's body every 2 ticks (TimerTask.swift).
        let task = #/^\.task \{ while true \{ try\? await Task\.sleep\(for: \.seconds\(2\)\); (?<body>.+) \} \}$/#
        // `ForEach`/`List` rows; the simulated `@ViewBuilder` writes them as `for` loops.
        let forEach = #/^(?:ForEach|List)\((?<items>[^,]+?)(?:, id: \\\.self)?\) \{ (?<item>\w+) in$/#
        // Assigning `@State` in `init` calls `State(wrappedValue:)`, spelled out by the simulation (State.swift).
        let stateAssignment = #/^viewModel = (?<value>.+)$/#
        var code = line
        for spelling in spellings { code = code.replacingOccurrences(of: spelling.swiftUI, with: spelling.simulation) }
        if let match = code.wholeMatch(of: task) { code = ".task(every: 2) { \(match.body) }" }
        // Screens on the model of SwiftUI (Sources/ScopedDemo/OnModel) write `ForEach` as SwiftUI does.
        if !sourceLines.contains(code), let match = code.wholeMatch(of: forEach) { code = "for \(match.item) in \(match.items) {" }
        if !sourceLines.contains(code), let match = code.wholeMatch(of: stateAssignment) {
            code = "_viewModel = State(wrappedValue: \(match.value))"
        }
        return code
    }

    /// The demo's sources, trimmed, trailing comments dropped, raw multi-line literals (the cards) left out.
    static let sourceLines: Set<String> = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ScopedDemo")
        var lines: Set<String> = []
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        for file in files {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            var inLiteral = false
            for line in text.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if inLiteral {
                    if trimmed.hasPrefix("\"\"\"#") { inLiteral = false }
                } else if trimmed.hasSuffix("#\"\"\"") {
                    inLiteral = true
                } else {
                    lines.insert(codeOnly(trimmed))
                }
            }
        }
        return lines
    }()

    /// The line without a trailing `// comment`.
    static func codeOnly(_ line: String) -> String {
        guard let range = line.range(of: "   //") ?? line.range(of: " // ") else { return line }
        return String(line[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
    }

    @MainActor
    @Test func everyCardLineIsCodeTheSimulationRuns() {
        #expect(Self.sourceLines.count > 500, "the demo's sources were read")
        var checked = 0
        for scenario in ScenarioCatalog.all {
            for (index, variant) in scenario.variants.enumerated() {
                for line in variant.code.split(separator: "\n") {
                    let code = Self.codeOnly(line.trimmingCharacters(in: .whitespaces))
                    if code.isEmpty || code.hasPrefix("//") { continue }
                    #expect(Self.sourceLines.contains(Self.simulationSpelling(code)), "\(scenario.number).\(index + 1): \(code)")
                    checked += 1
                }
            }
        }
        #expect(checked > 300)
    }

    /// The check fails on a line the simulation does not run.
    @Test func aLineTheSimulationDoesNotRunIsCaught() {
        #expect(!Self.sourceLines.contains(Self.simulationSpelling(#"Button("Show counter with value: \(number)") {"#)))
        #expect(Self.sourceLines.contains(Self.simulationSpelling(#"Text("number \(number)")"#)))
        // (A `ForEach` line the sources hold as written, as the model's screens do, stays as is.)
        #expect(Self.simulationSpelling("ForEach(1...5, id: \\.self) { row in") == "for row in 1...5 {")
    }
}
