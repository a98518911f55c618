// Concurrency rule: everything a tracker records lives in one `Locked<State>`. The lock
// is held only to update or copy records: observed objects are referenced weakly and
// read (a weak load) only after unlocking, so a `deinit` that reports to the tracker
// can never run while its lock is held. Violations are reported after unlocking.
import Scoped
import Testing

/// Counts how often instances are built and whether they are released, per test, and
/// fails the test with a message naming the instance when a lifetime promise breaks.
///
/// A tracker learns about instances in three ways; use whichever your code allows:
///
/// - **The event stream, without touching app code.** ``observe(_:)`` a container and the
///   tracker records every instance its factories build (registration, scope, container)
///   and every release by a scope (`close()`, `reset()`).
/// - **Watching.** ``watch(_:sourceLocation:)`` keeps a weak reference to an instance the
///   test got hold of, so the tracker sees its real `deinit`.
/// - **Hooks.** Objects that take a tracker call ``didInit(_:named:sourceLocation:)`` and
///   ``didDeinit(_:)`` themselves: exact init and deinit counts, even for instances the
///   test never sees.
///
/// ```swift
/// @Test(.container) func sheetModelLivesAsLongAsTheSheet() {
///     let tracker = LifecycleTracker(observing: Container.shared)
///     let sheet = Container.shared.child("sheet")
///     tracker.watch(sheet.sheetModel())
///     _ = sheet.sheetModel()                      // re-rendered: reused, not rebuilt
///     tracker.expectBuiltOnce(SheetModel.self)
///     sheet.close()
///     tracker.expectReleased(SheetModel.self)     // its deinit ran
/// }
/// ```
///
/// A failed expectation records a Swift Testing issue at the expectation's line, such as:
///
/// ```
/// expected SheetModel to be built once, but it was built 2 times:
///   - SheetModel #1 (sheetModel scoped in sheet#4, watched at AppTests/SheetTests.swift:12)
///   - SheetModel #2 (sheetModel scoped in sheet#9, watched at AppTests/SheetTests.swift:15)
/// ```
///
/// Make one tracker per test (tests run in parallel; a tracker is not a global counter).
/// Types are matched by name without module (`_typeName(_:qualified: false)`).
public final class LifecycleTracker: Sendable {
    private let state = Locked(TrackerState())
    private let observations = Locked<[LifecycleObservation]>([])
    private let onViolation: (@Sendable (LifecycleViolation) -> Void)?

    /// Makes a tracker.
    ///
    /// - Parameter onViolation: Receives each failed expectation. When `nil` (the default),
    ///   a failed expectation records a Swift Testing issue, failing the current test.
    public init(onViolation: (@Sendable (LifecycleViolation) -> Void)? = nil) {
        self.onViolation = onViolation
    }

    /// Makes a tracker that observes `containers` (see ``observe(_:)``).
    ///
    /// ```swift
    /// let tracker = LifecycleTracker(observing: Container.shared, AppContainer.shared)
    /// ```
    ///
    /// - Parameters:
    ///   - containers: The containers whose builds and releases to record.
    ///   - onViolation: Receives each failed expectation; `nil` records a test issue.
    public convenience init(
        observing containers: any SharedContainer..., onViolation: (@Sendable (LifecycleViolation) -> Void)? = nil
    ) {
        self.init(onViolation: onViolation)
        for container in containers { observe(container) }
    }

    deinit {
        for observation in observations.withLock({ $0 }) { observation.cancel() }
    }

    /// Records every instance `container` (and its lifetime scopes) builds from now on, and
    /// every release by one of its scopes, until the tracker goes away.
    ///
    /// Inside a `.container` test or `withContainer`, this observes the test's world root,
    /// so parallel tests never see each other's events.
    ///
    /// - Parameter container: The container to observe, such as `Container.shared`.
    public func observe(_ container: some SharedContainer) {
        let state = self.state
        let observation = container.observe { event in Self.record(event, in: state) }
        observations.withLock { $0.append(observation) }
    }

