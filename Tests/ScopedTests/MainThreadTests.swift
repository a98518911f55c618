import Foundation
import Testing

/// Main-thread detection agrees with the main actor's own check, on the process's real
/// main thread (which no test runs on: Tests/Fixtures/MainThreadProbe does).
@Suite struct MainThreadTests {
    @Test func mainActorFactoryResolvesOnTheMainThreadInsideAnotherQueuesSync() throws {
        let probe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("MainThreadProbe")
        try #require(FileManager.default.isExecutableFile(atPath: probe.path), "no probe binary at \(probe.path)")
        let process = Process()
        process.executableURL = probe
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let failure = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(failure == "")
        #expect(process.terminationStatus == 0)
        #expect(
            printed == """
                main thread, inside another queue's sync: resolved, same instance true
                main queue after dispatchMain(): resolved, same instance true

                """)
    }
}
