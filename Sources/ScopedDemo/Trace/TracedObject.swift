import CombineModel
import Observation

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
    /// On the model of SwiftUI, the object is also `@Observable`'s kind (Observation's
    /// registrar, macOS 14 / iOS 17 on Apple platforms): a body that reads it re-runs when
    /// it changes.
    private let observationRegistrar: Any?

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
        if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
            observationRegistrar = Observation.ObservationRegistrar()
        } else {
            observationRegistrar = nil
        }
        if let trace, let lifeline { trace.attach(ObjectIdentifier(self), to: lifeline) }
        // On the model of SwiftUI, a change is announced as Combine's `objectWillChange` and
        // as an Observation mutation; a read, as an Observation access.
        observation.onWillChange = { [weak self] in self?.modelWillChange() }
        observation.onAccess = { [weak self] in self?.modelAccess() }
    }

    private func modelWillChange() {
        objectWillChange.send()
        if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *),
           let registrar = observationRegistrar as? Observation.ObservationRegistrar {
            registrar.withMutation(of: self, keyPath: \.lifeline) {}
        }
    }

    private func modelAccess() {
        if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *),
           let registrar = observationRegistrar as? Observation.ObservationRegistrar {
            registrar.access(self, keyPath: \.lifeline)
        }
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

/// On the model of SwiftUI, every traced object is also `@Observable`'s kind: the demo's
/// view models stand for both (ObservationRegistrar.swift).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension TracedObject: Observation.Observable {}
