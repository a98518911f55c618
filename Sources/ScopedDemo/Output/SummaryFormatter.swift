/// The default output: one row per scenario variant, side by side.
enum SummaryFormatter {
    private static let columns: [(title: String, width: Int, rightAligned: Bool)] = [
        ("#", 3, true), ("scenario", 24, false), ("how the view gets its view model", 46, false),
        ("built", 5, true), ("kept", 4, true), ("discarded", 9, true), ("released", 8, true), ("max alive", 9, true),
        ("lazy", 4, false), ("count kept", 10, false), ("released on close", 17, false), ("subs opened/cancelled", 21, false), ("verdict", 7, false),
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
        for result in results { lines.append(row(cells(result, label: result.label))) }
        if !otherSDK.isEmpty { lines.append("") }
        for result in otherSDK { lines.append(row(cells(result, label: result.label + ", Xcode \(result.stateSDK.rawValue)"))) }
        let example = options.scenario ?? results.first?.scenarioName ?? "observed-object"
        lines += [
            "",
            "built = kept + discarded, counting view models (services such as EntryStore appear only in the log). "
                + "kept: a view showed it (read it in body). discarded: built but never shown.",
            "released: deinit ran before the run ended. lazy: every view model was built by the view that shows it, "
                + "not while a parent made descriptions.",
            "count kept: the count the user set is still shown after the next re-render of the screen's parent.",
            "released on close: every view model the closed screen showed (sheet dismissed, screen popped, view closed) "
                + "is deinitialised by the closing.",
            "subs opened/cancelled: Combine/KVO-style subscriptions the view models open in init and cancel when destroyed "
                + "(churned by rebuilt view models, leaked by unreleased ones).",
            "Scoped is used by scenarios 2, 6 (third row), 8, 9 (third row), 10, 11 (third row) and 12 (third row). Scenario 10 always runs 6 ticks (three body evaluations).",
            "",
            "Run one: swift run ScopedDemo --scenario \(example)    (its code, timeline and verdict; "
                + "--format log|timeline|json for the trace; --list names them all)",
        ]
        return lines.map(TextLayout.trimmed).joined(separator: "\n") + "\n"
    }

    private static func cells(_ result: VariantResult, label: String) -> [String] {
        [
            String(result.scenarioNumber), result.scenarioName, label,
            String(result.inits), String(result.kept), String(result.discarded), String(result.deinits),
            String(result.mostAlive), TextLayout.yesNo(result.builtLazily), TextLayout.yesNo(result.stateKept),
            TextLayout.yesNo(result.releasedOnDismiss),
            "\(result.subscriptionsOpened)/\(result.subscriptionsCancelled)", result.verdict.advice.rawValue,
        ]
    }

    private static func row(_ cells: [String]) -> String {
        zip(columns, cells).map { column, cell in
            column.rightAligned ? TextLayout.padLeft(cell, column.width) : TextLayout.pad(cell, column.width)
        }.joined(separator: "  ")
    }
}
