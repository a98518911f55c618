// The measuring loop: calibrate, warm up, then time `repetitions` runs of `n` operations
// with ContinuousClock and keep the best and the median. Every benchmark folds what it
// resolves into a UInt64 that ends in `Sink`, so the optimiser cannot drop the work.

/// One row of the table.
struct Benchmark {
    /// Rows of a group are compared with the group's baseline row.
    let group: String
    let name: String
    let isBaseline: Bool
    /// Runs `n` operations and returns a value folded from their results.
    let run: (Int) -> UInt64

    init(_ group: String, _ name: String, baseline: Bool = false, run: @escaping (Int) -> UInt64) {
        self.group = group
        self.name = name
        self.isBaseline = baseline
        self.run = run
    }

    var fullName: String { "\(group)/\(name)" }
}

/// What a measured row reports.
struct Result {
    let benchmark: Benchmark
    let best: Double
    let median: Double
    let iterations: Int
}

/// Where folded results end up; read once at exit so the work stays observable.
enum Sink {
    nonisolated(unsafe) static var value: UInt64 = 0
    /// The last object a creating benchmark made: storing it makes the object escape, so
    /// the optimiser can neither elide its allocation nor put it on the stack.
    nonisolated(unsafe) static var escaped: AnyObject?
}

/// The region callgrind collects in `--profile` mode.
@inline(never)
func profiledRegion(_ benchmark: Benchmark, _ operations: Int) -> UInt64 {
    benchmark.run(operations)
}

/// Folds an object's identity (no hashing: just its address).
@inline(__always)
func fold(_ object: AnyObject) -> UInt64 {
    UInt64(UInt(bitPattern: ObjectIdentifier(object)))
}

/// Keeps a newly made object until the next one replaces it (it really escapes).
@inline(never)
func keep(_ object: AnyObject) -> UInt64 {
    Sink.escaped = object
    return UInt64(UInt(bitPattern: ObjectIdentifier(object)))
}

struct HarnessOptions {
    var repetitions = 7
    var targetMilliseconds = 20.0
    var filters: [String] = []
    var rssCycles = 1_000_000
    var list = false
    var profileOperations: Int?

    func selects(_ benchmark: Benchmark) -> Bool {
        filters.isEmpty || filters.contains { filter in
            // "=group/name" selects exactly one row; anything else is a substring.
            filter.hasPrefix("=")
                ? benchmark.fullName == filter.dropFirst()
                : benchmark.fullName.lowercased().contains(filter.lowercased())
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum Harness {
    static let clock = ContinuousClock()

    static func seconds(_ duration: Duration) -> Double {
        let (s, attoseconds) = duration.components
        return Double(s) + Double(attoseconds) * 1e-18
    }

    static func time(_ benchmark: Benchmark, _ n: Int) -> Double {
        var folded: UInt64 = 0
        let elapsed = clock.measure { folded = benchmark.run(n) }
        Sink.value &+= folded
        return seconds(elapsed)
    }

    /// Calibrates the operation count for one repetition, warms up, then measures.
    static func measure(_ benchmark: Benchmark, options: HarnessOptions) -> Result {
        let target = options.targetMilliseconds / 1000
        var n = 1
        var elapsed = time(benchmark, n)
        while elapsed < target / 4 {
            if n >= 1 << 40 { print("\(benchmark.fullName): \(n) operations take \(elapsed) s: is the work optimised away?"); exit(1) }
            let factor = elapsed > 0 ? min(100, max(2, (target / 4) / elapsed * 1.5)) : 100
            n = Int(Double(n) * factor)
            elapsed = time(benchmark, n)
        }
        n = max(1, Int(Double(n) * target / elapsed))
        _ = time(benchmark, n)  // warm-up at full size
        var samples: [Double] = []
        for _ in 0..<options.repetitions {
            samples.append(time(benchmark, n) / Double(n) * 1e9)
        }
        samples.sort()
        return Result(benchmark: benchmark, best: samples[0], median: samples[samples.count / 2], iterations: n)
    }

    static func format(_ ns: Double) -> String {
        if ns < 0 { return "−" + format(-ns) }
        if ns >= 100_000 { return String(Int(ns.rounded())).withThousands }
        if ns >= 100 { return String(Int(ns.rounded())) }
        if ns >= 10 { return String(format1: ns) }
        return String(format2: ns)
    }
}

extension String {
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }

    init(format2 value: Double) {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        self = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    var withThousands: String {
        var out = ""
        for (index, character) in reversed().enumerated() {
            if index > 0 && index % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return String(out.reversed())
    }
}
