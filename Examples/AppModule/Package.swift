// swift-tools-version: 6.0
// An app module in its own package, written the way an app team would use Scoped:
// it proves the public API is enough (no `package` access) in Swift 6 mode.
import PackageDescription

let package = Package(
    name: "AppModule",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [.library(name: "AppFeature", targets: ["AppFeature"])],
    dependencies: [.package(name: "Scoped", path: "../..")],
    targets: [
        .target(name: "AppFeature", dependencies: [.product(name: "Scoped", package: "Scoped")]),
        .testTarget(name: "AppFeatureTests", dependencies: [
            "AppFeature",
            .product(name: "ScopedTesting", package: "Scoped"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
