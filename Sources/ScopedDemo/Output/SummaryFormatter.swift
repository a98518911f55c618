/// `--wide`: every column of every variant, side by side (about 190 columns).
enum SummaryFormatter {
    private static let columns: [(title: String, width: Int, rightAligned: Bool)] = [
        ("#", 4, false), ("scenario", 24, false), ("how the view gets its view model", 56, false),
        ("built", 5, true), ("kept", 4, true), ("dropped", 7, true), ("released", 8, true), ("max alive", 9, true),
        ("lazy", 4, false), ("state kept", 10, false), ("released on close", 17, false), ("subs opened/cancelled", 21, false), ("verdict", 7, false),
    ]

    /// - Parameters:
    ///   - results: One row each.
    ///   - otherSDK: Rows run with the other `@State` (`--sdk`), printed under the table.
    ///   - options: The command line.
    static func render(_ results: [VariantResult], otherSDK: [VariantResult] = [], options: DemoOptions) -> String {
        var lines = [
            "ScopedDemo: when SwiftUI builds, keeps and releases view models — simulated, "
                + "seed \(options.seed), \(options.ticks) ticks (1 tick = 1 s; the parent re-renders every 2 s)",
            options.stateSDK.summary + "; --sdk \(options.stateSDK == .xcode26 ? 27 : 26) for the other (an assumption: --help)",
            "",
            row(columns.map(\.title)),
        ]
        for result in results { lines.append(row(cells(result, label: result.label))) }
        if !otherSDK.isEmpty { lines.append("") }
        for result in otherSDK {
            let note = result.stateSDK == .xcode27 ? ", Xcode 27 (ASSUMED)" : ", Xcode 26"
            lines.append(row(cells(result, label: result.label + note)))
        }
        let example = options.scenario ?? results.first?.scenarioName ?? "observed-object"
        lines += [
            "",
            "built = kept + dropped, counting view models (services such as EntryStore appear only in the log). "
                + "kept: a view showed it (read it in body). dropped: built but never shown.",
            "released: deinit ran before the run ended. lazy: every view model was built by the view that shows it, "
                + "not while a parent made descriptions.",
            "state kept: the count the user set is still shown after the next re-render of the screen's parent "
                + "(multilevel: after hiding and showing the children).",
            "released on close: every view model the closed screen showed (sheet dismissed, screen popped, view closed) "
                + "is deinitialised by the closing.",
            "subs opened/cancelled: Combine/KVO-style subscriptions the view models open in init and cancel when destroyed "
                + "(churned by rebuilt view models, leaked by unreleased ones).",
            "Scoped is used by the rows that name it and by scenario 10 (its store). Scenario 10 always runs 6 ticks (three body evaluations).",
            "",
            "Run one: swift run ScopedDemo --scenario \(example)    (its code, timeline and verdict; "
                + "--format log|timeline|json for the trace; --list names them all)",
        ]
        return lines.map(TextLayout.trimmed).joined(separator: "\n") + "\n"
    }

    private static func cells(_ result: VariantResult, label: String) -> [String] {
        [
            result.id, result.scenarioName, label,
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
