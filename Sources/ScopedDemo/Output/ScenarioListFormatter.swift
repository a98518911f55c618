/// `--list`: the scenarios with their names and what each shows.
enum ScenarioListFormatter {
    static func render(_ scenarios: [Scenario]) -> String {
        let width = scenarios.map(\.name.count).max() ?? 0
        var lines = scenarios.map { scenario in
            TextLayout.padLeft(String(scenario.number), 2) + "  " + TextLayout.pad(scenario.name, width)
                + "  " + scenario.explanation
        }
        lines += ["", "Run one: swift run ScopedDemo --scenario NAME    (its card; or --format log|initlog|timeline|json|summary)"]
        return lines.joined(separator: "\n") + "\n"
    }
}
