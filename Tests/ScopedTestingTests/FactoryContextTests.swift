import Foundation
import ScopedTesting
import Testing

/// Context detection as `swift test` sees it (Linux and macOS alike).
@Suite struct FactoryContextTests {
    @Test func swiftTestIsDetectedAsATestRun() {
        #expect(FactoryContext.isTest)
    }

    @Test(.container) func onTestBodiesAreUsedInTests() {
        #expect(Container.shared.isoContext() == "test")
    }

    @Test(.container { $0.isoContext.register { "explicit" } })
    func anExplicitOverrideBeatsOnTest() {
        #expect(Container.shared.isoContext() == "explicit")
    }

    @Test func previewsAreDetectedOnlyThroughXcodesVariable() {
        let variable = ProcessInfo.processInfo.environment["XCODE_RUNNING_FOR_PREVIEWS"]
        #expect(FactoryContext.isPreview == (variable == "1"))
    }

    @Test(arguments: [
        ("/work/.build/debug/ScopedPackageTests.xctest", true),                 // swift test on Linux
        ("/Applications/Xcode.app/Contents/Developer/usr/bin/xctest", true),     // swift test on macOS
        ("/usr/bin/swiftpm-testing-helper", true),
        ("/tmp/Derived/AppTests.xctest/Contents/MacOS/AppTests", true),          // an executable in a bundle
        ("AppTests.xctest/", true),
        ("/Applications/Shop.app/Shop", false),
        ("/tmp/not.xctestbundle/Shop", false),
        ("/tmp/xctest.app/Shop", false),
        ("", false),
    ])
    func testRunnersAreToldApartByPathComponents(executable: String, isRunner: Bool) {
        #expect(FactoryContext.isTestRunner(executable: executable) == isRunner)
    }

    @Test func anExitTestsChildProcessIsATestRunToo() async {
        await #expect(processExitsWith: .success) {
            exit(FactoryContext.isTest ? EXIT_SUCCESS : EXIT_FAILURE)
        }
    }
}
