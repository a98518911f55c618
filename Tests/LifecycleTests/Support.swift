import Foundation
import Testing
@testable import ScopedDemo

/// Runs the scenario called `name` in-process (every variant) and returns its results.
@MainActor
func results(of name: String, seed: UInt64 = 42, ticks: Int = 12) throws -> [VariantResult] {
    let scenario = try #require(ScenarioCatalog.scenario(named: name), "no scenario named \(name)")
    return scenario.run(seed: seed, ticks: ticks)
}

extension VariantResult {
    /// One line per traced instance: `CounterViewModel#1 1→2` (built in tick 1, released in
    /// tick 2), `DetailViewModel#16 10→` when still alive when the scenario ends.
    var lifelines: [String] {
        instances.map { "\($0.label) \($0.builtTick)→\($0.releasedTick.map(String.init) ?? "")" }
    }

    /// The numbers of the summary row.
    var counts: [String] {
        [String(inits), String(deinits), String(mostAlive), TextLayout.yesNo(builtLazily),
         TextLayout.yesNo(stateKept), TextLayout.yesNo(releasedOnDismiss)]
    }
}

/// The checked-in expected outputs (Tests/LifecycleTests/Golden) and the built demo.
enum Golden {
    /// The contents of `Golden/<name>`.
    static func text(_ name: String) throws -> String {
        let directory = try #require(Bundle.module.url(forResource: "Golden", withExtension: nil))
        return try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// The `ScopedDemo` executable that `swift build`/`swift test` put next to this test
    /// target's resource bundle (`.build/<config>/`).
    static var demoExecutable: URL {
        Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("ScopedDemo")
    }
}

/// What a spawned process printed.
struct ProcessOutput {
    let standardOutput: String
    let standardError: String
    let exitCode: Int32
}

/// Runs `executable` with `arguments` and waits for it. Its environment is this process's
/// without `COLUMNS` (the demo would fit its output to it), plus `environment`.
func spawn(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var inherited = ProcessInfo.processInfo.environment
    inherited["COLUMNS"] = nil
    process.environment = inherited.merging(environment) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessOutput(
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData, as: UTF8.self),
        exitCode: process.terminationStatus)
}
