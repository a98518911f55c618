@_exported import CombineModel
import Observation

// Rules modelled here — `State` and `StateObject` storage per view identity:
// - state/init(wrappedvalue:) (developer.apple.com/documentation/swiftui/state/
//   init(wrappedvalue:)): "SwiftUI initializes the state's storage only once for each
//   container instance that you declare." The first description's initial value becomes
//   the node's storage; later descriptions' initial values are dropped with them.
// - state (…/swiftui/state): "When the value changes, SwiftUI updates the parts of the
//   view hierarchy that depend on the value"; reading state outside an installed view
//   gives the initial value: Apple documents no other value for a read before SwiftUI
//   installed the view (it warns at run time); the model returns the initial value there.
// - stateobject (…/swiftui/stateobject): "SwiftUI creates a new instance of the model
//   object only once during the lifetime of the container that declares the state
//   object"; the autoclosure runs when the node is created, not per description; the view
//   re-renders when the object's `objectWillChange` fires.
// - Storage dies with the node (its identity): a description that outlives the node holds
//   only a weak link to it, as SwiftUI's installed storage belongs to the graph.

/// state — `@frozen @propertyWrapper struct State<Value>`.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    let box: StateBox<Value>
    public init(wrappedValue value: Value) { box = StateBox(initial: value) }
    public init(initialValue value: Value) { box = StateBox(initial: value) }
    public var wrappedValue: Value {
        get { box.storage?.value ?? box.initial }
        nonmutating set {
            guard let storage = box.storage else { return }
            storage.value = newValue
            storage.didChange()
        }
    }
    public var projectedValue: Binding<Value> {
        Binding(get: { wrappedValue }, set: { wrappedValue = $0 })
    }
}

/// The node's storage of one `State`.
final class StateStorage<Value> {
    var value: Value
    weak var node: GraphNode?
    init(_ value: Value) { self.value = value }
    func didChange() {
        nonisolated(unsafe) let storage = self  // the model runs on the main thread only
        MainActor.assumeIsolated { storage.node?.invalidate() }
    }
}

final class StateBox<Value> {
    let initial: Value
    weak var storage: StateStorage<Value>?
    init(initial: Value) { self.initial = initial }
}

extension State: InstallableProperty {
    func install(in node: GraphNode, key: String) {
        var isNew = false
        let storage = node.stored(key) { () -> StateStorage<Value> in
            isNew = true
            let made = StateStorage(box.initial)
            made.node = node
            return made
        }
        if !isNew, box.storage !== storage { node.graph.observer?.graphDidKeepState(node.info, kept: storage.value, dropped: box.initial) }
        box.storage = storage
    }
}

/// binding — `@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>`.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }
    public init(projectedValue: Binding<Value>) { self = projectedValue }
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { get()[keyPath: keyPath] }, set: { var value = get(); value[keyPath: keyPath] = $0; set(value) })
    }
}

/// stateobject — `@MainActor @frozen @propertyWrapper @preconcurrency struct StateObject`.
@MainActor @propertyWrapper @preconcurrency
public struct StateObject<ObjectType>: DynamicProperty where ObjectType: ObservableObject {
    nonisolated(unsafe) let box: StateObjectBox<ObjectType>
    nonisolated public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        box = StateObjectBox(thunk)
    }
    @MainActor @preconcurrency public var wrappedValue: ObjectType {
        if let object = box.storage?.object { return object }
        // Read outside an installed view: SwiftUI makes a new object each time (with a
        // runtime warning); the model does the same.
        return box.thunk()
    }
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject(wrappedValue: wrappedValue).projectedValue
    }
}

final class StateObjectStorage<ObjectType: ObservableObject> {
    let object: ObjectType
    var subscription: AnyCancellable?
    init(_ object: ObjectType) { self.object = object }
}

final class StateObjectBox<ObjectType: ObservableObject> {
    let thunk: () -> ObjectType
    weak var storage: StateObjectStorage<ObjectType>?
    init(_ thunk: @escaping () -> ObjectType) { self.thunk = thunk }
}

extension StateObject: InstallableProperty {
    func install(in node: GraphNode, key: String) {
        var isNew = false
        let storage = node.stored(key) { () -> StateObjectStorage<ObjectType> in
            isNew = true
            let made = StateObjectStorage(box.thunk())
            made.subscription = node.observe(made.object)
            return made
        }
        if !isNew, box.storage !== storage { node.graph.observer?.graphDidKeepStateObject(node.info, kept: storage.object) }
        box.storage = storage
    }
}

/// observedobject — `@MainActor @propertyWrapper @preconcurrency @frozen struct
/// ObservedObject`. "A property wrapper type that subscribes to an observable object and
/// invalidates a view whenever the observable object changes"
/// (developer.apple.com/documentation/swiftui/observedobject): the node re-renders on every
/// `objectWillChange`, whether or not its body reads the object. The subscription follows
/// the object the newest description brings, replaced in `update()` — before the body runs.
@MainActor @propertyWrapper @preconcurrency @frozen
public struct ObservedObject<ObjectType>: DynamicProperty where ObjectType: ObservableObject {
    @MainActor @preconcurrency public var wrappedValue: ObjectType
    @MainActor @preconcurrency public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        Wrapper(object: wrappedValue)
    }

    /// observedobject/wrapper — bindings to the object's properties.
    @MainActor @dynamicMemberLookup @preconcurrency @frozen
    public struct Wrapper {
        let object: ObjectType
        @MainActor @preconcurrency public subscript<Subject>(
            dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>
        ) -> Binding<Subject> {
            let object = self.object
            return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
        }
    }
}

/// What a node keeps for one `@ObservedObject`: the object it subscribes to.
final class ObservedSubscription {
    var object: AnyObject?
    var subscription: AnyCancellable?
}

extension ObservedObject: InstallableProperty {
    func install(in node: GraphNode, key: String) {
        let record = node.stored(key) { ObservedSubscription() }
        guard record.object !== wrappedValue else { return }
        // The previous object is let go here, before the body runs (DynamicProperty.update()).
        record.subscription = node.observe(wrappedValue)
        record.object = wrappedValue
    }
}

/// bindable — `@dynamicMemberLookup @propertyWrapper struct Bindable<Value>`.
@dynamicMemberLookup @propertyWrapper
public struct Bindable<Value> {
    private var value: Value
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }
    public var projectedValue: Bindable<Value> { self }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable where Value: AnyObject, Value: Observable {
    public init(wrappedValue: Value) { value = wrappedValue }
    public init(_ wrappedValue: Value) { value = wrappedValue }
}

extension Bindable where Value: AnyObject {
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}
