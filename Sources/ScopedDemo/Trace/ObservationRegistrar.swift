/// A traced object's reads and changes, told to the model of SwiftUI its run is on.
///
/// Stands for both `ObservableObject`/`@Published` and the `@Observable` macro: a getter
/// calls ``access()`` (the run records which view's body read it), a mutation calls
/// ``willChange()`` (the object's `objectWillChange` fires: TracedObject.swift). Which views
/// re-render is the model's rule (Tests/SwiftUIModel/SwiftUI/GraphNode.swift) for a view
/// holding the object (`@StateObject`, `@ObservedObject`, `@ScopedObject`), and the demo's
/// `@State` (OnModel/AssumedMacroState.swift) for one keeping it in `@State`.
@MainActor
final class ObservationRegistrar {
    private let lifeline: InstanceRecord?
    /// The run's tracer (GraphTracer.swift), if the object was built during a run.
    private weak var tracer: GraphTracer?
    /// Tells the model of SwiftUI (the object's `objectWillChange`), set by the object.
    var onWillChange: (() -> Void)?

    init(lifeline: InstanceRecord?) {
        self.lifeline = lifeline
        tracer = GraphTracer.current
    }

    /// A getter was called: the run records the read (the summary's "kept", what a
    /// dismissal takes down).
    func access() {
        guard let tracer, let lifeline else { return }
        tracer.didRead(lifeline)
    }

    /// State is about to change.
    func willChange() {
        onWillChange?()
    }
}
