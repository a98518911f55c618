import Dispatch
import Scoped
import Testing

// A build that never finishes is reported (#29, bug 5). The threshold is process-wide, so
// each test runs in a process of its own (an exit test) and prints what its observer saw;
// the parent compares the lines exactly.

final class StallSession: Sendable {}
final class StallFeed: Sendable {}

/// Each body waits on its own gate until the observer (or the test) opens it.
let sessionGate = AsyncGate()
let lateGate = AsyncGate()
let offGate = AsyncGate()
let joinGate = AsyncGate()

final class StallContainer: SharedContainer {
    static let shared = StallContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }

    var session: AsyncFactory<StallSession> {
        self { try await sessionGate.wait(); return StallSession() }.cached
    }
    var feed: AsyncFactory<StallFeed> {
        self { _ = try await self.session(); return StallFeed() }.cached
    }
    var quick: AsyncFactory<StallSession> { self { StallSession() }.cached }
    var late: AsyncFactory<StallSession> { self { try await lateGate.wait(); return StallSession() }.cached }
    var unreported: AsyncFactory<StallSession> { self { try await offGate.wait(); return StallSession() }.cached }
    var joined: AsyncFactory<StallSession> { self { try await joinGate.wait(); return StallSession() }.cached }
}

/// The stall events an observer saw; opens the stalled builds' gates: `late`'s when it
/// is reported, `session`'s once both `session` and `feed` (blocked on it) are, so that
/// neither can finish before its report, however the threads are scheduled.
final class StallLog: Sendable {
    private let lines = Locked<[String]>([])
    private let reported = Locked<Set<String>>([])
    let observer: LifecycleObserver

    init() {
        let (lines, reported) = (self.lines, self.reported)
        observer = LifecycleObserver { event in
            guard event.kind == .buildStalled else { return }
            // Everything after the sequence number: `buildStalled session (…) …`.
            lines.withLock { $0.append(String(event.description.drop { $0 != " " }.dropFirst())) }
            let seen = reported.withLock { $0.insert(event.registration ?? ""); return $0 }
            if event.registration == "late" { lateGate.open() }
            if seen.isSuperset(of: ["session", "feed"]) { sessionGate.open() }
        }
    }

    /// The lines, sorted: two watchdogs that fire together report in either order.
    func printLines() { for line in lines.withLock({ $0 }).sorted() { print(line) } }
}

/// A synchronous body that blocks until its stall is reported (a stand-in for a body that
/// waits on another thread: `DispatchQueue.main.sync`, a semaphore).
let syncStarted = DispatchSemaphore(value: 0)
let syncGate = DispatchSemaphore(value: 0)

final class SyncStallContainer: SharedContainer {
    static let shared = SyncStallContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }

    var blocked: Factory<StallSession> {
        self { syncStarted.signal(); syncGate.wait(); return StallSession() }.cached
    }
}

