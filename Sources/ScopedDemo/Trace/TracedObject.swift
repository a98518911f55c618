import CombineModel

/// The base of every traced instance (view models, services): its `init` and `deinit`
/// go to the trace of the run that built it, with an instance number
/// (`CounterViewModel#3`). Subclasses print nothing and take no trace parameter.
///
/// It also carries an ``ObservationRegistrar``, which plays the part of `@Published`
/// (`ObservableObject`) and of the `@Observable` macro: reading state in a `body`
/// subscribes that view, changing it re-renders the view.
@MainActor
class TracedObject {
    /// The trace this instance reports to (nil when built outside a scenario run).
    private let trace: LifecycleTrace?
    /// This instance's lifeline in that trace.
    let lifeline: InstanceRecord?
    /// Read and change notifications, for the model of SwiftUI the run is on.
    let observation: ObservationRegistrar

    /// Records the `init` of an instance of the dynamic type.
    ///
    /// - Parameters:
    ///   - role: View model (counted in the summary) or service.
    ///   - detail: What the trace shows next to the label, such as `initialValue: 42`.
    init(role: InstanceRole = .viewModel, detail: String = "") {
        let trace = TraceContext.current
        let lifeline = trace?.didInit(typeName: String(describing: Self.self), role: role, detail: detail)
        self.trace = trace
        self.lifeline = lifeline
        observation = ObservationRegistrar(lifeline: lifeline)
        if let trace, let lifeline { trace.attach(ObjectIdentifier(self), to: lifeline) }
        // On the model of SwiftUI, a change is announced as Combine's `objectWillChange`.
        observation.onWillChange = { [weak self] in self?.objectWillChange.send() }
    }

    deinit {
        guard let trace, let lifeline else { return }
        let identity = ObjectIdentifier(self)
        // The simulation runs on the main actor; every release happens there.
        MainActor.assumeIsolated { trace.didDeinit(lifeline, identity: identity) }
    }
}

/// The stand-in for SwiftUI's `ObservableObject`: what `@StateObject` and
/// `@ObservedObject` accept.
@MainActor
protocol ObservableObject: AnyObject {}

/// On the model of SwiftUI, every traced object is Combine's `ObservableObject` (its
/// synthesized `objectWillChange` fires from ``ObservationRegistrar/willChange()``).
extension TracedObject: CombineModel.ObservableObject {}

