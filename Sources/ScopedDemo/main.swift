#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// `swift run ScopedDemo [options]`: everything happens in DemoCommand, which tests call
// in-process; this file only prints and exits.
let output = DemoCommand.run(arguments: Array(CommandLine.arguments.dropFirst()), terminal: .standardOutput())
print(output.standardOutput, terminator: "")
let errorText = Array(output.standardError.utf8)
if !errorText.isEmpty { _ = errorText.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) } }
exit(output.exitCode)
