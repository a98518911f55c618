// swift-tools-version: 6.0
// Scoped's sample app: a Swift Playgrounds app package. Open this folder in Xcode (16 or
// later) and run the "ScopedSample" app on an iOS 17 simulator or device.
//
// The app target (App/) and its product exist where the manifest can import
// AppleProductTypes, that is in Xcode and Swift Playgrounds. Elsewhere — `swift test` on
// Linux or macOS, as CI runs it — the package is the framework-free view models
// (Sources/SampleFeatures) and their tests, which is all that builds without SwiftUI.
import PackageDescription
#if canImport(AppleProductTypes)
import AppleProductTypes
#endif

var products: [Product] = []
var targets: [Target] = [
    // View models and their services: Scoped and Observation only, no SwiftUI.
    .target(
        name: "SampleFeatures",
        dependencies: [.product(name: "Scoped", package: "Scoped")],
        path: "Sources/SampleFeatures"
    ),
    .testTarget(
        name: "SampleFeaturesTests",
        dependencies: ["SampleFeatures", .product(name: "ScopedTesting", package: "Scoped")],
        path: "Tests/SampleFeaturesTests"
    ),
]

#if canImport(AppleProductTypes)
products.append(
    .iOSApplication(
        name: "ScopedSample",
        targets: ["AppModule"],
        bundleIdentifier: "dev.scoped.ScopedSample",
        displayVersion: "1.0",
        bundleVersion: "1",
        appIcon: .placeholder(icon: .clock),
        accentColor: .presetColor(.blue),
        supportedDeviceFamilies: [.pad, .phone],
        supportedInterfaceOrientations: [
            .portrait,
            .landscapeRight,
            .landscapeLeft,
            .portraitUpsideDown(.when(deviceFamilies: [.pad])),
        ]
    )
)
targets.append(
    .executableTarget(
        name: "AppModule",
        dependencies: ["SampleFeatures", .product(name: "ScopedSwiftUI", package: "Scoped")],
        path: "App"
    )
)
#endif

let package = Package(
    name: "ScopedSample",
    platforms: [.iOS("17.0"), .macOS("14.0")],
    products: products,
    // The Scoped checkout this sample lives in. An app of your own depends on a published
    // copy instead: see README.md's Installation.
    dependencies: [.package(name: "Scoped", path: "../..")],
    targets: targets,
    swiftLanguageModes: [.v6]
)
