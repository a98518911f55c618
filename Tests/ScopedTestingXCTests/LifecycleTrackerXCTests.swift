// Imports ScopedTesting and XCTest only, never Testing: the tracker's expectations,
// `watch` and `didInit` must compile and report their caller's line here too.
import Foundation
import ScopedTesting
import XCTest

private final class XCSheetModel: Sendable {}

extension Container {
    fileprivate var xcSheetModel: Factory<XCSheetModel> { self { XCSheetModel() }.scoped }
}

/// The violations a tracker handed to `onViolation`.
private final class Violations: @unchecked Sendable {
    private let lock = NSLock()  // guards `all`
    private var all: [LifecycleViolation] = []

    func append(_ violation: LifecycleViolation) { lock.withLock { all.append(violation) } }
    var list: [LifecycleViolation] { lock.withLock { all } }
}

final class LifecycleTrackerXCTests: XCTestCase {
    func testExpectationsCompileAndReportTheirLineWithoutImportingTesting() {
        let violations = Violations()
        withContainer {
            let tracker = LifecycleTracker(observing: Container.shared) { violations.append($0) }
            let sheet = Container.shared.child("sheet")
            let model = tracker.watch(sheet.xcSheetModel())
            XCTAssertTrue(tracker.expectBuiltOnce(XCSheetModel.self))
            XCTAssertTrue(tracker.expectAlive(XCSheetModel.self))
            XCTAssertFalse(tracker.expectBuilt(XCSheetModel.self, times: 2)); let failedLine = #line
            sheet.close()
            XCTAssertTrue(tracker.expectReleased(XCSheetModel.self))
            XCTAssertTrue(tracker.expectReleased(model))
            XCTAssertTrue(tracker.expectAllReleased())
            XCTAssertEqual(violations.list.map(\.kind), [.builtCount])
            XCTAssertEqual(violations.list.first?.sourceLocation.line, failedLine)
            XCTAssertEqual(violations.list.first?.sourceLocation.fileID, #fileID)
            XCTAssertTrue(violations.list.first?.message.hasPrefix("expected XCSheetModel to be built 2 times, but it was built once:") == true)
        }
    }

    func testDidInitRecordsTheCallersLine() {
        let tracker = LifecycleTracker { _ in }
        let object = XCSheetModel()
        let record = tracker.didInit(object, named: "spy"); let line = #line
        XCTAssertEqual(record.sourceLocation?.line, line)
        XCTAssertEqual(tracker.instances(named: "spy").count, 1)
    }
}