    // MARK: Hooks and watching

    /// Records that `instance` was initialised. Call it from the `init` of a class that
    /// takes a tracker (a test double, or an app type whose initializer accepts one).
    ///
    /// ```swift
    /// final class SpyViewModel {
    ///     let tracker: LifecycleTracker
    ///     init(tracker: LifecycleTracker) { self.tracker = tracker; tracker.didInit(self) }
    ///     deinit { tracker.didDeinit(self) }
    /// }
    /// ```
    ///
    /// The registrations being resolved at that moment are recorded with it, so messages
    /// tell which object graph built it.
    ///
    /// One test double may stand in for several dependencies. Give each role a `name`, and
    /// the tracker counts and names them apart instead of by their shared type:
    ///
    /// ```swift
    /// final class SpyService {
    ///     init(_ role: String, tracker: LifecycleTracker) { tracker.didInit(self, named: role) }
    ///     deinit { tracker.didDeinit(self) }
    /// }
    /// container.analytics.register { SpyService("analytics", tracker: tracker) }
    /// #expect(tracker.instances(named: "analytics").count == 1)
    /// ```
    ///
    /// - Parameters:
    ///   - instance: The object being initialised (`self`).
    ///   - name: The name to track it under, such as a role (`"analytics"`); `nil` (the
    ///     default) for its type name. A named instance is found by ``instances(named:)``,
    ///     not by the queries that take its type.
    ///   - sourceLocation: Where it was initialised: the caller's, forwarded by a helper (a
    ///     call without it passes its own file and line).
    /// - Returns: The instance's record: its ``TrackedInstance/ordinal`` tells which one of
    ///   its name it is (1, 2, …).
    @discardableResult
    public func didInit(
        _ instance: AnyObject, named name: String? = nil, sourceLocation: SourceLocation
    ) -> TrackedInstance {
        let id = ObjectIdentifier(instance)
        let typeName = name ?? _typeName(type(of: instance), qualified: false)
        let chain = ResolutionContext.current.frames.map(\.description)
        let index = state.withLock { state -> Int in
            state.markReplaced(id)
            var record = TrackerRecord(instance: id)
            record.dynamicType = typeName
            record.sourceLocation = sourceLocation
            record.chain = chain
            record.initSeen = true
            let index = state.append(record)
            state.timeline.append((.initialized, index))
            return index
        }
        return snapshot(at: index)!
    }

    /// Records that `instance` is being deinitialised. Call it from its `deinit`.
    ///
    /// - Parameter instance: The object going away (`self`).
    public func didDeinit(_ instance: AnyObject) {
        let id = ObjectIdentifier(instance)
        let typeName = _typeName(type(of: instance), qualified: false)
        state.withLock { state in
            let index: Int
            if let known = state.latest[id], !state.records[known].isKnownGone {
                index = known
                state.records[index].deinitSeen = true
            } else {
                var record = TrackerRecord(instance: id)
                record.dynamicType = typeName
                record.deinitSeen = true
                index = state.append(record)
            }
            state.latest[id] = nil
            state.timeline.append((.deinitialized, index))
        }
    }

    /// Keeps a weak reference to `instance`, so the tracker sees when it really goes away.
    ///
    /// ```swift
    /// let cart = tracker.watch(checkout.cart())
    /// checkout.close()
    /// tracker.expectReleased(cart)
    /// ```
    ///
    /// An instance the tracker already knows (from the event stream or `didInit`) keeps its
    /// record; otherwise a new one starts here.
    ///
    /// - Parameters:
    ///   - instance: The object to watch. The tracker never keeps it alive.
    ///   - sourceLocation: Where it was watched: the caller's, forwarded by a helper (a call
    ///     without it passes its own file and line).
    /// - Returns: The instance's record, to pass to ``expectReleased(_:sourceLocation:)-(TrackedInstance,_)``.
    @discardableResult
    public func watch(_ instance: AnyObject, sourceLocation: SourceLocation) -> TrackedInstance {
        let id = ObjectIdentifier(instance)
        let typeName = _typeName(type(of: instance), qualified: false)
        let weak = WeakObject(instance)
        let index = state.withLock { state -> Int in
            if let index = state.latest[id], !state.records[index].isKnownGone,
               state.records[index].weak.map({ $0.object === instance }) ?? true {
                state.records[index].weak = weak
                state.rename(index, to: typeName)
                if state.records[index].sourceLocation == nil {
                    state.records[index].sourceLocation = sourceLocation
                    state.records[index].locatedByWatch = true
                }
                return index
            }
            state.markReplaced(id)
            var record = TrackerRecord(instance: id)
            record.dynamicType = typeName
            record.sourceLocation = sourceLocation
            record.locatedByWatch = true
            record.weak = weak
            return state.append(record)
        }
        return snapshot(at: index)!
    }

