// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Scoped",
    // Synchronization's `Atomic` (the resolve path's lock-free flags) needs these releases.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Scoped", targets: ["Scoped"]),
        .library(name: "ScopedTesting", targets: ["ScopedTesting"]),
        .executable(name: "ScopedDemo", targets: ["ScopedDemo"]),
    ],
    targets: [
        .target(name: "Scoped"),
        .target(name: "ScopedTesting", dependencies: ["Scoped"]),
        .executableTarget(name: "ScopedDemo", dependencies: ["Scoped"]),
        .testTarget(name: "ScopedTests", dependencies: ["Scoped", "ScopedTesting"]),
        .testTarget(name: "ScopedTestingTests", dependencies: ["ScopedTesting"]),
        .testTarget(name: "LifecycleTests", dependencies: ["ScopedDemo", "Scoped"],
                    resources: [.copy("Golden")]),
        .testTarget(name: "ReliabilityTests", dependencies: ["Scoped"]),
    ],
    swiftLanguageModes: [.v6]
)
