/// `--format timeline`: one ASCII lifeline per instance across the ticks, under a row of
/// what happened in each tick.
///
/// ```
/// tick                   0         1
///                        012345678901
/// actions                .PTIT.TDTPTD
/// CounterViewModel#1     .+o*........   built t1 in ContentView.body · released t2
/// ```
enum TimelineFormatter {
    /// The glyphs, in one short line (the default output's trace).
    static let glyphLegend = "+ built  o reused  - alive  x released  * both"

    /// The glyphs, each explained: two lines of at most 100 columns.
    static let legend = "lifeline: + built  o reused (read by a render, or handed out again by Scoped)  - alive\n"
        + "          x released (deinit)  * built and released in one tick  . not alive"

    /// Shown when `@StateObject`/`@State` kept one instance and ignored eagerly built ones.
    static let ignoredInstancesLegend = "ignored instances live until no view holds them: the node keeps the newest\n"
        + "  description, a button the action that captured its own (see Tests/SwiftUIModel/README.md)"

    static func render(_ result: VariantResult) -> String {
        let labelWidth = max(22, (result.instances.map(\.label.count).max() ?? 0) + 2)
        let ticks = 0..<result.ticks
        let timerTicks = Set(result.events.filter { $0.kind == .timer }.map(\.tick))
        var lines = [TextLayout.header(result)]
        lines.append(TextLayout.pad("tick", labelWidth) + String(ticks.map { $0 % 10 == 0 ? Character(String($0 / 10 % 10)) : " " }))
        lines.append(TextLayout.pad("", labelWidth) + String(ticks.map { Character(String($0 % 10)) }))
        lines.append(TextLayout.pad("actions", labelWidth) + String(ticks.map { tick -> Character in
            if let action = result.actions.first(where: { $0.tick == tick }) { return action.code }
            return timerTicks.contains(tick) ? "T" : "."
        }))
        for instance in result.instances {
            let cells = String(ticks.map { cell(instance, $0) })
            var note = "built t\(instance.builtTick) \(instance.builtWhere)"
            note += instance.releasedTick.map { " · released t\($0)" } ?? " · alive at end"
            if !instance.isViewModel { note += " · service" }
            lines.append(TextLayout.pad(instance.label, labelWidth) + cells + "   " + note)
        }
        lines.append(legend)
        if !result.builtLazily, result.events.contains(where: { $0.kind == .keep }) {
            lines.append(ignoredInstancesLegend)
        }
        var captions = ["T timer re-render"]
        for action in result.actions {
            let caption = "\(action.code) \(action.caption)"
            if !captions.contains(caption) { captions.append(caption) }
        }
        lines.append("actions: " + captions.joined(separator: "  "))
        return lines.map(TextLayout.trimmed).joined(separator: "\n") + "\n"
    }

    /// The glyph of `instance` in `tick`.
    static func cell(_ instance: InstanceSummary, _ tick: Int) -> Character {
        if tick < instance.builtTick { return "." }
        if let released = instance.releasedTick {
            if tick > released { return "." }
            if tick == released { return tick == instance.builtTick ? "*" : "x" }
        }
        if tick == instance.builtTick { return "+" }
        return instance.reusedTicks.contains(tick) ? "o" : "-"
    }
}