    // MARK: Queries

    /// Every instance tracked so far, in the order first seen.
    public var instances: [TrackedInstance] { snapshots() }

    /// The tracked instances of `type` (by type name: the object's dynamic type, or the
    /// type the registration produces), in the order first seen.
    ///
    /// - Parameter type: The type, such as `CounterViewModel.self`.
    /// - Returns: A snapshot of each instance.
    public func instances<T>(of type: T.Type) -> [TrackedInstance] {
        instances(named: Self.name(of: type))
    }

    /// The tracked instances recorded under `name`: a name given to
    /// ``didInit(_:named:sourceLocation:)``, or a type name (`"CounterViewModel"`), in the
    /// order first seen.
    ///
    /// ```swift
    /// #expect(tracker.instances(named: "analytics").map(\.state) == [.deinitialized, .alive])
    /// ```
    ///
    /// - Parameter name: The name, without module.
    /// - Returns: A snapshot of each instance.
    public func instances(named name: String) -> [TrackedInstance] {
        instances.filter { $0.typeName == name || $0.registeredType == name }
    }

    /// What Scoped did other than what was asked, to keep the app running, in the
    /// observed containers (`LifecycleEvent`s of kind `misuse`), in order: a
    /// view model built with no `.lifetimeScope` above its view, a lazy property wrapper's
    /// first access after its scope closed, and so on. Empty in a sound test.
    ///
    /// ```swift
    /// #expect(tracker.misuses.isEmpty, "\(tracker.misuses.map(\.message))")
    /// ```
    public var misuses: [LifecycleEvent.Misuse] { state.withLock { $0.misuses } }

    /// Every `didInit` and `didDeinit` call so far, in the order they ran: the order of
    /// teardown, or a `deinit` that ran between two builds.
    ///
    /// ```swift
    /// checkout.close()
    /// #expect(tracker.timeline.map(\.description) == [
    ///     "init CheckoutStore #1", "init CartViewModel #1",
    ///     "deinit CartViewModel #1", "deinit CheckoutStore #1",
    /// ])
    /// ```
    ///
    /// Instances seen only through the event stream or ``watch(_:sourceLocation:)`` are
    /// not in it: their `init` and `deinit` are not observed as they happen.
    public var timeline: [TimelineEntry] {
        let steps = state.withLock { $0.timeline }
        let all = instances   // read after `steps`: every record they name is in it
        return steps.map { TimelineEntry(kind: $0.kind, instance: all[$0.record]) }
    }

    /// The current state of a tracked instance.
    ///
    /// - Parameter instance: A record returned by this tracker.
    /// - Returns: The same instance, as the tracker knows it now.
    public func current(_ instance: TrackedInstance) -> TrackedInstance {
        snapshot(at: instance.id) ?? instance
    }

    /// How many instances of `type` were built (tracked), whatever became of them.
    ///
    /// - Parameter type: The type.
    /// - Returns: The number of instances.
    public func builtCount<T>(of type: T.Type) -> Int { instances(of: type).count }

    /// How many instances of `type` are observed alive.
    ///
    /// - Parameter type: The type.
    /// - Returns: The number of instances whose state is ``TrackedInstance/State/alive``.
    public func liveCount<T>(of type: T.Type) -> Int { instances(of: type).filter { $0.state == .alive }.count }

