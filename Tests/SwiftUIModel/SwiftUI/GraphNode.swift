import Observation

// Rules modelled here — structural identity, and when a body runs:
// - Identity: a node is kept for one place of the tree while descriptions of the same
//   type keep arriving there; its storage lives exactly as long ("SwiftUI initializes the
//   state's storage only once for each container instance", developer.apple.com/
//   documentation/swiftui/state/init(wrappedvalue:)). A place is the path of keys from the
//   root: a child's position in its builder, an `if` branch, a ForEach element's id, an
//   `.id(_:)` value, a pushed entry, a tab. Another type at the same place, or a key that
//   goes, ends the identity: its children go first, then its storage.
// - A node's body runs when its node is new; when state it owns changes (State,
//   `objectWillChange` of an object it holds in `@StateObject` or `@ObservedObject` —
//   "invalidates a view whenever the observable object changes", …/swiftui/observedobject,
//   whether or not the body reads it); when an `@Observable` property its body read
//   changes (withObservationTracking, developer.apple.com/documentation/observation/
//   withobservationtracking(_:onchange:): "Tracks access to properties", calling
//   `onChange` "when the value of a property changes": the model tracks each body, so only
//   a body that read the property re-runs); when an environment
//   value it reads changes (…/swiftui/environment/init(_:)); and when its parent's body
//   gives it a description whose inputs differ from the previous one.
// - Equal inputs are skipped: equatableview (…/swiftui/equatableview) "compares itself
//   against its previous value and prevents its child updating if its new value is the
//   same as its old value"; for views that are not `Equatable` Apple documents no
//   comparison, and the model compares field by field: `Equatable` fields with `==`,
//   objects by identity, `State`/`StateObject`/`Environment` fields as equal (their values
//   come from the graph, not the description), closures as the same only when they are
//   the same closure value (same function, same captured context: a value handed on
//   unchanged, as a navigation stack hands its root again on a push); a closure made anew
//   by a body that ran is different.
// - Dynamic properties are installed and `update()` runs before every body
//   (DynamicProperty.swift): a replaced `@ObservedObject` is let go there, before the body.

/// A node of the graph: the view for one place of the tree, outliving its descriptions.
@MainActor
public final class GraphNode {
    let key: String
    let typeName: String
    private let typeID: ObjectIdentifier
    let depth: Int
    unowned let graph: ViewGraph
    private(set) weak var parent: GraphNode?
    var view: any View
    var environment: EnvironmentValues
    var children: [GraphNode] = []
    var isVisibleInParent = true
    var isOnScreen = false
    var isMounted = true
    var isDirty = false
    private var storage: [(key: String, value: AnyObject)] = []
    private var environmentReads: [String: (read: (EnvironmentValues) -> Any, last: Any)] = [:]
    private var observationGeneration = 0
    var appearance: AppearanceModifier?
    var sheet: PresentedSheet?
    var runningTask: Task<Void, Never>?
    var installedEnvironments: [EnvironmentBox] = []

    /// Instrumentation (not a SwiftUI rule): the node's number in its graph, for observers.
    let serial: Int
    /// Instrumentation: what a `Text` node showed last, to report changes only.
    var shownText: String?

    init(key: String, view: any View, environment: EnvironmentValues, parent: GraphNode?, graph: ViewGraph) {
        graph.nodeCount += 1
        serial = graph.nodeCount
        self.key = key
        self.view = view
        self.environment = environment
        self.parent = parent
        self.graph = graph
        typeID = ObjectIdentifier(type(of: view))
        typeName = Self.name(of: type(of: view))
        depth = (parent?.depth ?? -1) + 1
    }

    static func name(of type: Any.Type) -> String {
        let full = String(describing: type)
        return full.firstIndex(of: "<").map { String(full[..<$0]) } ?? full
    }

    func accepts(_ view: any View) -> Bool { typeID == ObjectIdentifier(type(of: view)) }

    // MARK: Storage

    /// The storage under `key`, made by `make` the first time (once per identity).
    func stored<T: AnyObject>(_ key: String, make: () -> T) -> T {
        if let found = storage.first(where: { $0.key == key })?.value as? T { return found }
        let made = make()
        storage.append((key, made))
        return made
    }

    /// Re-renders this node when `object` is about to change.
    func observe<O: ObservableObject>(_ object: O) -> AnyCancellable {
        object.objectWillChange.sink { [weak self] _ in
            MainActor.assumeIsolated { self?.invalidate() }
        }
    }

    func recordEnvironmentRead(_ key: String, _ read: @escaping (EnvironmentValues) -> Any) {
        environmentReads[key] = (read, read(environment))
    }

    /// Whether a value one of its `@Environment` properties read differs in `values`.
    func readsChange(in values: EnvironmentValues) -> Bool {
        environmentReads.values.contains { !sameInput($0.last, $0.read(values)) }
    }

    /// Marks the node for a body run at the next flush.
    func invalidate() {
        guard isMounted, !isDirty else { return }
        isDirty = true
        graph.scheduled.append(self)
    }

    func invalidateUnlessRendering() {
        if !graph.renderingPath.contains(where: { $0 === self }) { invalidate() }
    }

    /// Runs `body` while Observation tracks what it reads.
    func tracked(_ work: () -> any View) -> any View {
        observationGeneration += 1
        let generation = observationGeneration
        // Observation exists from macOS 14 / iOS 17 on Apple platforms (the demo builds the
        // model there at the package's floor); before that no `@Observable` type exists to track.
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return work() }
        return withObservationTracking(work) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.observationGeneration == generation else { return }
                self.invalidate()
            }
        }
    }

    /// Drops the storage, newest first.
    func releaseStorage() {
        for box in installedEnvironments where box.node === self { box.last = box.read?(environment) }
        installedEnvironments = []
        environmentReads = [:]
        observationGeneration += 1
        while !storage.isEmpty { _ = storage.removeLast() }
    }
}

/// Whether two inputs of a view are the same, as the model compares them (see the header).
@MainActor
func sameInput(_ a: Any, _ b: Any) -> Bool {
    guard ObjectIdentifier(type(of: a)) == ObjectIdentifier(type(of: b)) else { return false }
    if a is any GraphOwnedProperty { return true }
    if let equatable = a as? any Equatable { return equatable.isEqual(to: b) }
    let left = Mirror(reflecting: a)
    switch left.displayStyle {
    case .class?:
        return (a as AnyObject) === (b as AnyObject)
    case nil:
        return sameBits(a, b)  // closures, metatypes: the same value, not merely alike
    default:
        let right = Mirror(reflecting: b)
        guard left.children.count == right.children.count else { return false }
        return zip(left.children, right.children).allSatisfy { sameInput($0.value, $1.value) }
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}

/// Whether `b` is a value of `a`'s type with the same bits: for a closure, the same
/// function and the same captured context.
private func sameBits<T>(_ a: T, _ b: Any) -> Bool {
    guard var b = b as? T else { return false }
    var a = a
    return withUnsafeBytes(of: &a) { left in withUnsafeBytes(of: &b) { right in left.elementsEqual(right) } }
}

/// Fields whose value comes from the graph, not from the description.
protocol GraphOwnedProperty {}
extension State: GraphOwnedProperty {}
extension StateObject: GraphOwnedProperty {}
extension Environment: GraphOwnedProperty {}
