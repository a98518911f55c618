// swift-tools-version: 6.0
// Which of Scoped's source files one operation executes code in (Scripts/files-crossed.sh):
// a debug build with code coverage; counters are reset right before the operation.
import PackageDescription

let package = Package(
    name: "FilesCrossed",
    platforms: [.macOS(.v10_15)],
    dependencies: [.package(name: "Scoped", path: "../..")],
    targets: [.executableTarget(name: "FilesCrossed", dependencies: [.product(name: "Scoped", package: "Scoped")])],
    swiftLanguageModes: [.v6]
)
