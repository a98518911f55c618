/// The default output (issue #32): what a newcomer reads in the first minute, in a
/// 100-column terminal. A four-line lead (what the run shows, what to use), the lifelines
/// of two contrasting counter sheets, then one row per variant, grouped under the seeds'
/// questions: verdict right after the name, the group's answer, the view models built
/// (`built = kept + dropped`) and a short why. Everything else is on the cards and in
/// `--wide`.
enum OverviewFormatter {
    /// The two variants whose lifelines lead the output: the article's `@ObservedObject`
    /// counter sheet, rebuilt on every re-render, and Scoped's `@ScopedObject` one.
    static let contrasted = ["1", "6.3"]

    /// Columns before "why": id, name, verdict, answer, view models (at least as wide as
    /// given; "view models" widens for long runs).
    private static let columns: [(title: String, width: Int)] = [
        ("#", 4), ("how the view gets its view model", 36), ("verdict", 7), ("answer", 6), ("view models", 11),
    ]

    static func render(_ results: [VariantResult], options: DemoOptions, terminal: Terminal) -> String {
        var lines = lead(options).flatMap { TextLayout.wrapped($0, terminal.width) }
        if options.stateSDK == .xcode27 { lines += StateSDK.assumption.split(separator: "\n").map(String.init) }
        let shown = contrasted.compactMap { id in results.first { $0.id == id } }
        // 30 columns of labels, a cell per tick, then the notes: with many ticks the lines
        // would not fit, and `--format timeline` prints them instead.
        if shown.count == contrasted.count, 30 + options.ticks + 36 <= terminal.width {
            lines.append("")
            lines += lifelines(shown, terminal: terminal)
        }
        lines.append("")
        lines += table(results, terminal: terminal)
        lines.append("")
        let example = options.scenario ?? "6"
        for line in [
            "view models: built = kept (a view showed it) + dropped (never shown). answer: the group's question.",
            "More: swift run ScopedDemo --scenario \(example) (its code, lifelines, verdict) · --wide · --list · --help",
        ] {
            lines += TextLayout.wrapped(line, terminal.width)
        }
        return lines.map(TextLayout.trimmed).joined(separator: "\n") + "\n"
    }

    /// What the run shows and what to use, in four lines.
    private static func lead(_ options: DemoOptions) -> [String] {
        [
            "ScopedDemo: when SwiftUI builds, keeps and releases view models (simulated; seed \(options.seed), "
                + "\(options.ticks) × 1 s)",
            "Each row gives a view its view model one way; the parent re-renders every 2 s, the user taps.",
            "Use: @StateObject built in its autoclosure, or Scoped: @ScopedObject, .scoped in a screen's scope.",
            "Avoid: a view model built in a parent's body (@ObservedObject, @State in init, NavigationLink rows).",
        ]
    }

    /// The lifelines of `shown`, under one tick ruler and one action row.
    private static func lifelines(_ shown: [VariantResult], terminal: Terminal) -> [String] {
        let labelWidth = 30
        let ticks = 0..<shown[0].ticks
        let timerTicks = Set(shown[0].events.filter { $0.kind == .timer }.map(\.tick))
        let actions = String(ticks.map { tick -> Character in
            if let action = shown[0].actions.first(where: { $0.tick == tick }) { return action.code }
            return timerTicks.contains(tick) ? "T" : "."
        })
        var captions = ["T re-render"]
        for action in shown[0].actions where !captions.contains("\(action.code) \(action.caption)") {
            captions.append("\(action.code) \(action.caption)")
        }
        let captionLine = captions.joined(separator: "  ")
        let actionLine = TextLayout.pad("  actions", labelWidth) + actions
        let captionsFit = actionLine.count + 2 + captionLine.count <= terminal.width
        let ruler = TextLayout.pad("Lifecycle trace (tick = 1 s)", labelWidth) + String(ticks.map { Character(String($0 % 10)) })
        let legendFits = ruler.count + 2 + TimelineFormatter.glyphLegend.count <= terminal.width
        var lines = [
            legendFits ? ruler + "  " + TimelineFormatter.glyphLegend : ruler,
            captionsFit ? actionLine + "  " + captionLine : actionLine,
        ]
        for result in shown {
            lines.append("  \(result.id) \(result.label): "
                + TextStyle.verdict(result.verdict.advice, result.verdict.advice.rawValue, on: terminal) + ", \(result.verdict.brief)")
            for instance in result.instances {
                let cells = String(ticks.map { TimelineFormatter.cell(instance, $0) })
                lines.append(TextLayout.pad("    " + instance.label, labelWidth) + TextStyle.lifeline(cells, on: terminal)
                    + "  built " + instance.builtWhere)
            }
        }
        if !legendFits { lines.append(TextLayout.pad("", labelWidth) + TimelineFormatter.glyphLegend) }
        if !captionsFit { lines.append(TextLayout.pad("", labelWidth) + captionLine) }
        return lines
    }

    /// The header, then each group's question and its rows.
    private static func table(_ results: [VariantResult], terminal: Terminal) -> [String] {
        func models(_ result: VariantResult) -> String { "\(result.inits) = \(result.kept) + \(result.discarded)" }
        var widths = columns.map(\.width)
        widths[4] = max(widths[4], results.map { models($0).count }.max() ?? 0)
        let whyWidth = terminal.width - widths.map { $0 + 2 }.reduce(0, +)
        let showsWhy = whyWidth >= Verdict.briefLimit
        let fullWhy = results.allSatisfy { $0.verdict.why.count <= whyWidth }
        var lines = [row(columns.map(\.title) + (showsWhy ? ["why"] : []), widths: widths)]
        for group in ScenarioGroup.allCases {
            let rows = results.filter { $0.group == group }
            guard !rows.isEmpty else { continue }
            lines += TextLayout.wrapped(group.question, terminal.width)
            for result in rows {
                let advice = result.verdict.advice
                var cells = [result.id, result.label, advice.rawValue, TextLayout.yesNo(group.answer(result)), models(result)]
                if showsWhy { cells.append(fullWhy ? result.verdict.why : result.verdict.brief) }
                lines.append(row(cells, widths: widths) { TextStyle.verdict(advice, $0, on: terminal) })
            }
        }
        return lines
    }

    /// The cells padded to `widths`; `styleVerdict` wraps the padded verdict cell, so that
    /// widths never count colour escapes.
    private static func row(_ cells: [String], widths: [Int], styleVerdict: (String) -> String = { $0 }) -> String {
        cells.enumerated().map { index, cell in
            guard index < widths.count else { return cell }
            let padded = TextLayout.pad(cell, widths[index])
            return index == 2 ? styleVerdict(padded) : padded
        }.joined(separator: "  ")
    }
}
