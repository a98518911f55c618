/// The default output: one row per scenario variant, side by side.
enum SummaryFormatter {
    private static let columns: [(title: String, width: Int, rightAligned: Bool)] = [
        ("#", 3, true), ("scenario", 24, false), ("how the view gets its view model", 46, false),
        ("inits", 5, true), ("deinits", 7, true), ("max alive", 9, true), ("lazy", 4, false),
        ("state kept", 10, false), ("released on dismiss", 19, false),
    ]

    /// - Parameters:
    ///   - results: One row each.
    ///   - otherSDK: Rows run with the other `@State` (`--sdk`), printed under the table.
    ///   - options: The command line.
    static func render(_ results: [VariantResult], otherSDK: [VariantResult] = [], options: DemoOptions) -> String {
        var lines = [
            "ScopedDemo: when SwiftUI builds, keeps and releases view models — simulated, "
                + "seed \(options.seed), \(options.ticks) ticks (1 tick = 1 s; the parent re-renders every 2 s)",
            options.stateSDK.summary + "; --sdk \(options.stateSDK == .xcode26 ? 27 : 26) for the other",
            "",
            row(columns.map(\.title)),
        ]
        for result in results {
            lines.append(row([
                String(result.scenarioNumber), result.scenarioName, result.label,
                String(result.inits), String(result.deinits), String(result.mostAlive),
                TextLayout.yesNo(result.builtLazily), TextLayout.yesNo(result.stateKept),
                TextLayout.yesNo(result.releasedOnDismiss),
            ]))
        }
        let example = options.scenario ?? results.first?.scenarioName ?? "observed-object"
        if !otherSDK.isEmpty { lines.append("") }
        for result in otherSDK {
            lines.append(row([
                String(result.scenarioNumber), result.scenarioName, result.label + ", Xcode \(result.stateSDK.rawValue)",
                String(result.inits), String(result.deinits), String(result.mostAlive),
                TextLayout.yesNo(result.builtLazily), TextLayout.yesNo(result.stateKept),
                TextLayout.yesNo(result.releasedOnDismiss),
            ]))
        }
        lines += [
            "",
            "inits/deinits/max alive count view models (services such as EntryStore appear only in the log). "
                + "lazy: built by the view that shows it, not while a parent made descriptions.",
            "state kept: the count survives the parent's next re-render (9: hiding and showing the children; "
                + "10: the next body evaluation).",
            "released on dismiss: every view model the dismissed screen showed is deinitialised by the dismissal.",
            "Scoped is used by scenarios 2, 6, 8, 9 (second row) and 10. Scenario 10 always runs 6 ticks (three body evaluations).",
            "",
            "Run one: swift run ScopedDemo --scenario \(example) --format log    (or timeline, json; --list names all ten)",
        ]
        return lines.map(TextLayout.trimmed).joined(separator: "\n") + "\n"
    }

    private static func row(_ cells: [String]) -> String {
        zip(columns, cells).map { column, cell in
            column.rightAligned ? TextLayout.padLeft(cell, column.width) : TextLayout.pad(cell, column.width)
        }.joined(separator: "  ")
    }
}
