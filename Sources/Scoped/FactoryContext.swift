
/// Where the process runs, as the context overrides (`onTest`, `onPreview`, `onDebug`,
/// `onArg`) see it. Detected once, at first use.
///
/// | context | detected when |
/// |---|---|
/// | ``isTest`` | the executable is a test bundle runner (`*.xctest`, `swiftpm-testing-helper`, `xctest`) or Xcode's test environment variables are set (`XCTestConfigurationFilePath`, `XCTestBundlePath`, `XCTestSessionIdentifier`) |
/// | ``isPreview`` | `XCODE_RUNNING_FOR_PREVIEWS` is `1` (Xcode previews) |
/// | ``isDebug`` | Scoped itself was compiled without optimisation (`DEBUG`) |
///
/// On Linux, `swift test` runs `<Package>PackageTests.xctest` for XCTest and Swift Testing
/// alike (exit-test child processes too), so ``isTest`` holds; ``isPreview`` holds only if
/// you set the variable yourself. On Apple platforms, `swift test` runs `xctest` or
/// `swiftpm-testing-helper`, and Xcode sets the `XCTest…` variables, also for tests hosted
/// in an app. <doc:TestingAndPreviews> has the details.
///
/// Override precedence, highest first: an explicit ``Factory/register(_:)`` (it lives in
/// the container and always wins), then `onArg`, `onPreview`, `onTest`, `onDebug`, then
/// the declared body. Among context overrides of the same kind, the last one applies.
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
package enum ContextRank: UInt8 {
    case debug = 1, test, preview, argument
}

extension Registration {
    /// Uses `body` instead of the current one when `applies`, unless an override of a
    /// higher rank is already in place.
    package func overriding(rank: ContextRank, if applies: Bool, with body: @escaping @Sendable (P) -> T) -> Self {
        overriding(rank: rank, if: applies) { $0.storedBody = .parameter(body) }
    }
}

extension Factory {
    /// Uses `body` when running tests (see ``FactoryContext/isTest``).
    ///
    /// ```swift
    /// var api: Factory<APIClient> { self { LiveAPIClient() }.onTest { MockAPIClient() }.singleton }
    /// ```
    ///
    /// - Parameter body: Makes the instance used under tests.
    /// - Returns: The factory with that body when the context applies.
    public func onTest(_ body: @escaping @Sendable () -> T) -> Factory<T> {
        Factory(registration: registration.overriding(rank: .test, if: FactoryContext.isTest) { _ in body() })
    }

    /// Uses `body` in Xcode previews (see ``FactoryContext/isPreview``).
    ///
    /// - Parameter body: Makes the instance used in previews.
    /// - Returns: The factory with that body when the context applies.
    public func onPreview(_ body: @escaping @Sendable () -> T) -> Factory<T> {
        Factory(registration: registration.overriding(rank: .preview, if: FactoryContext.isPreview) { _ in body() })
    }

    /// Uses `body` in debug builds (see ``FactoryContext/isDebug``).
    ///
    /// - Parameter body: Makes the instance used in debug builds.
    /// - Returns: The factory with that body when the context applies.
    public func onDebug(_ body: @escaping @Sendable () -> T) -> Factory<T> {
        Factory(registration: registration.overriding(rank: .debug, if: FactoryContext.isDebug) { _ in body() })
    }

    /// Uses `body` when the process was launched with `argument` (`-mockAPI`).
    ///
    /// - Parameters:
    ///   - argument: A launch argument, matched exactly.
    ///   - body: Makes the instance used when the argument is present.
    /// - Returns: The factory with that body when the context applies.
    public func onArg(_ argument: String, _ body: @escaping @Sendable () -> T) -> Factory<T> {
        Factory(registration: registration.overriding(
            rank: .argument, if: FactoryContext.arguments.contains(argument)) { _ in body() })
    }
}

extension ParameterFactory {
    /// Uses `body` when running tests. See ``Factory/onTest(_:)``.
    ///
    /// - Parameter body: Makes the instance used under tests.
    /// - Returns: The factory with that body when the context applies.
    public func onTest(_ body: @escaping @Sendable (P) -> T) -> ParameterFactory<P, T> {
        withRegistration(registration.overriding(rank: .test, if: FactoryContext.isTest, with: body))
    }

    /// Uses `body` in Xcode previews. See ``Factory/onPreview(_:)``.
    ///
    /// - Parameter body: Makes the instance used in previews.
    /// - Returns: The factory with that body when the context applies.
    public func onPreview(_ body: @escaping @Sendable (P) -> T) -> ParameterFactory<P, T> {
        withRegistration(registration.overriding(rank: .preview, if: FactoryContext.isPreview, with: body))
    }

    /// Uses `body` in debug builds. See ``Factory/onDebug(_:)``.
    ///
    /// - Parameter body: Makes the instance used in debug builds.
    /// - Returns: The factory with that body when the context applies.
    public func onDebug(_ body: @escaping @Sendable (P) -> T) -> ParameterFactory<P, T> {
        withRegistration(registration.overriding(rank: .debug, if: FactoryContext.isDebug, with: body))
    }

    /// Uses `body` when the process was launched with `argument`. See ``Factory/onArg(_:_:)``.
    ///
    /// - Parameters:
    ///   - argument: A launch argument, matched exactly.
    ///   - body: Makes the instance used when the argument is present.
    /// - Returns: The factory with that body when the context applies.
    public func onArg(_ argument: String, _ body: @escaping @Sendable (P) -> T) -> ParameterFactory<P, T> {
        withRegistration(registration.overriding(
            rank: .argument, if: FactoryContext.arguments.contains(argument), with: body))
    }
}

extension ParameterFactory {
    /// This factory with `registration` in place of its own, keeping everything else
    /// (``perParameter``'s key): a context override chained after `.perParameter` must
    /// not turn per-parameter instances back into one.
    fileprivate func withRegistration(_ registration: Registration<P, T>) -> ParameterFactory<P, T> {
        var copy = self
        copy.registration = registration
        return copy
    }
}
