import Foundation
import Scoped
import Testing

/// Random operation sequences run against Scoped and a reference model, compared after
/// every step (see ``ModelRunner``).
///
/// 400 seeds × 500 operations (200,000) by default, in 8 chunks that run in parallel, each
/// run in an isolated world of its own; and 100 seeds × 500 operations, one after the
/// other in the production world, where resolves take the library's fast path. About one
/// step in fifty is a race (`b`): a build with a second thread waiting for it and a
/// `register`, a reset or a close landing meanwhile; both threads must get the build's
/// instance, and the outcome must be the model's "resolve, then the change".
/// Environment:
/// - `SCOPED_MODEL_SEED=<n>`: replay one seed, printing every step.
/// - `SCOPED_MODEL_REPLAY='r.3.17.250 o.1.2.3 …'`: replay a (shrunk) run, printing every step.
/// - `SCOPED_MODEL_WORLD=production`: replay in the production world.
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
            await replayAndReport(operations, in: Self.replayWorld, label: "replayed run")
            return
        }
        if let seed = Self.environmentInt("SCOPED_MODEL_SEED") {
            guard chunk == 0 else { return }
            await replayAndReport(
                ModelOperation.run(seed: UInt64(seed), count: Self.operationsPerSeed), in: Self.replayWorld,
                label: "seed \(seed)")
            return
        }
        let seeds = (chunk * Self.seedsPerChunk + 1)...((chunk + 1) * Self.seedsPerChunk)
        await runSeeds(seeds, in: .isolated, label: "model chunk \(chunk)")
    }

    /// Runs in the production world, one after the other (they share `ModelContainer`'s
    /// singletons): the library's fast path is taken whenever no container world is active
    /// in the process at that moment.
    @Test func randomRunsAgreeInTheProductionWorld() async {
        let environment = ProcessInfo.processInfo.environment
        guard environment["SCOPED_MODEL_REPLAY"] == nil, environment["SCOPED_MODEL_SEED"] == nil else { return }
        let first = 1_000_001
        await runSeeds(first...(first + Self.seedsPerChunk * 2 - 1), in: .production, label: "model, production world")
    }

    private func runSeeds(_ seeds: ClosedRange<Int>, in world: ModelRunner.World, label: String) async {
        let count = Self.operationsPerSeed
        let report = Locked<(steps: Int, stops: Int, created: Int, failure: String?)>((0, 0, 0, nil))
        // Bounded: a library that deadlocked would otherwise hang the run.
        let finished = await withWatchdog(label) { progress in
            for seed in seeds {
                let operations = ModelOperation.run(seed: UInt64(seed), count: count)
                let outcome = ModelRunner.run(operations, in: world, progress: progress)
                report.withLock { report in
                    report.steps += outcome.steps
                    report.stops += outcome.expectedStops
                    report.created += outcome.created
                }
                if let failure = outcome.failure {
                    let text = Self.describe(
                        seed: seed, operations: operations, world: world, failure: failure, progress: progress)
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
        print("\(label): seeds \(seeds.lowerBound)...\(seeds.upperBound), \(steps) operations agreed "
            + "(\(stops) expected stops skipped), \(created) instances created")
        #expect(steps == seeds.count * count)
    }

    /// Runs `operations` with a trace and records a failure if they disagree.
    private func replayAndReport(_ operations: [ModelOperation], in world: ModelRunner.World, label: String) async {
        let failure = Locked<ModelRunner.Failure?>(nil)
        let steps = Locked(0)
        let finished = await withWatchdog("\(label)") { progress in
            // Unbuffered, so the trace is complete even when the library stops the process.
            let outcome = ModelRunner.run(
                operations, in: world, trace: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
                progress: progress)
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
    private static func describe(
        seed: Int, operations: [ModelOperation], world: ModelRunner.World, failure: ModelRunner.Failure,
        progress: ScenarioProgress
    ) -> String {
        let shrunk = ModelShrinker.shrink(operations, in: world, progress: progress)
        var lines: [String] = []
        let replayed = ModelRunner.run(shrunk, in: world) { lines.append("  \($0)") }
        let code = shrunk.map(\.description).joined(separator: " ")
        let env = world == .production ? "SCOPED_MODEL_WORLD=production " : ""
        return """
            model mismatch (\(world) world), seed \(seed) at \(failure)
            replay the seed:  \(env)SCOPED_MODEL_SEED=\(seed) swift test --filter ReliabilityTests.ModelBasedTests
            shrunk to \(shrunk.count) operations (\(replayed.failure.map(\.description) ?? "passes alone")):
              \(env)SCOPED_MODEL_REPLAY='\(code)' swift test --filter ReliabilityTests.ModelBasedTests
            \(lines.joined(separator: "\n"))
            """
    }

    static var replayWorld: ModelRunner.World {
        ProcessInfo.processInfo.environment["SCOPED_MODEL_WORLD"] == "production" ? .production : .isolated
    }

    static func environmentInt(_ name: String) -> Int? {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
    }
}
