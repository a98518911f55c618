/// Fact modelled here: `@State` keeps the value of the node's *first* description. How
/// later descriptions' initial values are treated depends on the SDK (StateSDK.swift):
///
/// - Xcode 26 and earlier, the property wrapper: an initial value assigned in `init`
///   (`viewModel = CounterViewModel(…)`, the `@Observable` way) is still evaluated for
///   every description — built eagerly, every render — and every one after the first is
///   dropped with its description (when the next description replaces it; the rule and
///   Apple's evidence for it are in ViewNode.swift).
/// - Xcode 27, the macro: *assumed* (Apple states no such thing; StateSDK.swift) to keep
///   the initial-value expression unevaluated until the node's storage is created — once
///   per identity, lazily.
@MainActor
@propertyWrapper
struct State<Value>: DynamicProperty {
    /// The description's initial value: evaluated (property wrapper) or not yet (macro).
    private enum Initial {
        case evaluated(Value)
        case deferred(() -> Value)
    }

    private let initial: Initial
    private let location = NodeLocation()

    /// This description's initial value: evaluated now when the run builds with Xcode 26,
    /// kept for the node's creation when it builds with Xcode 27.
    init(wrappedValue: @autoclosure @escaping () -> Value) {
        if RenderContext.current?.stateSDK == .xcode27 {
            initial = .deferred(wrappedValue)
        } else {
            initial = .evaluated(wrappedValue())
        }
    }

    private var initialValue: Value {
        switch initial {
        case .evaluated(let value): value
        case .deferred(let make): make()
        }
    }

    /// The node's value; setting it re-renders the node.
    var wrappedValue: Value {
        get { location.value as? Value ?? initialValue }
        nonmutating set { location.set(newValue) }
    }

    /// A binding to the node's value.
    var projectedValue: Binding<Value> {
        Binding(get: { wrappedValue }, set: { wrappedValue = $0 })
    }

    func install(in node: ViewNode, key: String) {
        if let kept = node.storedValue(for: key) {
            guard let keptLabel = (kept as? TracedObject)?.lifeline?.label else { return location.bind(to: node, key: key) }
            switch initial {
            case .evaluated(let value):
                if let dropped = (value as? TracedObject)?.lifeline?.label, dropped != keptLabel {
                    node.trace.log(.keep, node.viewName, "@State keeps \(keptLabel); \(dropped) is unused")
                }
            case .deferred:
                node.trace.log(.keep, node.viewName, "@State keeps \(keptLabel); initial value not evaluated")
            }
        } else {
            node.store(initialValue, for: key)
        }
        location.bind(to: node, key: key)
    }
}

/// A read-write view of a value owned elsewhere (`$showingSheet`).
@MainActor
struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// The value.
    var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}
