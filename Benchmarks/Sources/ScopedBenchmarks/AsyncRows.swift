// Async factories (issue #19): a held instance awaited from an async context, next to the
// same cached resolve made synchronously in the same kind of loop. Each row runs its `n`
// operations inside one task (the caller blocks until it is done), so the task's start is
// spread over all of them.
import Dispatch
import Foundation
import Scoped

extension Container {
    var bAsyncCached: AsyncFactory<Service> { self { Service() }.cached }
    var bAsyncUnique: AsyncFactory<Service> { self { Service() } }
}

/// What an async row's task hands back to the blocked caller.
final class AsyncOutcome: @unchecked Sendable {  // @unchecked: written once by the task before `done.signal()` (or `finished`), read after `done.wait()` (or on the main thread that set `finished`).
    var value: UInt64 = 0
    let done = DispatchSemaphore(value: 0)
    var finished = false
}

/// Runs `body(n)` in a task on the main actor and waits for it. The harness runs on the
/// main thread, which must serve the main queue meanwhile for the main actor's jobs to
/// run: it runs the main run loop until the task is done.
func runOnMainActor(_ n: Int, _ body: @escaping @MainActor @Sendable (Int) async -> UInt64) -> UInt64 {
    let outcome = AsyncOutcome()
    Task { @MainActor in
        outcome.value = await body(n)
        outcome.finished = true
    }
    while !outcome.finished { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
    return outcome.value
}

/// Runs `body(n)` in a task and waits for it.
func runInTask(_ n: Int, _ body: @escaping @Sendable (Int) async -> UInt64) -> UInt64 {
    let outcome = AsyncOutcome()
    Task {
        outcome.value = await body(n)
        outcome.done.signal()
    }
    outcome.done.wait()
    return outcome.value
}

/// The async cached hit as it was before issue #29: a nonisolated async call between the
/// caller and the held-instance read, which leaves the caller's actor and comes back.
nonisolated func resolveThroughNonisolatedHop(_ c: Container) async throws -> Service {
    try await c.bAsyncCached()
}

enum AsyncRows {
    static func all() -> [Benchmark] {
        let c = Container.shared
        return [
            Benchmark("async", "Scoped cached, resolved synchronously in a task", baseline: true) { n in
                runInTask(n) { n in resolveCached(c, n) }
            },
            Benchmark("async", "Scoped async cached hit (try await)") { n in
                runInTask(n) { n in
                    var acc: UInt64 = 0
                    for _ in 0..<n { acc &+= fold(try! await c.bAsyncCached()) }
                    return acc
                }
            },
            Benchmark("async", "Scoped async cached hit from the main actor (try await)") { n in
                runOnMainActor(n) { n in
                    var acc: UInt64 = 0
                    for _ in 0..<n { acc &+= fold(try! await c.bAsyncCached()) }
                    return acc
                }
            },
            Benchmark("async", "Scoped async cached hit from the main actor, through a nonisolated async call (before #29)") { n in
                runOnMainActor(n) { n in
                    var acc: UInt64 = 0
                    for _ in 0..<n { acc &+= fold(try! await resolveThroughNonisolatedHop(c)) }
                    return acc
                }
            },
            Benchmark("async", "Scoped async unique (try await, a new instance each)") { n in
                runInTask(n) { n in
                    var acc: UInt64 = 0
                    for _ in 0..<n { acc &+= keep(try! await c.bAsyncUnique()) }
                    return acc
                }
            },
        ]
    }
}
