/// `--list`: the scenarios with their names and what each shows, in 100 columns (an
/// explanation wraps under itself; only a scenario's first line starts with its number).
enum ScenarioListFormatter {
    static func render(_ scenarios: [Scenario]) -> String {
        let width = scenarios.map(\.name.count).max() ?? 0
        let indent = String(repeating: " ", count: 2 + 2 + width + 2)
        var lines: [String] = []
        for scenario in scenarios {
            let head = TextLayout.padLeft(String(scenario.number), 2) + "  " + TextLayout.pad(scenario.name, width) + "  "
            let wrapped = TextLayout.wrapped(scenario.explanation, Terminal.standardWidth - head.count)
            for (index, line) in wrapped.enumerated() {
                lines.append(index == 0 ? head + line : indent + line.dropFirst(2))
            }
        }
        lines += ["", "Run one: swift run ScopedDemo --scenario NAME   (its card; --format log|initlog|timeline|json|dot)"]
        return lines.joined(separator: "\n") + "\n"
    }
}
