// A test fixture (not a product): resolves a main-actor factory the way an app does,
// from the process's real main thread, which a test runner never gives its tests (on
// Linux, Swift Testing runs the main actor's jobs on a worker thread). ScopedTests
// spawns it and checks its exit status and output (MainThreadTests.swift).
//
// 1. On the main thread, inside another queue's `sync` block (the main actor's own
//    check, `MainActor.assumeIsolated`, succeeds there, so Scoped's must too).
// 2. After `dispatchMain()`, from a main-queue block (on Linux a worker thread drains
//    the main queue then, and the main actor's jobs run there).
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Scoped

@MainActor final class ScreenVM {
    init() {}
}

extension Container {
    @MainActor var screen: MainActorFactory<ScreenVM> { self { @MainActor in ScreenVM() }.shared }
}

let queue = DispatchQueue(label: "state")
let viewModel = queue.sync { Container.shared.screen() }
let isolated = queue.sync { MainActor.assumeIsolated { Container.shared.screen() } }
print("main thread, inside another queue's sync: resolved, same instance \(viewModel === isolated)")

DispatchQueue.main.async {
    let again = MainActor.assumeIsolated { Container.shared.screen() }
    print("main queue after dispatchMain(): resolved, same instance \(again === viewModel)")
    exit(0)
}
dispatchMain()
