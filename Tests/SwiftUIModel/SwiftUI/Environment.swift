// Rules modelled here — the environment:
// - environment (developer.apple.com/documentation/swiftui/environment): "A property
//   wrapper that reads a value from a view's environment"; environment/init(_:): "SwiftUI
//   automatically updates any parts of MyView that depend on the property when the
//   associated environment value changes." A node re-renders when a value one of its
//   `@Environment` properties reads changes, including a change made after the node was
//   installed (a parent writing a new value); a node that reads nothing that changed is
//   not re-rendered for it.
// - view/environment(_:_:) (…/view/environment(_:_:)): "Sets the environment value of the
//   specified key path to the given value" for the view and its subtree;
//   view/transformenvironment(_:transform:): "Transforms the environment value of the
//   specified key path with the given function."
// - The environment is read through the node while the node lives. When the node goes, a
//   view value that outlives it (captured by a `.task` still finishing, a closure) keeps the
//   value each `@Environment` property read, as SwiftUI's installed copy of the view does.

/// environmentkey — `protocol EnvironmentKey`.
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Self.Value { get }
}

/// environmentvalues — `struct EnvironmentValues`.
public struct EnvironmentValues {
    var values: [ObjectIdentifier: Any] = [:]
    public init() {}
    public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// environment — `@frozen @propertyWrapper struct Environment<Value>`.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    let keyPath: KeyPath<EnvironmentValues, Value>
    let box = EnvironmentBox()
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value {
        // Outside an installed view: the default value (SwiftUI warns at run time).
        nonisolated(unsafe) var value: Value?
        nonisolated(unsafe) let box = self.box, keyPath = self.keyPath
        MainActor.assumeIsolated { value = box.node?.environment[keyPath: keyPath] ?? box.last as? Value }
        return value ?? EnvironmentValues()[keyPath: keyPath]
    }
}

final class EnvironmentBox {
    weak var node: GraphNode?
    /// The value the property read from its node when the node went (only that value: the
    /// whole environment would hold the graph's own objects, a navigation stack's model).
    var last: Any?
    var read: ((EnvironmentValues) -> Any)?
}

extension Environment: InstallableProperty {
    func install(in node: GraphNode, key: String) {
        let keyPath = self.keyPath
        box.node = node
        box.read = { $0[keyPath: keyPath] }
        node.installedEnvironments.append(box)
        node.recordEnvironmentRead(key) { values in values[keyPath: keyPath] }
    }
}

extension View {
    /// view/environment(_:_:).
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        modifier(EnvironmentWriter { $0[keyPath: keyPath] = value })
    }

    /// view/transformenvironment(_:transform:).
    nonisolated public func transformEnvironment<V>(
        _ keyPath: WritableKeyPath<EnvironmentValues, V>, transform: @escaping (inout V) -> Void
    ) -> some View {
        modifier(EnvironmentWriter { transform(&$0[keyPath: keyPath]) })
    }
}

/// Not Apple's: the modifier behind `environment(_:_:)` and `transformEnvironment`.
struct EnvironmentWriter {
    let write: (inout EnvironmentValues) -> Void
    func body(content: Content) -> Never { fatalError() }
    @MainActor func children(content: any View, in node: GraphNode) -> [ChildSpec] {
        [ChildSpec(key: "content", make: { content }, environment: write)]
    }
}

// The conformances, in extensions as in Apple's SDK interfaces: the main actor they bring
// covers `body`, not the initialisers.
extension EnvironmentWriter: ViewModifier, PrimitiveModifier {}
