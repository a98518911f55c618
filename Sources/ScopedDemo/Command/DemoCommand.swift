/// The demo's entry point, callable in-process: parses arguments, runs scenarios and
/// returns what the executable prints and its exit code.
enum DemoCommand {
    /// What a run printed.
    struct Output: Equatable, Sendable {
        var standardOutput = ""
        var standardError = ""
        var exitCode: Int32 = 0
    }

    /// Runs the demo as `ScopedDemo <arguments>` would.
    ///
    /// - Parameters:
    ///   - arguments: The command-line arguments, without the program name.
    ///   - terminal: Where the output goes: its width and whether to colour it.
    /// - Returns: Standard output, standard error and the exit code (2 for bad arguments).
    @MainActor
    static func run(arguments: [String], terminal: Terminal = .plain) -> Output {
        let options: DemoOptions
        do {
            options = try DemoOptions.parse(arguments)
        } catch {
            return Output(standardError: "ScopedDemo: error: \(error.message)\n" + DemoOptions.usage, exitCode: 2)
        }
        if options.help { return Output(standardOutput: DemoOptions.usage) }
        if options.list { return Output(standardOutput: ScenarioListFormatter.render(ScenarioCatalog.all)) }

        let scenarios = options.scenario.map { name in ScenarioCatalog.scenario(named: name).map { [$0] } ?? [] }
            ?? ScenarioCatalog.all
        let results = scenarios.flatMap { $0.run(seed: options.seed, ticks: options.ticks, stateSDK: options.stateSDK) }
        let text: String
        switch options.format {
        case .summary where !options.wide:
            text = OverviewFormatter.render(results, options: options, terminal: terminal)
        case .summary:
            // Scenario 5 depends on the SDK: its row under the other one goes under the table.
            let otherSDK: StateSDK = options.stateSDK == .xcode26 ? .xcode27 : .xcode26
            let comparison = scenarios.filter { $0.name == "state-observable" }
                .flatMap { $0.run(seed: options.seed, ticks: options.ticks, stateSDK: otherSDK) }
            text = SummaryFormatter.render(results, otherSDK: comparison, options: options)
        case .card: text = results.map(ScenarioCardFormatter.render).joined(separator: "\n")
        case .initlog: text = results.map(InitLogFormatter.render).joined(separator: "\n")
        case .log: text = results.map(LogFormatter.render).joined(separator: "\n")
        case .timeline: text = results.map(TimelineFormatter.render).joined(separator: "\n")
        case .json: text = results.map(JSONLinesFormatter.render).joined()
        case .dot: text = results.map(GraphFormatter.dot).joined(separator: "\n")
        case .mermaid: text = results.map(GraphFormatter.mermaid).joined(separator: "\n")
        case .trace: text = TraceFormatter.render(results)
        }
        return Output(standardOutput: text)
    }
}
