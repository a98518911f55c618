// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Scoped",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
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
