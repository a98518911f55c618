// Issue #37, item 5: `update()` never traps off the main thread. The wrappers' `update()`
// does one thing, `ViewModelSlot.markInstalled()`; Apple's `DynamicProperty.update()` page
// promises no thread for it. Before #37 the wrappers wrapped it in
// `MainActor.assumeIsolated`, which stops the process off the main thread.
import Foundation
import Scoped
import ScopedSwiftUI
import Testing

@Suite struct UpdateOffTheMainThreadTests {
    /// The path `update()` calls, from a background thread, while the main actor reads.
    @Test func markingASlotInstalledFromABackgroundThreadIsSafe() async {
        let slots = (0..<64).map { _ in ViewModelSlot(\.sharedSessionVM) }
        let box = UncheckedSlots(slots)
        let done = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                for slot in box.slots { slot.markInstalled() }
                continuation.resume(returning: true)
            }
        }
        #expect(done)
        let allInstalled = slots.allSatisfy { $0.isInstalled }
        #expect(allInstalled)
        let root = Container()
        let same = await MainActor.run { () -> Bool in
            box.slots[0].value(in: ContainerEnvironment().with(root)) === root.sharedSessionVM()
        }
        #expect(same)
    }
}

/// Hands slots (main-actor objects in an app) to the background thread the test starts;
/// the test reads them only after that thread finished (the continuation orders it).
private struct UncheckedSlots: @unchecked Sendable {  // no lock: the continuation orders every access.
    let slots: [ViewModelSlot<SessionVM>]
    init(_ slots: [ViewModelSlot<SessionVM>]) { self.slots = slots }
}
