/// The trace of one scenario variant: every event in order, every traced instance's
/// lifeline, and the running count of live view models.
///
/// Traced objects find the trace of the run they belong to through ``TraceContext``
/// (a task-local), so view models take no trace parameter and print nothing.
@MainActor
final class LifecycleTrace {
    /// Every event, in order.
    private(set) var events: [TraceEvent] = []
    /// Every traced instance, in the order they were built.
    private(set) var records: [InstanceRecord] = []
    /// The current simulated second.
    var tick = 0
    /// Whether events are recorded; turned off for the silent tear-down after the last tick.
    var isRecording = true
    /// What the renderer is doing (innermost last).
    private(set) var activities: [RenderActivity] = []
    /// The most view models alive at the same time.
    private(set) var mostAlive = 0

    private var aliveViewModels = 0
    private var instanceCounts: [String: Int] = [:]
    private var live: [ObjectIdentifier: InstanceRecord] = [:]
    private var containerLabels: [String: String] = [:]
    private var containerCounts: [String: Int] = [:]

    /// The innermost render activity, if rendering.
    var activity: RenderActivity? { activities.last }

    /// Appends an event (when recording).
    func log(_ kind: TraceEvent.Kind, _ subject: String, _ detail: String = "") {
        guard isRecording else { return }
        events.append(TraceEvent(tick: tick, sequence: events.count + 1, kind: kind, subject: subject, detail: detail))
    }

    /// Runs `body` with `activity` as the current render activity.
    func during<R>(_ activity: RenderActivity, _ body: () -> R) -> R {
        begin(activity)
        defer { end() }
        return body()
    }

    /// Makes `activity` the current render activity until the matching ``end()`` (the
    /// model of SwiftUI reports its steps as they start and end: GraphTracer.swift).
    func begin(_ activity: RenderActivity) {
        activities.append(activity)
    }

    func end() {
        activities.removeLast()
    }

    // MARK: Instances

    /// Records a new instance of `typeName` and returns its lifeline (`CounterViewModel#3`).
    func didInit(typeName: String, role: InstanceRole, detail: String) -> InstanceRecord {
        let number = (instanceCounts[typeName] ?? 0) + 1
        instanceCounts[typeName] = number
        let record = InstanceRecord(
            label: "\(typeName)#\(number)", typeName: typeName, role: role, builtTick: tick, builtBy: activity)
        records.append(record)
        if role == .viewModel {
            aliveViewModels += 1
            mostAlive = max(mostAlive, aliveViewModels)
        }
        let place = "built " + (activity?.description ?? "outside rendering")
        log(.initialized, record.label, detail.isEmpty ? place : "\(detail) · \(place)")
        return record
    }

    /// Links an instance's identity to its record, so Scoped's events can name it.
    func attach(_ identity: ObjectIdentifier, to record: InstanceRecord) {
        live[identity] = record
    }

    /// Told of each traced instance's `deinit` while recording (the stage's trace recorder).
    var onDeinit: ((ObjectIdentifier) -> Void)?

    /// Records that an instance's `deinit` ran.
    func didDeinit(_ record: InstanceRecord, identity: ObjectIdentifier) {
        if live[identity] === record { live[identity] = nil }
        guard isRecording else { return }
        onDeinit?(identity)
        record.markReleased(at: tick)
        if record.role == .viewModel { aliveViewModels -= 1 }
        log(.deinitialized, record.label)
    }

    /// The record of the live traced instance with `identity`, if any.
    func record(of identity: ObjectIdentifier) -> InstanceRecord? {
        live[identity]
    }

    /// The label of the live traced instance with `identity`, if any.
    func label(of identity: ObjectIdentifier?) -> String? {
        identity.flatMap { live[$0]?.label }
    }

    /// Records that a render read `record`'s state.
    func didRead(_ record: InstanceRecord, byNode nodeID: Int) {
        guard isRecording else { return }
        record.markRead(byNode: nodeID, at: tick)
    }

    // MARK: Containers

    /// A per-run name for a Scoped container: `root` for the scenario's root, `detail#1`,
    /// `detail#2` … for lifetime scopes in the order they appear. (Scoped numbers containers
    /// process-wide; renaming keeps the output the same whichever scenarios run.)
    func containerLabel(_ displayName: String) -> String {
        if let known = containerLabels[displayName] { return known }
        let name = displayName.split(separator: "#").first.map(String.init) ?? displayName
        let label: String
        if name == "root" {
            label = "root"
        } else {
            let number = (containerCounts[name] ?? 0) + 1
            containerCounts[name] = number
            label = "\(name)#\(number)"
        }
        containerLabels[displayName] = label
        return label
    }
}

/// Where traced objects find the trace of the run that is building them.
enum TraceContext {
    /// The trace of the scenario variant running on this task, if any.
    @TaskLocal static var current: LifecycleTrace?
}