@Suite struct StalledBuildTests {
    /// A thread that waits for another thread's build longer than the threshold reports it,
    /// once, with the builder and itself as callers (a body blocked outside Scoped used to
    /// keep its waiters waiting with no word).
    @Test func aSynchronousBuildAThreadWaitsForIsReported() async {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]
        ) {
            LifecycleEvent.stalledBuildThreshold = 0.3
            let container = SyncStallContainer()
            let lines = Locked<[String]>([])
            container.observe(LifecycleObserver { event in
                guard event.kind == .buildStalled else { return }
                lines.withLock { $0.append(String(event.description.drop { $0 != " " }.dropFirst())) }
                syncGate.signal()
            })
            // Without a report the gate opens after 10 s: the test then fails, not hangs.
            DispatchQueue.global().asyncAfter(deadline: .now() + 10) { syncGate.signal() }
            let built = Locked<StallSession?>(nil)
            let builder = DispatchGroup()
            DispatchQueue.global().async(group: builder) { built.withLock { $0 = container.blocked() } }
            syncStarted.wait()
            let waited = container.blocked()
            builder.wait()
            precondition(built.withLock { $0 } === waited && container.blocked() === waited)
            for line in lines.withLock({ $0 }) { print(line) }
        }
        #expect(standardOutput(of: result) == """
            buildStalled blocked (StallSession) cached in root#1: running for 0.3 s, 2 callers

            """)
        #expect(standardError(of: result).contains(Self.stallFault))
    }

    static let stallFault =
        "Scoped: blocked (StallSession) .cached is still being built by another thread after 0.3 s, with 1 thread(s) "
        + "waiting for it: if its body waits for one of them (DispatchQueue.main.sync, a semaphore), none will go on; "
        + "LifecycleEvent.stalledBuildThreshold sets when this is reported"

    /// The fault an async build still running after 0.3 s logs, with `callers` waiting.
    static func asyncStallFault(_ registration: String, callers: Int) -> String {
        "Scoped: \(registration) (StallSession) .cached is still being built after 0.3 s, with \(callers) caller(s) "
            + "waiting for it: if its body awaits one of them, or something that never resumes, none will go on; "
            + "LifecycleEvent.stalledBuildThreshold sets when this is reported"
    }

    /// The lines of the process's standard error that Scoped logged as faults.
    func faultLines(of result: ExitTest.Result?) -> [String] {
        standardError(of: result).split(separator: "\n").filter { $0.hasPrefix("Scoped:") }.map(String.init)
    }

    /// With no observer anywhere, the stall is still said: a fault in the log (standard error
    /// here). Nothing opens the body's gate but a valve, after the report was due.
    @Test func aSynchronousStallIsLoggedWithNoObserver() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            LifecycleEvent.stalledBuildThreshold = 0.3
            let container = SyncStallContainer()
            DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) { syncGate.signal() }
            let builder = DispatchGroup()
            DispatchQueue.global().async(group: builder) { _ = container.blocked() }
            syncStarted.wait()
            _ = container.blocked()
            builder.wait()
        }
        #expect(standardError(of: result).contains(Self.stallFault))
    }

    @Test func aBuildStillRunningAfterTheThresholdIsReportedWithItsCallersAndTheBuildsBlockedOnIt() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            LifecycleEvent.stalledBuildThreshold = 0.3
            let container = StallContainer()
            let log = StallLog()
            container.observe(log.observer)
            // `feed`'s body awaits `session`, whose body waits until the observer has heard
            // of both stalls; the test awaits `session` too: two callers, one of them a build.
            let feed = Task { try await container.feed() }
            await sessionGate.arrivals(1)
            let session = try await container.session()
            _ = try await feed.value
            let again = try await container.session()
            precondition(session === again)
            log.printLines()
        }
        #expect(standardOutput(of: result) == """
            buildStalled feed (StallFeed) cached in root#1: running for 0.3 s, 1 caller
            buildStalled session (StallSession) cached in root#1: running for 0.3 s, 2 callers, awaited by feed (StallFeed)

            """)
    }

    @Test func buildsThatFinishOrAreAbandonedInTimeAndBuildsStartedWhileTheReportIsOffAreNotReported() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]) {
            let container = StallContainer()
            let log = StallLog()
            container.observe(log.observer)
            // Off: a build that stalls is not reported.
            LifecycleEvent.stalledBuildThreshold = nil
            precondition(LifecycleEvent.stalledBuildThreshold == nil)
            let unreported = Task { try await container.unreported() }
            await offGate.arrivals(1)
            LifecycleEvent.stalledBuildThreshold = 0.3
            precondition(LifecycleEvent.stalledBuildThreshold == 0.3)
            // A build that finishes in time.
            _ = try await container.quick()
            // A build whose only caller leaves: abandoned, its watchdog cancelled.
            let abandoned = Task { try await container.session() }
            await sessionGate.arrivals(1)
            abandoned.cancel()
            _ = await abandoned.result
            // The sentinel: started last, so any report of the builds above would come first.
            _ = try await container.late()
            offGate.open()
            _ = try await unreported.value
            log.printLines()
        }
        #expect(standardOutput(of: result) == """
            buildStalled late (StallSession) cached in root#1: running for 0.3 s, 1 caller

            """)
        // The one reported build is logged as a fault too, observer or not.
        #expect(faultLines(of: result) == [Self.asyncStallFault("late", callers: 1)])
    }

    /// With no observer anywhere, an async build that a second caller joins is watched from
    /// that wait, and logged as a fault once it has run the threshold (an async build that
    /// never returned used to keep its callers waiting with no word unless an observer was
    /// installed when it started). Nothing opens the body's gate but a valve, after the
    /// report was due.
    @Test func anAsyncBuildASecondCallerWaitsForIsLoggedWithNoObserver() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            LifecycleEvent.stalledBuildThreshold = 0.3
            let container = StallContainer()
            let first = Task { try await container.joined() }
            await joinGate.arrivals(1)
            DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) { joinGate.open() }
            let second = try await container.joined()
            let firstValue = try await first.value
            precondition(firstValue === second)
        }
        #expect(faultLines(of: result) == [Self.asyncStallFault("joined", callers: 2)])
    }

    /// An infinite threshold never reports, and watches a build without stopping the process
    /// (it trapped converting the period to nanoseconds, observer or a second caller alike).
    @Test func anInfiniteThresholdWatchesABuildWithoutStoppingAndNeverReports() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]) {
            LifecycleEvent.stalledBuildThreshold = .infinity
            let container = StallContainer()
            let log = StallLog()
            container.observe(log.observer)
            let first = Task { try await container.joined() }
            await joinGate.arrivals(1)
            let second = Task { try await container.joined() }
            for _ in 0..<100_000 where container.inspection.asyncBuildCallers < 2 { await Task.yield() }
            precondition(container.inspection.asyncBuildCallers == 2)
            joinGate.open()
            let (a, b) = (try await first.value, try await second.value)
            precondition(a === b)
            log.printLines()
        }
        #expect(standardOutput(of: result) == "")
        #expect(!standardError(of: result).contains("Scoped:"))
    }

    @Test func theThresholdDefaultsToTenSeconds() async {
        await #expect(processExitsWith: .success) {
            precondition(LifecycleEvent.stalledBuildThreshold == 10)
        }
    }

    /// A negative or NaN period used to become 0 silently (a NaN grace period reported
    /// every released instance at once as leaked); `.timeToLive` stopped on the same input.
    @Test func aNegativeOrNaNPeriodStopsNamingTheSetting() async {
        let threshold = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            LifecycleEvent.stalledBuildThreshold = -1
        }
        #expect(standardError(of: threshold).contains(
            "Scoped: LifecycleEvent.stalledBuildThreshold = -1.0: give a number of seconds of 0 or more, or nil to turn it off"))
        let grace = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            LifecycleEvent.leakGracePeriod = .nan
        }
        #expect(standardError(of: grace).contains(
            "Scoped: LifecycleEvent.leakGracePeriod = nan: give a number of seconds of 0 or more, or nil to turn it off"))
        // 0 and infinity are periods.
        await #expect(processExitsWith: .success) {
            LifecycleEvent.leakGracePeriod = 0
            LifecycleEvent.stalledBuildThreshold = .infinity
            precondition(LifecycleEvent.leakGracePeriod == 0 && LifecycleEvent.stalledBuildThreshold == .infinity)
        }
    }
}
