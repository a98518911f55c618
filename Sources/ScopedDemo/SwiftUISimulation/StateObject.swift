/// Fact modelled here: `@StateObject(wrappedValue:)` takes an *autoclosure* and runs it
/// only when its node is created; the autoclosures of later descriptions never run, and
/// the node keeps its first instance until it leaves the tree.
///
/// The catch: a caller that builds the instance *outside* the autoclosure
/// (`InjectedCounterView(viewModel: CounterViewModel(…))`) still builds one with every
/// description — the autoclosure merely returns it — and all but the first are dropped:
/// each goes when the next description replaces the one that carries it (the rule and
/// Apple's evidence for it are in ViewNode.swift).
@MainActor
@propertyWrapper
struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    private let thunk: () -> ObjectType
    private let location = NodeLocation()

    /// Keeps `thunk` unevaluated: it runs only if this description mounts a new node.
    init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        self.thunk = thunk
    }

    /// The node's instance.
    var wrappedValue: ObjectType {
        guard let object = location.value as? ObjectType else {
            fatalError("@StateObject read before its view was mounted")
        }
        return object
    }

    func install(in node: ViewNode, key: String) {
        if let kept = node.storedValue(for: key) {
            if let label = (kept as? TracedObject)?.lifeline?.label {
                node.trace.log(.keep, node.viewName, "@StateObject keeps \(label); autoclosure not run")
            }
        } else {
            node.store(thunk(), for: key)
        }
        location.bind(to: node, key: key)
    }
}
