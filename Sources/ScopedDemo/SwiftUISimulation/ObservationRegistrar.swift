/// Fact modelled here: a view re-renders when observed state it read changes.
///
/// Stands for both `ObservableObject`/`@Published` and the `@Observable` macro: a getter
/// calls ``access()`` (the `body` running now subscribes), a mutation calls
/// ``willChange()`` (every subscribed node is invalidated and re-renders at the next
/// flush). Subscriptions hold nodes weakly and never keep the object alive.
@MainActor
final class ObservationRegistrar {
    private let lifeline: InstanceRecord?
    private weak var renderer: Renderer?
    /// The run's tracer when the run is on the model of SwiftUI (GraphTracer.swift).
    private weak var tracer: GraphTracer?
    private var subscribers: [WeakNode] = []
    /// Tells the model of SwiftUI (the object's `objectWillChange`, an Observation
    /// mutation), set by the object.
    var onWillChange: (() -> Void)?
    /// Tells the model of SwiftUI of a read (an Observation access), set by the object.
    var onAccess: (() -> Void)?

    init(lifeline: InstanceRecord?) {
        self.lifeline = lifeline
        renderer = RenderContext.current
        tracer = GraphTracer.current
    }

    /// A getter was called: the node whose `body` runs now observes this object.
    func access() {
        if let tracer, let lifeline {
            // On the model, re-rendering follows the model's rules (objectWillChange): the
            // read is only recorded, for the summary and for what a dismissal takes down.
            tracer.didRead(lifeline)
            onAccess?()
            return
        }
        guard let renderer, let node = renderer.renderingNode else { return }
        if !subscribers.contains(where: { $0.node === node }) {
            subscribers.append(WeakNode(node))
            node.didSubscribe(to: self)
        }
        if let lifeline { renderer.trace.didRead(lifeline, byNode: node.id) }
    }

    /// State is about to change: every observing node must render again.
    func willChange() {
        onWillChange?()
        for node in subscribers.compactMap(\.node) { node.invalidate() }
    }

    /// `node` no longer observes this object (it renders again, or left the tree).
    func unsubscribe(_ node: ViewNode) {
        subscribers.removeAll { $0.node == nil || $0.node === node }
    }

    /// The instance this registrar belongs to, as traced.
    var observedInstance: InstanceRecord? { lifeline }
}

/// A weak reference to a node.
@MainActor
struct WeakNode {
    weak var node: ViewNode?
    init(_ node: ViewNode) { self.node = node }
}
