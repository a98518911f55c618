import Scoped
import ScopedTesting
import Testing

/// Async builds that race with a `register`, a reset or a close (issue #29, bugs 1, 2 and
/// 6): a resolve that starts after the change never joins the build it invalidated, a
/// closed scope throws instead of handing out its old build, and a close ends the builds
/// in flight. Every wait is on an `AsyncGate` the test opens, never on time.
@Suite struct AsyncRaceTests {
    /// The four ways to invalidate a cached build of `raceSession` in flight.
    enum Invalidation: String, CaseIterable, Sendable {
        case register, factoryReset, containerReset, scopeReset
    }

    @Test(arguments: Invalidation.allCases)
    func aResolveAfterTheChangeNeverJoinsTheBuildItInvalidated(_ invalidation: Invalidation) async throws {
        let container = Container()
        let tracker = LifecycleTracker()
        let gate = AsyncGate()
        let session = Scope.Cached(name: "raceSession")
        let attempts = Locked(0)
        let factory = container.raceSession(session, gate, attempts, tracker)
        var first: Task<Probe, any Error>? = Task { try await factory() }
        await gate.arrivals(1)   // the first build runs, and waits at the gate
        switch invalidation {
        case .register: factory.register { Probe("mock", tracker) }
        case .factoryReset: factory.reset()
        case .containerReset: container.reset()
        case .scopeReset: session.reset()
        }
        // The gate is still closed: joining the old build would wait for it (and get the
        // old instance).
        let late = try await gate.bounding { try await factory() }
        #expect(late.name == (invalidation == .register ? "mock" : "session#2"))
        gate.open()
        let old = try await first!.value
        first = nil   // a finished task keeps its result
        #expect(old.name == "session#1")   // the old build still reaches its own caller…
        #expect(try await factory() === late)   // …but the new instance is the one kept
        weak let gone = old
        _ = consume old
        #expect(gone == nil)
    }

    @Test func aCloseEndsTheBuildInFlightAndLaterResolvesThrow() async throws {
        let tracker = LifecycleTracker()
        let gate = AsyncGate()
        let cancelled = AsyncGate()
        let flow = Container().child("checkout")
        let waiter = Task { try await flow.raceScoped(gate, cancelled, tracker)() }
        await gate.arrivals(1)
        flow.close()
        let message = "cannot resolve raceScoped(_:_:_:) (Probe) as .scoped: lifetime scope \(flow.inspection.displayName) "
            + "closed while the build was in flight (close() ends the builds in flight in its scope)"
        // The waiter stops waiting at once, the gate still closed…
        let error = await #expect(throws: LifetimeScopeClosedError.self) {
            try await gate.bounding { try await waiter.value }
        }
        #expect(error?.description == message)
        #expect(error?.registration == "raceScoped(_:_:_:) (Probe)")
        // …the build's task was cancelled (its body saw it)…
        await cancelled.arrivals(1)
        // …and a resolve through the closed scope throws, with no stop, saying it was closed.
        let later = await #expect(throws: LifetimeScopeClosedError.self) {
            try await gate.bounding { try await flow.raceScoped(gate, cancelled, tracker)() }
        }
        #expect(later?.description == "cannot resolve raceScoped(_:_:_:) (Probe) as .scoped: lifetime scope "
            + "\(flow.inspection.displayName) is closed (resolve it before close(), or from an open child)")
        #expect(tracker.inits("scoped") == 0)
    }

    @Test func aBodyThatOutlivesItsClosedScopeGetsInstancesOfItsOwn() async throws {
        let tracker = LifecycleTracker()
        let gate = AsyncGate()
        let finished = AsyncGate()
        let flow = Container().child("request")
        let events = Locked<[String]>([])
        let observation = flow.observe { event in
            if let subject = event.subject, event.kind != .buildStalled { events.withLock { $0.append("\(event.kind) \(subject)") } }
        }
        let waiter = Task { try await flow.raceOutliving(gate, finished, tracker)() }
        await gate.arrivals(1)
        flow.close()
        await #expect(throws: LifetimeScopeClosedError.self) { try await waiter.value }
        gate.open()   // the body ignores its cancellation and resolves through the closed scope
        await finished.arrivals(1)
        // It got a `.scoped` instance of its own instead of a stop; nobody keeps it.
        #expect(tracker.inits("log") == 1)
        #expect(tracker.waitUntilLive(is: []))
        #expect(flow.inspection.heldCount == 0)
        // Each instance built is reported, and released at once: nothing was kept.
        #expect(events.withLock { $0 } == [
            "created raceLog(_:) (Probe)", "released raceLog(_:) (Probe)",
            "created raceOutliving(_:_:_:) (Probe)", "released raceOutliving(_:_:_:) (Probe)",
        ])
        observation.cancel()
    }

    /// A `.unique` async factory's body runs in its caller's task: when that task is
    /// cancelled and its scope closed (a request whose client left), a synchronous `.scoped`
    /// resolve through the closed scope gets an instance of its own instead of a stop.
    @Test func aCancelledTaskResolvingThroughItsClosedScopeGetsAnInstanceOfItsOwn() async throws {
        let tracker = LifecycleTracker()
        let gate = AsyncGate()
        let flow = Container().child("request")
        var work: Task<Probe, any Error>? = Task { try await flow.raceUniqueWork(gate, tracker)() }
        await gate.arrivals(1)
        flow.close()
        work?.cancel()   // the gate throws CancellationError; the body goes on
        let made = try await work!.value
        work = nil
        #expect(made.dependencies.map(\.name) == ["log"])
        #expect(flow.inspection.heldCount == 0)
        weak let gone = made
        _ = consume made
        #expect(gone == nil)
        #expect(tracker.waitUntilLive(is: []))
    }
}