    /// How many instances of `type` were released: deinitialized, or released by a scope.
    ///
    /// - Parameter type: The type.
    /// - Returns: The number of released instances.
    public func releasedCount<T>(of type: T.Type) -> Int { instances(of: type).filter(\.isReleased).count }

    /// How many times ``didInit(_:named:sourceLocation:)`` ran for `type`.
    ///
    /// - Parameter type: The type.
    /// - Returns: The number of observed `init`s.
    public func initCount<T>(of type: T.Type) -> Int {
        let name = Self.name(of: type)
        return state.withLock { $0.records.filter { $0.initSeen && $0.dynamicType == name }.count }
    }

    /// How many times ``didDeinit(_:)`` ran for `type`.
    ///
    /// - Parameter type: The type.
    /// - Returns: The number of observed `deinit`s.
    public func deinitCount<T>(of type: T.Type) -> Int {
        let name = Self.name(of: type)
        return state.withLock { $0.records.filter { $0.deinitSeen && $0.dynamicType == name }.count }
    }

    // MARK: Internals

    package static func name<T>(of type: T.Type) -> String { _typeName(type, qualified: false) }

    package func report(_ violation: LifecycleViolation) {
        if let onViolation {
            onViolation(violation)
        } else {
            Issue.record(Comment(rawValue: violation.message), sourceLocation: violation.sourceLocation)
        }
    }

    /// The latest record of the object `id`, if the tracker knows it.
    func trackedInstance(identifiedBy id: ObjectIdentifier) -> TrackedInstance? {
        state.withLock { $0.latest[id] }.flatMap(snapshot(at:))
    }

    /// Snapshots of every record; states are read after unlocking (a weak load may release
    /// the last reference to an object).
    private func snapshots() -> [TrackedInstance] {
        let records = state.withLock { $0.records }
        var ordinals: [String: Int] = [:]
        return records.enumerated().map { index, record in
            ordinals[record.name, default: 0] += 1
            return Self.snapshot(of: record, id: index, ordinal: ordinals[record.name]!)
        }
    }

    /// The snapshot of one record (its ordinal found under the lock, its state read after
    /// unlocking): for ``current(_:)`` and hooks, without copying every record.
    private func snapshot(at index: Int) -> TrackedInstance? {
        let found = state.withLock { state -> (TrackerRecord, Int)? in
            guard state.records.indices.contains(index) else { return nil }
            return (state.records[index], state.ordinal(at: index))
        }
        return found.map { Self.snapshot(of: $0.0, id: index, ordinal: $0.1) }
    }

    private static func snapshot(of record: TrackerRecord, id: Int, ordinal: Int) -> TrackedInstance {
        TrackedInstance(
            id: id, typeName: record.name, ordinal: ordinal, registration: record.registration,
            registeredType: record.registeredType == record.name ? nil : record.registeredType,
            parameter: record.parameter, scope: record.scope, container: record.container,
            sourceLocation: record.sourceLocation, locatedByWatch: record.locatedByWatch, resolutionChain: record.chain,
            state: record.observedState)
    }

    private static func record(_ event: LifecycleEvent, in state: Locked<TrackerState>) {
        switch event.kind {
        case .created:
            state.withLock { state in
                if let id = event.instance, let index = state.latest[id], state.records[index].isPendingInit {
                    state.records[index].apply(event)
                    return
                }
                if let id = event.instance { state.markReplaced(id) }
                var record = TrackerRecord(instance: event.instance)
                record.apply(event)
                state.append(record)
            }
        case .released:
            guard let id = event.instance else { return }
            state.withLock { state in
                if let index = state.latest[id] { state.records[index].releasedByScope = true }
            }
        case .misuse:
            guard let misuse = event.misuse else { return }
            state.withLock { $0.misuses.append(misuse) }
        default:
            return   // reuses, resets and scope events change no instance's record
        }
    }
}
