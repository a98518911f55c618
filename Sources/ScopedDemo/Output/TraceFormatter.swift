/// `--format trace`: one Trace Event format file per scenario, each variant a process of
/// its own, from the ``TraceRecorder`` on the scenario's containers (the library's own
/// writer). Times are simulated: a tick is one second; events within a tick are 2 µs apart.
/// Open it in ui.perfetto.dev or chrome://tracing.
enum TraceFormatter {
    static func render(_ results: [VariantResult]) -> String {
        // Each recorder writes `{"traceEvents":[\n…\n],"displayTimeUnit":"ms"}\n`: merge the arrays.
        // (String's `ranges(of:)` needs macOS 13; the demo builds at the package's floor.)
        let head = "{\"traceEvents\":[\n", tail = "\n],\"displayTimeUnit\":\"ms\"}\n"
        let bodies = results.map { result -> Substring in
            let json = result.traceJSON
            precondition(json.hasPrefix(head) && json.hasSuffix(tail), "ScopedDemo: unexpected trace file")
            return json.dropFirst(head.count).dropLast(tail.count)
        }
        return "{\"traceEvents\":[\n" + bodies.joined(separator: ",\n") + "\n],\"displayTimeUnit\":\"ms\"}\n"
    }
}
