import Scoped
import Testing

private final class EventStore: Sendable {}
private final class EventModel: Sendable {
    let dependencies: [AnyObject & Sendable]
    init(_ dependencies: [AnyObject & Sendable] = []) { self.dependencies = dependencies }
}

extension Container {
    fileprivate var eventStore: Factory<EventStore> { self { EventStore() }.cached }
    fileprivate var eventModel: Factory<EventModel> { self { EventModel([self.eventStore()]) }.scoped }
    fileprivate var eventDetail: ParameterFactory<Int, EventModel> { self { _ in EventModel() }.scoped.perParameter }
    fileprivate var eventCounter: Factory<EventModel> { self { EventModel() }.shared }
    fileprivate var eventUnique: Factory<EventModel> { self { EventModel() } }

    // Captive dependencies: longer-lived bodies that resolve shorter-lived instances.
    fileprivate var cachedHoldingShared: Factory<EventModel> { self { EventModel([self.eventCounter()]) }.cached }
    fileprivate var cachedHoldingScoped: Factory<EventModel> { self { EventModel([self.eventModel()]) }.cached }
    fileprivate var singletonHoldingScoped: Factory<EventModel> {
        self { EventModel([self.eventDetail(1)]) }.singleton
    }
    fileprivate var scopedHoldingShared: Factory<EventModel> { self { EventModel([self.eventCounter()]) }.scoped }
    fileprivate var cachedHoldingUnique: Factory<EventModel> { self { EventModel([self.eventUnique()]) }.cached }
    fileprivate var uniqueOverShared: Factory<EventModel> { self { EventModel([self.eventCounter()]) } }
    fileprivate var cachedThroughUnique: Factory<EventModel> { self { EventModel([self.uniqueOverShared()]) }.cached }
}

/// What the exact-sequence tests compare: an event without its process-wide numbers.
private struct Step: Equatable, CustomStringConvertible {
    let kind: LifecycleEvent.Kind
    let registration: String?
    let scope: String?
    let container: String

    init(_ kind: LifecycleEvent.Kind, _ registration: String?, _ scope: String?, in container: String) {
        self.kind = kind
        self.registration = registration
        self.scope = scope
        self.container = container
    }

    init(_ event: LifecycleEvent) {
        self.init(event.kind, event.registration, event.scope, in: event.container)
    }

    var description: String { "\(kind) \(registration ?? "-") \(scope ?? "-") in \(container)" }
}

/// Records the events of one container (and its children).
private final class EventLog: Sendable {
    let events = Collected<LifecycleEvent>()
    let observation: LifecycleObservation

    init<C: SharedContainer>(_ container: C) {
        let events = self.events
        observation = container.observe { event in
            // `Scope.x.reset()` anywhere in the process announces itself to every root;
            // parallel tests reset scopes of their own, which are not this test's events.
            if event.kind == .reset, event.scope != "container" { return }
            events.append(event)
        }
    }

    var all: [LifecycleEvent] { events.all }
    var steps: [Step] { all.map(Step.init) }
}

