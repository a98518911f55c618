
/// Where the process runs, as the context overrides (`onTest`, `onPreview`, `onDebug`,
/// `onArg`, `onArgs`, `onSimulator`, `onDevice`) see it. Detected once, at first use.
///
/// | context | detected when |
/// |---|---|
/// | ``isTest`` | the executable is a test bundle runner (`*.xctest`, `swiftpm-testing-helper`, `xctest`) or Xcode's test environment variables are set (`XCTestConfigurationFilePath`, `XCTestBundlePath`, `XCTestSessionIdentifier`) |
/// | ``isPreview`` | `XCODE_RUNNING_FOR_PREVIEWS` is `1` (Xcode previews) |
/// | ``isDebug`` | Scoped itself was compiled without optimisation (`DEBUG`) |
/// | ``isSimulator`` | Scoped was compiled for a simulator (`targetEnvironment(simulator)`) |
/// | ``isDevice`` | Scoped was compiled for an Apple platform, not a simulator (never on Linux) |
///
/// On Linux, `swift test` runs `<Package>PackageTests.xctest` for XCTest and Swift Testing
/// alike (exit-test child processes too), so ``isTest`` holds; ``isPreview`` holds only if
/// you set the variable yourself. On Apple platforms, `swift test` runs `xctest` or
/// `swiftpm-testing-helper`, and Xcode sets the `XCTest…` variables, also for tests hosted
/// in an app. <doc:TestingAndPreviews> has the details.
///
/// These are the process's contexts. A test's container world may be given others
/// (``Values``, `withContainer(context:)` of `ScopedTesting`): context overrides read
/// ``current``, the calling world's, which is the process's outside such a world.
///
/// Override precedence, highest first: an explicit ``FactoryModifying/register(_:)-5fb5z`` (it lives in
/// the container and always wins), then a context modifier written as a statement at run
/// time (``FactoryModifying/onTest(_:)->RunTimeChain<Self>``, stored in the container), then the
/// declaration's: `onArg`/`onArgs`, `onPreview`, `onTest`, `onSimulator`, `onDevice`,
/// `onDebug` (the same order among stored ones), then the declared body. Among context
/// overrides of the same kind, the last one applies.
public enum FactoryContext {
    /// Whether the process is running tests.
    public static let isTest: Bool = detectTest()

    /// Whether the process is rendering Xcode previews.
    public static let isPreview: Bool = environment("XCODE_RUNNING_FOR_PREVIEWS") == "1"

    /// Whether Scoped was built for debugging.
    public static let isDebug: Bool = {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }()

    /// Whether this build runs in a simulator (decided at compile time; false on Linux).
    public static let isSimulator: Bool = Platform.isSimulator

    /// Whether this build runs on a device of an Apple platform, not a simulator (decided
    /// at compile time; false on Linux).
    public static let isDevice: Bool = Platform.isAppleDevice

    /// The process's launch arguments (as `CommandLine.arguments`).
    public static let arguments: [String] = CommandLine.arguments

    private static func detectTest() -> Bool {
        for variable in ["XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier"]
        where environment(variable) != nil {
            return true
        }
        return isTestRunner(executable: CommandLine.arguments.first ?? "")
    }

    /// Whether `executable` (a path) is a test runner: `xctest`, `swiftpm-testing-helper`,
    /// a `*.xctest` executable, or an executable inside a `*.xctest` bundle.
    ///
    /// Compares path components only: a substring search (`String.contains(_:)` of a
    /// string) comes from `_StringProcessing`, which needs iOS 16 / macOS 13.
    package static func isTestRunner(executable: String) -> Bool {
        let components = executable.split(separator: "/", omittingEmptySubsequences: false)
        guard let name = components.last else { return false }
        return name == "xctest" || name == "swiftpm-testing-helper"
            || components.contains { $0.hasSuffix(".xctest") }
    }

    private static func environment(_ name: String) -> String? {
        Platform.environmentValue(name)
    }
}

/// Precedence of context overrides: a higher rank replaces a lower one.
@usableFromInline
package enum ContextRank: UInt8, Sendable {
    case debug = 1, device, simulator, test, preview, argument
}
