import SwiftUIModel

/// Writes what the model of SwiftUI does (Tests/SwiftUIModel, the same model the tests of
/// the shipped SwiftUI layer run on) into a run's trace, in the demo's words: `mount`,
/// `body #n`, `text`, `appear`, `disappear`, `unmount`, and where an instance was built
/// ("while mounting X", "in X.body"). The model reports each step through its
/// instrumentation (Tests/SwiftUIModel/SwiftUI/Instrumentation.swift); nothing here
/// decides what SwiftUI does.
@MainActor
final class GraphTracer: ViewGraphObserver {
    /// The tracer of the scenario variant running on the model on this task, if any.
    @TaskLocal static var current: GraphTracer?

    let trace: LifecycleTrace
    /// The run's simulated clock (`.task(every:)` loops run on it: Runtime/TaskLifetime.swift).
    let clock: SimulatedClock
    /// Which `@State` the run's screens are built with (OnModel.State).
    let stateSDK: StateSDK
    private var bodyCounts: [Int: Int] = [:]
    private var rendering: [GraphNodeInfo] = []
    /// The node whose `onAppear` is running (a `.task(every:)` starts for it).
    private(set) var appearing: GraphNodeInfo?
    /// The traced instances each node's last body read.
    private var reads: [Int: [InstanceRecord]] = [:]
    private var destroyedReads: [InstanceRecord]?

    init(trace: LifecycleTrace, clock: SimulatedClock, stateSDK: StateSDK) {
        self.trace = trace
        self.clock = clock
        self.stateSDK = stateSDK
    }

    // MARK: ViewGraphObserver

    func graphDidMake(_ node: GraphNodeInfo) {
        if !node.isPrimitive { trace.log(.mount, node.name) }
    }

    func graphWillInstall(_ node: GraphNodeInfo) {
        trace.begin(RenderActivity(nodeID: node.id, viewName: node.name, phase: .mounting))
    }

    func graphDidInstall(_ node: GraphNodeInfo) {
        trace.end()
    }

    func graphWillRunBody(_ node: GraphNodeInfo) {
        let count = bodyCounts[node.id, default: 0] + 1
        bodyCounts[node.id] = count
        if !node.isPrimitive { trace.log(.body, node.name, "body #\(count)") }
        reads[node.id] = []
        rendering.append(node)
        trace.begin(RenderActivity(nodeID: node.id, viewName: node.name, phase: .body))
    }

    func graphDidRunBody(_ node: GraphNodeInfo) {
        trace.end()
        rendering.removeLast()
    }

    func graphWillMakeChild(of node: GraphNodeInfo) {
        trace.begin(RenderActivity(nodeID: node.id, viewName: node.name, phase: .afterBody))
    }

    func graphDidMakeChild(of node: GraphNodeInfo) {
        trace.end()
    }

    func graphDidShowText(_ node: GraphNodeInfo, _ string: String) {
        trace.log(.text, node.name, "\"\(string)\"")
    }

    func graphDidAppear(_ node: GraphNodeInfo) {
        appearing = node
        if !node.isPrimitive { trace.log(.appear, node.name, "onAppear") }
    }

    func graphDidDisappear(_ node: GraphNodeInfo) {
        if !node.isPrimitive { trace.log(.disappear, node.name, "onDisappear") }
    }

    func graphWillDestroy(_ node: GraphNodeInfo) {
        if !node.isPrimitive { trace.log(.unmount, node.name) }
        destroyedReads?.append(contentsOf: reads[node.id] ?? [])
        reads[node.id] = nil
    }

    func graphDidKeepState(_ node: GraphNodeInfo, kept: Any, dropped: Any) {
        guard let keptLabel = (kept as? TracedObject)?.lifeline?.label,
              let droppedLabel = (dropped as? TracedObject)?.lifeline?.label, droppedLabel != keptLabel
        else { return }
        trace.log(.keep, node.name, "@State keeps \(keptLabel); \(droppedLabel) is unused")
    }

    func graphDidKeepStateObject(_ node: GraphNodeInfo, kept: AnyObject) {
        if let storage = kept as? AssumedMacroKept {
            // `--sdk 27`'s `@State` (OnModel.State): the new description's initial value is not evaluated.
            guard let label = (storage.keptValue as? TracedObject)?.lifeline?.label else { return }
            return trace.log(.keep, node.name, "@State keeps \(label); initial value not evaluated")
        }
        guard let label = (kept as? TracedObject)?.lifeline?.label else { return }
        trace.log(.keep, node.name, "@StateObject keeps \(label); autoclosure not run")
    }

    // MARK: Reads

    /// A body read `record`'s state (ObservationRegistrar.access()).
    func didRead(_ record: InstanceRecord) {
        guard let node = rendering.last else { return }
        trace.didRead(record, byNode: node.id)
        if !(reads[node.id]?.contains { $0 === record } ?? false) { reads[node.id, default: []].append(record) }
    }

    /// Runs `body` and returns the traced instances that the nodes it destroyed were showing.
    func collectingDestroyedReads(_ body: () -> Void) -> [InstanceRecord] {
        destroyedReads = []
        body()
        defer { destroyedReads = nil }
        return destroyedReads ?? []
    }
}
