/// What the command line asked for.
struct DemoOptions: Equatable, Sendable {
    /// How results are printed.
    enum Format: String, Sendable, CaseIterable {
        /// The overview: lead, lifelines, the grouped table (default without `--scenario`);
        /// with `--wide`, every column of every variant.
        case summary
        /// Each variant's seed, code, timeline and verdict (default with `--scenario`).
        case card
        /// One line per event, simulated time first.
        case log
        /// Seed 001's log format: view-model inits and deinits, body evaluations, refreshes.
        case initlog
        /// An ASCII lifeline per instance across ticks.
        case timeline
        /// One JSON object per event, one per line.
        case json
        /// The graph Scoped resolved, as Graphviz DOT (one digraph per variant).
        case dot
        /// The graph Scoped resolved, as Mermaid flowcharts (one per variant).
        case mermaid
        /// Scoped's lifetimes as a Trace Event format file (one per scenario, a process per variant).
        case trace
    }

    /// The scenario to run (its name); nil runs them all.
    var scenario: String?
    /// The format asked for; nil: ``format``'s default.
    var requestedFormat: Format?
    /// The format to print: as asked, else a card for one scenario and the table for all.
    var format: Format { requestedFormat ?? (scenario == nil ? .summary : .card) }
    var seed: UInt64 = 42
    var ticks = 12
    /// Which `@State` the simulated app is built with (`--sdk 26|27`).
    var stateSDK = StateSDK.xcode26
    /// `--wide`: the summary with every column, however wide.
    var wide = false
    var list = false
    var help = false

    /// The allowed `--ticks` values.
    static let tickRange = 10...100
}

/// A command-line mistake: reported in one line, followed by the usage, exit code 2.
struct ArgumentError: Error, Equatable {
    let message: String
}

extension DemoOptions {
    /// Parses the arguments (without the program name), by hand: `--name value` or
    /// `--name=value`; the last occurrence of an option wins.
    ///
    /// - Throws: ``ArgumentError`` naming the first bad argument.
    static func parse(_ arguments: [String]) throws(ArgumentError) -> DemoOptions {
        var options = DemoOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(ArgumentError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                    throw ArgumentError(message: "\(name) needs a value")
                }
                return next
            }
            switch name {
            case "--scenario":
                let wanted = try value()
                guard let scenario = ScenarioCatalog.scenario(named: wanted) else {
                    throw ArgumentError(message: "unknown scenario '\(wanted)' (--list shows the names)")
                }
                options.scenario = scenario.name
            case "--format":
                let wanted = try value()
                guard let format = Format(rawValue: wanted) else {
                    throw ArgumentError(message: "unknown format '\(wanted)' (use summary, card, log, initlog, timeline, json, dot, mermaid or trace)")
                }
                options.requestedFormat = format
            case "--seed":
                let text = try value()
                guard let seed = UInt64(text) else {
                    throw ArgumentError(message: "--seed must be a whole number from 0 to \(UInt64.max), got '\(text)'")
                }
                options.seed = seed
            case "--ticks":
                let text = try value()
                guard let ticks = Int(text), tickRange.contains(ticks) else {
                    throw ArgumentError(
                        message: "--ticks must be a whole number from \(tickRange.lowerBound) to \(tickRange.upperBound), got '\(text)'")
                }
                options.ticks = ticks
            case "--sdk":
                let text = try value()
                guard let number = Int(text), let sdk = StateSDK(rawValue: number) else {
                    throw ArgumentError(message: "--sdk must be 26 or 27, got '\(text)'")
                }
                options.stateSDK = sdk
            case "--wide" where inlineValue == nil:
                options.wide = true
            case "--list" where inlineValue == nil:
                options.list = true
            case "--help" where inlineValue == nil, "-h":
                options.help = true
            default:
                throw ArgumentError(message: "unknown argument '\(argument)'")
            }
        }
        return options
    }

    /// The command's usage text.
    static let usage = """
        usage: ScopedDemo [--scenario NAME] [--format FORMAT] [--wide] [--seed N] [--ticks N] [--sdk 26|27]
               ScopedDemo --list | --help

          (no options)       the overview: what to use, two lifelines, one row per variant (100 columns)
          --wide             the summary with every column (about 190 columns)
          --scenario NAME    one scenario: a name from --list or its number (1-15); alone, its card;
                             also leak-check (16): a view model that outlives its screen, reported
          --format FORMAT    summary (default) | card: seed, code, timeline, verdict (with --scenario) |
                             log: one line per event, simulated time first |
                             initlog: view-model inits/deinits in seed 001's log format |
                             timeline: an ASCII lifeline per instance | json: one event per line |
                             dot, mermaid: the graph Scoped resolved (Graphviz DOT, Mermaid flowchart) |
                             trace: Scoped's lifetimes as a Trace Event file (ui.perfetto.dev)
          --seed N           seed of the parent's random numbers (default 42); same seed, same output
          --ticks N          simulated seconds to run, 10-100 (default 12); init-log always runs 6
          --sdk 26|27        @State as built with Xcode 26 (property wrapper, initial value eager; default)
                             or Xcode 27: an ASSUMPTION. Apple's State(initialValue:) page says only
                             that @State becomes a macro with init/get/set accessors; this demo
                             assumes the macro evaluates the initial value lazily, once per view.
                             Unconfirmed: an Xcode 27 build logging one init per presentation would.
          --list             list the scenarios
          --help             show this help

        """
}