extension Container {
    /// A cached probe in `scope` whose first build waits at `gate`; later ones do not.
    fileprivate func raceSession(_ scope: Scope, _ gate: AsyncGate, _ attempts: Locked<Int>, _ tracker: LifecycleTracker)
        -> AsyncFactory<Probe>
    {
        self {
            let attempt = attempts.withLock { $0 += 1; return $0 }
            if attempt == 1 { try await gate.wait() }
            return Probe("session#\(attempt)", tracker)
        }.scope(scope)
    }

    /// A `.scoped` probe whose body waits at `gate`, and arrives at `cancelled` if its task
    /// is cancelled meanwhile.
    fileprivate func raceScoped(_ gate: AsyncGate, _ cancelled: AsyncGate, _ tracker: LifecycleTracker)
        -> AsyncFactory<Probe>
    {
        self {
            do {
                try await gate.wait()
            } catch {
                cancelled.arrive()
                throw error
            }
            return Probe("scoped", tracker)
        }.scoped
    }

    /// A `.unique` probe whose body waits at `gate` (going on if cancelled), then resolves
    /// the synchronous `.scoped` `raceLog` through its container.
    fileprivate func raceUniqueWork(_ gate: AsyncGate, _ tracker: LifecycleTracker) -> AsyncFactory<Probe> {
        self {
            try? await gate.wait()
            return Probe("work", tracker, holding: [self.raceLog(tracker)()])
        }
    }

    fileprivate func raceLog(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("log", tracker) }.scoped
    }

    /// A `.scoped` probe whose body ignores cancellation: past `gate`, it resolves the
    /// synchronous `.scoped` `raceLog` through its container, then arrives at `finished`.
    fileprivate func raceOutliving(_ gate: AsyncGate, _ finished: AsyncGate, _ tracker: LifecycleTracker)
        -> AsyncFactory<Probe>
    {
        self {
            try? await gate.wait()
            let log = self.raceLog(tracker)()
            defer { finished.arrive() }
            return Probe("outliving", tracker, holding: [log])
        }.scoped
    }
}
