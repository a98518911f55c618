import Foundation
import Scoped
import Testing

/// Async builds under cancellation and endless bodies (issue #29, bugs 3 and 6), each
/// under a watchdog: a `register` while a build never finishes leaves later resolves free,
/// and a server's request scopes closed by cancelled requests never stop the process and
/// release everything their builds made.
///
/// The builds run in tasks of their own on the global cooperative pool, which the suite's
/// synchronous tests hold for minutes under ThreadSanitizer (two threads on CI's machines:
/// these tests could not start for over 180 s in CI's scaled-down run, and for about 540 s
/// in a full-scale one). The watchdogs therefore allow twenty minutes without progress: a
/// bound on a hang, not a wait for a result; outside a sanitizer both tests take under 2 s.
@Suite struct AsyncCancellationTests {
    static let stallSeconds = 1_200.0

    @Test func aRegisterDuringABuildThatNeverFinishesLeavesLaterResolvesFree() async {
        let tracker = Tracker()
        let container = Container()
        let (started, signal) = AsyncStream<Void>.makeStream()
        let finished = await withWatchdog("register during an endless build", stallSeconds: Self.stallSeconds) {
            progress in
            await Tracker.$current.withValue(tracker) {
                let endless = Task { try await container.endlessSession(signal)() }
                var arrivals = started.makeAsyncIterator()
                _ = await arrivals.next()   // the endless body runs
                progress.advance()
                container.endlessSession(signal).register { Probe("fixed") }
                // Joining the endless build would wait here for an hour.
                let late = try? await container.endlessSession(signal)()
                #expect(late?.tag == "fixed")
                progress.advance()
                endless.cancel()   // its only waiter leaves: the build is abandoned
                _ = await endless.result
            }
        }
        #expect(finished)
    }

    /// A request handler opens a scope, resolves a handler whose body resolves the
    /// request's context after an `await`, and closes the scope when it leaves — early when
    /// its client disconnects (the task is cancelled). The close ends the builds in flight;
    /// a build still running resolves through the closed scope and throws
    /// `LifetimeScopeClosedError`, where it used to stop the process. (The handler is
    /// declared, not registered on the scope: an override that captures its own scope is a
    /// reference cycle, scope → override → scope, which LeakSanitizer reports.)
    @Test func cancelledRequestsNeverStopTheProcessAndReleaseWhatTheyBuilt() async {
        let tracker = Tracker()
        let root = Container()
        let requests = 2_000
        let outcomes = Locked<[String: Int]>([:])
        let finished = await withWatchdog(
            "\(requests) requests, every other one cancelled", stallSeconds: Self.stallSeconds
        ) { progress in
            await Tracker.$current.withValue(tracker) {
                await withTaskGroup(of: Void.self) { group in
                    for index in 0..<requests {
                        group.addTask {
                            let scope = root.child("request")
                            let handler = Task {
                                defer { scope.close() }
                                return try await scope.requestHandler()
                            }
                            if index % 2 == 0 { handler.cancel() }
                            let outcome: String
                            switch await handler.result {
                            case .success: outcome = "answered"
                            case .failure(is CancellationError): outcome = "cancelled"
                            case .failure(is LifetimeScopeClosedError): outcome = "scope closed"
                            case .failure(let error): outcome = "\(error)"
                            }
                            outcomes.withLock { $0[outcome, default: 0] += 1 }
                            progress.advance()
                        }
                    }
                }
                // Builds that outlive their requests finish on their own tasks: wait for
                // their releases (the watchdog bounds the wait by progress).
                var released = tracker.released
                while !tracker.alive.isEmpty {
                    try? await Task.sleep(nanoseconds: 1_000_000)
                    if tracker.released != released {
                        released = tracker.released
                        progress.advance()
                    }
                }
            }
        }
        #expect(finished)
        let seen = outcomes.withLock { $0 }
        #expect(Set(seen.keys).isSubset(of: ["answered", "cancelled", "scope closed"]), "\(seen)")
        #expect(seen.values.reduce(0, +) == requests)
        #expect(seen["answered", default: 0] >= requests / 2)   // the requests nobody cancelled
        #expect(tracker.alive.isEmpty)
        #expect(tracker.created == tracker.released)
        #expect(tracker.anomalies.isEmpty)
    }
}

extension Container {
    /// A cached session whose body signals that it started, then sleeps for an hour.
    fileprivate func endlessSession(_ started: AsyncStream<Void>.Continuation) -> AsyncFactory<Probe> {
        self {
            started.yield()
            try await Task.sleep(nanoseconds: 3_600_000_000_000)
            return Probe("endless")
        }.cached
    }

    fileprivate var requestHandler: AsyncFactory<Probe> {
        self {
            await Task.yield()
            return Probe("handler", deps: [try await self.requestContext()])
        }.scoped
    }

    fileprivate var requestContext: AsyncFactory<Probe> {
        self {
            await Task.yield()
            return Probe("context", deps: [try await self.requestLog()])
        }.scoped
    }

    fileprivate var requestLog: AsyncFactory<Probe> {
        self { Probe("log") }.scoped
    }
}
