// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Scoped",
    // Factory's floor. Nothing in the library needs a newer release; an API that does
    // carries `@available` itself. (.ci/steps/05-platform-guard.sh keeps it so.)
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "Scoped", targets: ["Scoped"]),
        .library(name: "ScopedTesting", targets: ["ScopedTesting"]),
        .library(name: "ScopedSwiftUI", targets: ["ScopedSwiftUI"]),
        // No product for ScopedDemo (issue #39): it runs on the model of SwiftUI below, whose
        // layer target needs unsafeFlags; as an executable *target* of the root package it
        // still runs with `swift run ScopedDemo`, and no package depending on Scoped can
        // reach it.
    ],
    targets: [
        // C11 atomics and Linux's thread id for the platform layer; not a product.
        .target(name: "CScopedPlatform"),
        .target(name: "Scoped", dependencies: ["CScopedPlatform"], exclude: ["Internal/README.md"]),
        .target(name: "ScopedTesting", dependencies: ["Scoped"]),
        // Lifetime scopes and view models bound to SwiftUI views: framework-free core types
        // here and everywhere; the SwiftUI layer (SwiftUI/) compiles where SwiftUI exists and
        // is type-checked on Linux against Tests/SwiftUIStub (.ci/steps/35-swiftui-stub.sh).
        .target(name: "ScopedSwiftUI", dependencies: ["Scoped"]),
        // The demo runs the shipped SwiftUI layer on the model of SwiftUI's runtime (below).
        .executableTarget(name: "ScopedDemo", dependencies: ["Scoped", "ScopedSwiftUIOnModel", "SwiftUIModel"]),
        // Test fixture: resolves from the process's real main thread (MainThreadTests).
        .executableTarget(name: "MainThreadProbe", dependencies: ["Scoped"], path: "Tests/Fixtures/MainThreadProbe"),
        .testTarget(name: "ScopedTests", dependencies: ["Scoped", "ScopedTesting", "MainThreadProbe"]),
        .testTarget(name: "ScopedTestingTests", dependencies: ["ScopedTesting"]),
        // XCTest only, never `import Testing`: ScopedTesting must work from such files (#31).
        .testTarget(name: "ScopedTestingXCTests", dependencies: ["ScopedTesting"]),
        .testTarget(name: "ScopedSwiftUITests", dependencies: ["ScopedSwiftUI", "Scoped"]),
        .testTarget(name: "LifecycleTests", dependencies: ["ScopedDemo", "Scoped"],
                    resources: [.copy("Golden")]),
        .testTarget(name: "ReliabilityTests", dependencies: ["Scoped"]),
    ],
    swiftLanguageModes: [.v6]
)

// The shipped SwiftUI layer (Sources/ScopedSwiftUI/SwiftUI) run on an executable model of
// SwiftUI's runtime (Tests/SwiftUIModel/README.md), by the tests and by ScopedDemo: the
// model's modules are named SwiftUIModel and CombineModel, and `-module-alias` makes the
// layer's `import SwiftUI` and `import Combine` load them. ScopedSwiftUIOnModel compiles
// ScopedSwiftUI's own sources (a symlink, so nothing is copied) into a module of its own.
//
// On every platform (issue #39, item 3): the demo must build and run with `swift run
// ScopedDemo` on a Mac too, and it imports the model by the modules' real names
// (`import SwiftUIModel`, `import ScopedSwiftUIOnModel`), so only ScopedSwiftUIOnModel
// carries the aliases (unsafeFlags). No library product reaches these targets: the
// `Scoped`, `ScopedTesting` and `ScopedSwiftUI` products are built exactly as before, and
// ScopedDemo has no product (above), so a package depending on Scoped never builds them.
// The test target stays Linux-only: it imports the model as `SwiftUI` (aliases on a test
// target), which only Linux CI runs; on a Mac, the real SwiftUI is there to test against.
let modelAliases = ["-module-alias", "SwiftUI=SwiftUIModel", "-module-alias", "Combine=CombineModel"]
package.targets += [
    .target(name: "CombineModel", path: "Tests/SwiftUIModel/Combine"),
    .target(name: "SwiftUIModel", dependencies: ["CombineModel"], path: "Tests/SwiftUIModel/SwiftUI"),
    .target(name: "ScopedSwiftUIOnModel", dependencies: ["Scoped", "SwiftUIModel", "CombineModel"],
            path: "Tests/SwiftUIModel/ScopedSwiftUIOnModel", swiftSettings: [.unsafeFlags(modelAliases)]),
]
#if os(Linux)
package.targets += [
    .testTarget(name: "SwiftUIModelTests",
                dependencies: ["ScopedSwiftUIOnModel", "SwiftUIModel", "CombineModel", "Scoped", "ScopedTesting"],
                swiftSettings: [.unsafeFlags(modelAliases + ["-module-alias", "ScopedSwiftUI=ScopedSwiftUIOnModel"])]),
]
#endif
