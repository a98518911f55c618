import Foundation
import Testing
@testable import ScopedDemo

/// Every code line a card shows is code the demo runs on the model of SwiftUI (issues #32,
/// #39): each line, with its trailing comment dropped and the two spellings below
/// translated, is a line of the demo's sources outside the cards' own code literals.
/// Comment lines on a card are prose.
@Suite struct CardCodeTests {
    /// A card line as the demo's screens spell it.
    static func simulationSpelling(_ line: String) -> String {
        // Seed 004's timer loop; the demo's simulated clock runs the loop's body every 2 ticks
        // (OnModel.TimerTask, Runtime/TaskLifetime.swift).
        let task = #/^\.task \{ while true \{ try\? await Task\.sleep\(for: \.seconds\(2\)\); (?<body>.+) \} \}$/#
        // Assigning `@State` in `init` calls `State(wrappedValue:)`, spelled out by the demo,
        // whose `State` takes an autoclosure (OnModel/AssumedMacroState.swift).
        let stateAssignment = #/^viewModel = (?<value>.+)$/#
        var code = line
        if let match = code.wholeMatch(of: task) { code = ".task(every: 2) { \(match.body) }" }
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
        #expect(Self.simulationSpelling("viewModel = Model()") == "_viewModel = State(wrappedValue: Model())")
    }
}
