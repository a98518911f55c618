/// Fact modelled here: `@State` keeps the value of the node's *first* description. An
/// initial value assigned in `init` (`viewModel = CounterViewModel(…)`, the `@Observable`
/// way) is still evaluated for every description — built eagerly, every render — and
/// every one after the first is dropped with its description (when the next description
/// replaces it; the rule and Apple's evidence for it are in ViewNode.swift).
@MainActor
@propertyWrapper
struct State<Value>: DynamicProperty {
    private let initialValue: Value
    private let location = NodeLocation()

    /// Stores `wrappedValue` as this description's initial value (already evaluated).
    init(wrappedValue: Value) {
        initialValue = wrappedValue
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
            if let dropped = (initialValue as? TracedObject)?.lifeline?.label,
               let keptLabel = (kept as? TracedObject)?.lifeline?.label, dropped != keptLabel {
                node.trace.log(.keep, node.viewName, "@State keeps \(keptLabel); \(dropped) is unused")
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
