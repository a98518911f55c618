/// `--format trace`: one Trace Event format file per scenario, each variant a process of
/// its own, from the ``TraceRecorder`` on the scenario's containers (the library's own
/// writer). Times are simulated: a tick is one second; events within a tick are 2 µs apart.
/// Open it in ui.perfetto.dev or chrome://tracing.
enum TraceFormatter {
    static func render(_ results: [VariantResult]) -> String {
        // Each recorder writes `{"traceEvents":[\n…\n],"displayTimeUnit":"ms"}\n`: merge the arrays.
        let bodies = results.map { result -> Substring in
            let json = result.traceJSON
            let open = json.firstRange(of: "[\n")!.upperBound
            let close = json.ranges(of: "\n],").last!.lowerBound
            return json[open..<close]
        }
        return "{\"traceEvents\":[\n" + bodies.joined(separator: ",\n") + "\n],\"displayTimeUnit\":\"ms\"}\n"
    }
}
