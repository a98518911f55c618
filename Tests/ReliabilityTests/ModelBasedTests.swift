import Foundation
import Scoped
import Testing

/// Random operation sequences run against Scoped and a reference model, compared after
/// every step (see ``ModelRunner``).
///
/// 400 seeds × 500 operations (200,000) by default, in 8 chunks that run in parallel. Environment:
/// - `SCOPED_MODEL_SEED=<n>`: replay one seed, printing every step.
/// - `SCOPED_MODEL_REPLAY='r.3.17.250 o.1.2.3 …'`: replay a (shrunk) run, printing every step.
/// - `SCOPED_MODEL_SEEDS=<n>` / `SCOPED_MODEL_OPERATIONS=<n>`: seeds per chunk / operations per seed.
@Suite struct ModelBasedTests {
    static let chunks = 8
    static let seedsPerChunk = environmentInt("SCOPED_MODEL_SEEDS") ?? 50
    static let operationsPerSeed = environmentInt("SCOPED_MODEL_OPERATIONS") ?? 500

    @Test(arguments: 0..<chunks)
    func randomRunsAgreeWithTheReferenceModel(chunk: Int) async {
        let environment = ProcessInfo.processInfo.environment
        if let replay = environment["SCOPED_MODEL_REPLAY"] {
            guard chunk == 0 else { return }
            guard let operations = ModelOperation.parse(replay) else {
                Issue.record("SCOPED_MODEL_REPLAY does not parse: \(replay)")
                return
            }
            await replayAndReport(operations, label: "replayed run")
            return
        }
        if let seed = Self.environmentInt("SCOPED_MODEL_SEED") {
            guard chunk == 0 else { return }
            await replayAndReport(ModelOperation.run(seed: UInt64(seed), count: Self.operationsPerSeed), label: "seed \(seed)")
            return
        }
        let seeds = (chunk * Self.seedsPerChunk + 1)...((chunk + 1) * Self.seedsPerChunk)
        let count = Self.operationsPerSeed
        let report = Locked<(steps: Int, stops: Int, created: Int, failure: String?)>((0, 0, 0, nil))
        // Bounded: a library that deadlocked would otherwise hang the run.
        let finished = await withWatchdog("model chunk \(chunk)", seconds: 600) {
            for seed in seeds {
                let operations = ModelOperation.run(seed: UInt64(seed), count: count)
                let outcome = ModelRunner.run(operations)
                report.withLock { report in
                    report.steps += outcome.steps
                    report.stops += outcome.expectedStops
                    report.created += outcome.created
                }
                if let failure = outcome.failure {
                    let text = Self.describe(seed: seed, operations: operations, failure: failure)
                    report.withLock { $0.failure = text }
                    return
                }
            }
        }
        guard finished else { return }
        let (steps, stops, created, failure) = report.withLock { $0 }
        if let failure {
            Issue.record(Comment(rawValue: failure))
            return
        }
        print("model chunk \(chunk): seeds \(seeds.lowerBound)...\(seeds.upperBound), \(steps) operations agreed "
            + "(\(stops) expected stops skipped), \(created) instances created")
        #expect(steps == seeds.count * count)
    }

    /// Runs `operations` with a trace and records a failure if they disagree.
    private func replayAndReport(_ operations: [ModelOperation], label: String) async {
        let failure = Locked<ModelRunner.Failure?>(nil)
        let steps = Locked(0)
        let finished = await withWatchdog("\(label)", seconds: 600) {
            // Unbuffered, so the trace is complete even when the library stops the process.
            let outcome = ModelRunner.run(operations) { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
            failure.withLock { $0 = outcome.failure }
            steps.withLock { $0 = outcome.steps }
        }
        guard finished else { return }
        if let failure = failure.withLock({ $0 }) {
            Issue.record("model mismatch in \(label) at \(failure)")
        } else {
            print("\(label): \(steps.withLock { $0 }) operations agreed with the model")
        }
    }

    /// The failure report: the seed, how to replay it, and the run shrunk to a few steps.
    private static func describe(seed: Int, operations: [ModelOperation], failure: ModelRunner.Failure) -> String {
        let shrunk = ModelShrinker.shrink(operations)
        var lines: [String] = []
        let replayed = ModelRunner.run(shrunk) { lines.append("  \($0)") }
        let code = shrunk.map(\.description).joined(separator: " ")
        return """
            model mismatch, seed \(seed) at \(failure)
            replay the seed:  SCOPED_MODEL_SEED=\(seed) swift test --filter ReliabilityTests.ModelBasedTests
            shrunk to \(shrunk.count) operations (\(replayed.failure.map(\.description) ?? "passes alone")):
              SCOPED_MODEL_REPLAY='\(code)' swift test --filter ReliabilityTests.ModelBasedTests
            \(lines.joined(separator: "\n"))
            """
    }

    static func environmentInt(_ name: String) -> Int? {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
    }
}