@Suite struct EventStreamTests {
    @Test func aSmallFlowReportsTheExactSequence() {
        let root = Container()
        let log = EventLog(root)
        let flow = root.child("flow")
        _ = flow.eventModel()
        _ = flow.eventModel()
        _ = flow.eventDetail(3)
        flow.close()
        root.eventStore.reset()
        root.reset()
        let rootName = root.inspection.displayName
        let flowName = flow.inspection.displayName
        #expect(log.steps == [
            Step(.scopeOpened, nil, nil, in: flowName),
            Step(.created, "eventStore", "cached", in: rootName),
            Step(.created, "eventModel", "scoped", in: flowName),
            Step(.reused, "eventModel", "scoped", in: flowName),
            Step(.created, "eventDetail", "scoped", in: flowName),
            Step(.released, "eventDetail", "scoped", in: flowName),
            Step(.released, "eventModel", "scoped", in: flowName),
            Step(.scopeClosed, nil, nil, in: flowName),
            Step(.released, "eventStore", "cached", in: rootName),
            Step(.reset, nil, "container", in: rootName),
        ])
        #expect(log.all.first { $0.registration == "eventDetail" }?.parameter == "3")
        #expect(log.all.first { $0.registration == "eventStore" }?.typeName == "EventStore")
    }

    /// A child closed, then freed: its `deinit` finds the scope closed and its storage
    /// emptied, so nothing is released or reported a second time; one freed without a
    /// close reports the same once, from its `deinit`.
    @Test func aScopeClosedThenFreedReportsItsCloseOnce() {
        let root = Container()
        let log = EventLog(root)
        var closed: Container? = root.child("closed")
        var dropped: Container? = root.child("dropped")
        func resolve() {
            _ = closed?.eventModel()
            _ = dropped?.eventModel()
        }
        resolve()
        closed?.close()
        let rootName = root.inspection.displayName
        let (closedName, droppedName) = (closed!.inspection.displayName, dropped!.inspection.displayName)
        closed = nil
        dropped = nil
        #expect(log.steps == [
            Step(.scopeOpened, nil, nil, in: closedName),
            Step(.scopeOpened, nil, nil, in: droppedName),
            Step(.created, "eventStore", "cached", in: rootName),
            Step(.created, "eventModel", "scoped", in: closedName),
            Step(.reused, "eventStore", "cached", in: rootName),
            Step(.created, "eventModel", "scoped", in: droppedName),
            Step(.released, "eventModel", "scoped", in: closedName),
            Step(.scopeClosed, nil, nil, in: closedName),
            Step(.released, "eventModel", "scoped", in: droppedName),
            Step(.scopeClosed, nil, nil, in: droppedName),
        ])
    }

    @Test func sequenceNumbersStrictlyIncrease() {
        let root = Container()
        let log = EventLog(root)
        let flow = root.child("flow")
        for _ in 0..<10 { _ = flow.eventModel() }
        _ = root.eventCounter()
        flow.close()
        let sequence = log.all.map(\.sequence)
        #expect(sequence.count == 15)   // opened, 2 created, 9 reused, counter created, released, closed
        #expect(zip(sequence, sequence.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func eventsOfOneInstanceCarryItsIdentity() {
        let root = Container()
        let log = EventLog(root)
        let flow = root.child("flow")
        let model = flow.eventModel()
        _ = flow.eventModel()
        flow.close()
        let modelEvents = log.all.filter { $0.registration == "eventModel" }
        #expect(modelEvents.map(\.kind) == [.created, .reused, .released])
        #expect(modelEvents.allSatisfy { $0.instance == ObjectIdentifier(model) })
    }

    @Test func aCachedBodyResolvingASharedInstanceIsACaptiveDependency() {
        let root = Container()
        let log = EventLog(root)
        _ = root.cachedHoldingShared()
        let captive = log.all.filter { $0.kind == .captiveDependency }
        #expect(captive.count == 1)
        #expect(captive.first?.registration == "cachedHoldingShared")
        #expect(captive.first?.scope == "cached")
        #expect(captive.first?.dependency == "eventCounter (EventModel) shared")
        #expect(captive.first?.container == root.inspection.displayName)
        #expect(captive.first?.description.hasSuffix(
            "captiveDependency cachedHoldingShared (EventModel) cached captures eventCounter (EventModel) shared "
                + "in \(root.inspection.displayName)") == true)
    }

    /// A resolve made by another factory's body says which (Diagnostics.md's sample).
    @Test func aNestedResolveNamesTheBuildItWasFor() {
        let root = Container()
        let log = EventLog(root)
        _ = root.cachedHoldingShared()
        let lines = log.all.filter { $0.kind != .captiveDependency }.map(\.description)
        let name = root.inspection.displayName
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix(
            "created eventCounter (EventModel) shared in \(name) for cachedHoldingShared (EventModel)") == true)
        #expect(lines.last?.hasSuffix("created cachedHoldingShared (EventModel) cached in \(name)") == true)
    }

    /// The captured instance held already (a finding of the second new-user evaluation):
    /// the holder keeps it alive all the same, so it is reported as when it is built.
    @Test func aCapturedInstanceHeldAlreadyIsReportedToo() {
        let root = Container()
        let flow = root.child("flow")
        let counter = root.eventCounter()
        let model = flow.eventModel()
        let log = EventLog(root)
        _ = root.cachedHoldingShared()
        _ = flow.cachedHoldingScoped()
        let captive = log.all.filter { $0.kind == .captiveDependency }
        #expect(captive.map(\.registration) == ["cachedHoldingShared", "cachedHoldingScoped"])
        #expect(captive.map(\.dependency) == ["eventCounter (EventModel) shared", "eventModel (EventModel) scoped"])
        #expect(root.cachedHoldingShared().dependencies.first === counter)
        #expect(root.cachedHoldingScoped().dependencies.first === model)
        flow.close()
    }

    /// The line names the container that resolved the captured instance, after it: the
    /// holder lives in the root, the captured `.scoped` instance in the flow.
    @Test func aCaptiveLineNamesTheScopeOfTheCapturedInstance() {
        let root = Container()
        let log = EventLog(root)
        let flow = root.child("flow")
        _ = flow.cachedHoldingScoped()
        let line = log.all.first { $0.kind == .captiveDependency }?.description
        #expect(line?.hasSuffix(
            "captiveDependency cachedHoldingScoped (EventModel) cached captures eventModel (EventModel) scoped "
                + "in \(flow.inspection.displayName)") == true)
        flow.close()
    }

    /// The `.unique` build between the holder and the captured instance is part of the
    /// report: the holder's body did not resolve it directly.
    @Test func aCaptiveDependencyNamesTheBuildsItWasCapturedThrough() {
        let root = Container()
        let log = EventLog(root)
        _ = root.cachedThroughUnique()
        let captive = log.all.filter { $0.kind == .captiveDependency }
        #expect(captive.map(\.registration) == ["cachedThroughUnique"])
        #expect(captive.first?.capturedThrough.map(\.description) == ["uniqueOverShared (EventModel)"])
        #expect(captive.first?.description.hasSuffix(
            "captures eventCounter (EventModel) shared in \(root.inspection.displayName) through uniqueOverShared (EventModel)")
            == true)
        let direct = Container()
        let directLog = EventLog(direct)
        _ = direct.cachedHoldingShared()
        #expect(directLog.all.filter { $0.kind == .captiveDependency }.map(\.capturedThrough) == [[]])
    }

    @Test func aCachedBodyResolvingAScopedInstanceInAChildIsACaptiveDependency() {
        let root = Container()
        let log = EventLog(root)
        let flow = root.child("flow")
        _ = flow.cachedHoldingScoped()
        _ = flow.singletonHoldingScoped()
        defer { root.singletonHoldingScoped.reset() }
        let captive = log.all.filter { $0.kind == .captiveDependency }
        #expect(captive.map(Step.init) == [
            Step(.captiveDependency, "cachedHoldingScoped", "cached", in: flow.inspection.displayName),
            Step(.captiveDependency, "singletonHoldingScoped", "singleton", in: flow.inspection.displayName),
        ])
        #expect(captive.map(\.dependency) == ["eventModel (EventModel) scoped", "eventDetail[1] (EventModel) scoped"])
    }

    @Test func shorterOrEqualLifetimesAreNoCaptiveDependency() {
        let root = Container()
        let log = EventLog(root)
        let flow = root.child("flow")
        _ = flow.eventModel()               // scoped → cached: fine
        _ = flow.scopedHoldingShared()      // scoped → shared: the scope ends first anyway
        _ = root.cachedHoldingScoped()      // .scoped at the root lives as long as the root
        _ = root.cachedHoldingUnique()      // unique: the holder owns it
        #expect(!log.all.contains { $0.kind == .captiveDependency })
    }

    @Test func cancelledObserversReceiveNothingMore() {
        let root = Container()
        let log = EventLog(root)
        let other = EventLog(root)
        _ = root.eventStore()
        log.observation.cancel()
        _ = root.eventStore()
        log.observation.cancel()   // twice: harmless
        #expect(log.steps == [Step(.created, "eventStore", "cached", in: root.inspection.displayName)])
        #expect(other.steps.map(\.kind) == [.created, .reused])
    }

    @Test func anObserverOfAChildSeesOnlyThatChildsEvents() {
        let root = Container()
        let flow = root.child("flow")
        let sibling = root.child("sibling")
        let log = EventLog(flow)
        _ = flow.eventModel()        // the store is created in the root: not the child's event
        _ = sibling.eventModel()
        flow.close()
        let flowName = flow.inspection.displayName
        #expect(log.steps == [
            Step(.created, "eventModel", "scoped", in: flowName),
            Step(.released, "eventModel", "scoped", in: flowName),
            Step(.scopeClosed, nil, nil, in: flowName),
        ])
    }

    @Test func aChildReleasedWithoutCloseReportsItsClosing() {
        let root = Container()
        let log = EventLog(root)
        var flowName = ""
        do {
            let flow = root.child("flow")
            flowName = flow.inspection.displayName
            _ = flow.eventDetail(1)
        }
        #expect(log.events.waitUntil { $0.contains { $0.kind == .scopeClosed } })
        #expect(log.steps == [
            Step(.scopeOpened, nil, nil, in: flowName),
            Step(.created, "eventDetail", "scoped", in: flowName),
            Step(.released, "eventDetail", "scoped", in: flowName),
            Step(.scopeClosed, nil, nil, in: flowName),
        ])
    }

    @Test func anObserverGoesWithItsContainer() {
        let events = Collected<LifecycleEvent>()
        do {
            let root = Container()
            root.observe { events.append($0) }
            _ = root.eventStore()
        }
        #expect(events.all.map(\.kind) == [.created])
    }

    @Test func linesObserverWritesEachEventsDescription() {
        let root = Container()
        let log = EventLog(root)
        let lines = Collected<String>()
        root.observe(.lines { lines.append($0) })
        let flow = root.child("checkout")
        _ = flow.eventDetail(3)
        flow.close()
        let flowName = flow.inspection.displayName
        let numbers = log.all.map(\.sequence)
        #expect(lines.all == [
            "#\(numbers[0]) scopeOpened in \(flowName)",
            "#\(numbers[1]) created eventDetail[3] (EventModel) scoped in \(flowName)",
            "#\(numbers[2]) released eventDetail[3] (EventModel) scoped in \(flowName)",
            "#\(numbers[3]) scopeClosed in \(flowName)",
        ])
        #expect(log.all.map(\.description) == lines.all)
    }

    /// `.print` in a process of its own, where event and container numbers start at 1.
    @Test func printObserverWritesOneLinePerEvent() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let root = Container()
            root.observe(.print)
            let flow = root.child("checkout")
            _ = flow.eventDetail(3)
            _ = flow.eventModel()
            flow.close()
        }
        #expect(standardOutput(of: result) == """
            [Scoped] #1 scopeOpened in checkout#2
            [Scoped] #2 created eventDetail[3] (EventModel) scoped in checkout#2
            [Scoped] #3 created eventStore (EventStore) cached in root#1 for eventModel (EventModel)
            [Scoped] #4 created eventModel (EventModel) scoped in checkout#2
            [Scoped] #5 released eventModel (EventModel) scoped in checkout#2
            [Scoped] #6 released eventDetail[3] (EventModel) scoped in checkout#2
            [Scoped] #7 scopeClosed in checkout#2

            """)
    }
}
