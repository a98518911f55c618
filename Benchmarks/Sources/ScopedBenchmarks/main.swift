// ScopedBenchmarks: swift run -c release --package-path Benchmarks ScopedBenchmarks [options] [filter…]
//
//   filter…          run only rows whose "group/name" contains one of these (case-insensitive);
//                    "rss" selects the memory run
//   --reps N         timed repetitions per row (default 7, at least 5)
//   --time MS        target milliseconds per repetition (default 20)
//   --rss-cycles N   child open/resolve/close cycles for the memory run (default 1,000,000)
//   --list           print the row names and exit
//   --stack          print stack bytes per nested resolve (first builds) and exit
//   --trees          print close times for large trees of lifetime scopes and exit
//   --profile N      run each selected row once with N operations inside `profiledRegion`
//                    (no timing): valgrind --tool=callgrind --toggle-collect='*profiledRegion*'

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

var options = HarnessOptions()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--reps": options.repetitions = max(5, Int(arguments.popFirst() ?? "") ?? 7)
    case "--time": options.targetMilliseconds = Double(arguments.popFirst() ?? "") ?? 20
    case "--rss-cycles": options.rssCycles = Int(arguments.popFirst() ?? "") ?? 1_000_000
    case "--list": options.list = true
    case "--stack":
        StackRows.report()
        exit(0)
    case "--trees":
        TreeRows.report()
        exit(0)
    case "--profile": options.profileOperations = Int(arguments.popFirst() ?? "") ?? 100_000
    case "-h", "--help":
        print("usage: ScopedBenchmarks [--reps N] [--time MS] [--rss-cycles N] [--list] [--stack] [--trees] [filter…]")
        exit(0)
    default: options.filters.append(argument)
    }
}

let benchmarks: [Benchmark] =
    ScopedRows.all() + SwinjectRows.all() + DependenciesRows.all() + DAGRows.all()
    + RegistrationRows.all() + ConcurrencyRows.all() + LifetimeRows.all() + DiagnosticsRows.all()
    + IsolationRows.all() + AsyncRows.all()

// Keep rows of a group together, in the order groups first appear.
var groupOrder: [String] = []
for benchmark in benchmarks where !groupOrder.contains(benchmark.group) { groupOrder.append(benchmark.group) }
let ordered = groupOrder.flatMap { group in benchmarks.filter { $0.group == group } }

if options.list {
    for benchmark in ordered { print(benchmark.fullName) }
    print("rss/child open + 10 scoped + close, \(options.rssCycles) cycles")
    exit(0)
}

let selected = ordered.filter(options.selects)

if let operations = options.profileOperations {
    for benchmark in selected {
        _ = benchmark.run(1000)  // first-use work (metadata, caches) stays outside the region
        Sink.value &+= profiledRegion(benchmark, operations)
        print("profiled \(benchmark.fullName): \(operations) operations")
    }
    exit(0)
}
let runRSS = options.filters.isEmpty || options.filters.contains { "rss".contains($0.lowercased()) || $0.lowercased().contains("rss") }

print("Scoped benchmarks: ContinuousClock, \(options.repetitions) repetitions of ~\(Int(options.targetMilliseconds)) ms per row after calibration and a warm-up; ns per operation; ratio = median / median of the group's baseline (*) row.")
print("DAG: \(DAGInfo.summary). Registrations: \(RegistrationRows.sizes.map { $0.description.withThousands }.joined(separator: " / ")).\n")

var results: [Result] = []
var baselines: [String: Double] = [:]
print("| group | benchmark | best ns/op | median ns/op | × baseline |")
print("|---|---|---:|---:|---:|")
for benchmark in selected {
    var result = Harness.measure(benchmark, options: options)
    if benchmark.isBaseline { baselines[benchmark.group] = result.median }
    // A baseline not selected by the filter is measured too, so ratios stay meaningful.
    if baselines[benchmark.group] == nil, let baseline = ordered.first(where: { $0.group == benchmark.group && $0.isBaseline }) {
        let base = Harness.measure(baseline, options: options)
        baselines[benchmark.group] = base.median
        results.append(base)
        print(Report.row(base, baseline: base.median))
        result = Harness.measure(benchmark, options: options)
    }
    results.append(result)
    print(Report.row(result, baseline: baselines[benchmark.group]))
}

if runRSS {
    let memory = LifetimeRows.rss(cycles: options.rssCycles)
    print("\n| memory: \(options.rssCycles.description.withThousands) cycles of child open + 10 scoped resolves + close | kB |")
    print("|---|---:|")
    print("| VmHWM (peak RSS) before | \(memory.before.hwm.description.withThousands) |")
    print("| VmHWM (peak RSS) after | \(memory.after.hwm.description.withThousands) |")
    print("| peak RSS growth | \((memory.after.hwm - memory.before.hwm).description.withThousands) |")
    print("| VmRSS before → after | \(memory.before.rss.description.withThousands) → \(memory.after.rss.description.withThousands) |")
    let perCycle = memory.seconds / Double(options.rssCycles) * 1e9
    print("| (time per cycle in this run, ns) | \(Harness.format(perCycle)) |")
    Report.rssGrowth = memory.after.hwm - memory.before.hwm
}

Report.targets(results)
// Print the sink so the folded results are observable (and the work cannot be dropped).
print("\n(sink \(Sink.value & 0xff))")
