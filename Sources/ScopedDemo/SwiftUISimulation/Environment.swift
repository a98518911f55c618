import ScopedSwiftUIOnModel

/// The environment values the simulation models: the one ScopedSwiftUI adds
/// (`EnvironmentValues.scopedContainers`, what the environment carries for Scoped).
struct EnvironmentValues {
    /// The nearest container of each container type.
    var scopedContainers: ContainerEnvironment
}

/// Fact modelled here: `@Environment(\.key)` reads the value its node's environment holds
/// when `body` runs; the view cannot set it ("You can't modify the environment value using
/// a property like this. Instead, use the environment(_:_:) view modifier" — Apple,
/// `Environment.init(_:)`).
@MainActor
@propertyWrapper
struct Environment<Value>: DynamicProperty {
    private let keyPath: KeyPath<EnvironmentValues, Value>
    private let location = NodeLocation()

    init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    /// The value in the node's environment (the default environment before mounting).
    var wrappedValue: Value {
        EnvironmentValues(scopedContainers: location.containers ?? ContainerEnvironment())[keyPath: keyPath]
    }

    func install(in node: ViewNode, key: String) {
        location.bind(to: node, key: key)
    }
}

/// Fact modelled here: `.environment(_:_:)` (and `transformEnvironment`) set a value for
/// the modified view's whole subtree and nowhere else ("Sets the environment value of the
/// specified key path to the given value" for "a view hierarchy" — Apple,
/// `View.environment(_:_:)`).
struct EnvironmentWriter: View {
    static var isPrimitive: Bool { true }
    /// What the subtree sees.
    let containers: ContainerEnvironment
    let content: any View

    var body: ViewContent {
        return [content]
    }
}
