// Declarations-only stand-in for Apple's SwiftUI, for type-checking ScopedSwiftUI on
// Linux (.ci/steps/35-swiftui-stub.sh). A test fixture, not a product: the bodies are
// placeholders that never run.
//
// Each declaration below carries the page of Apple's developer documentation
// (developer.apple.com/documentation/swiftui/…) its signature, generic constraints and
// isolation (`@MainActor`, `@preconcurrency`, `nonisolated`) were copied from.
// Availability is Apple's; Linux ignores it (see README.md in this folder).
//
// Only what ScopedSwiftUI uses is declared, plus what those declarations need to compile
// (`Never: View`, the content type of a modifier, a result builder). As in Apple's SDK
// interfaces, a type's `View` conformance is declared in an extension, so that the main
// actor isolation it brings covers `body` and not the type's initialisers.

@_exported import Combine
import Observation

// view — `@MainActor @preconcurrency protocol View`;
// view/body-8kl5o — `@ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// never/body — SwiftUI makes `Never` a `View`, the body type of primitive views.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// viewbuilder — `@resultBuilder struct ViewBuilder`;
// viewbuilder/buildblock(_:) — `static func buildBlock<Content>(_ content: Content) ->
// Content where Content : View`; viewbuilder/buildexpression(_:) likewise.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View { content }
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { content }
}

// viewmodifier — `@MainActor @preconcurrency protocol ViewModifier`;
// viewmodifier/body(content:) — `@MainActor @preconcurrency func body(content:
// Self.Content) -> Self.Body` (the newest page shows `@ContentBuilder`, earlier SDKs
// `@ViewBuilder`; ScopedSwiftUI returns one expression, which either builder accepts);
// viewmodifier/content — `typealias Content`, whose type SDK interfaces spell
// `_ViewModifier_Content<Self>`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
    typealias Content = _ViewModifier_Content<Self>
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _ViewModifier_Content<Modifier> where Modifier: ViewModifier {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension _ViewModifier_Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// anyview — `@frozen nonisolated struct AnyView` (a View); anyview/init(_:) —
// `nonisolated init<V>(_ view: V) where V : View`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct AnyView {
    nonisolated public init<V>(_ view: V) where V: View {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension AnyView: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// modifiedcontent — `@frozen struct ModifiedContent<Content, Modifier>`;
// …/init(content:modifier:) — `nonisolated init(content: Content, modifier: Modifier)`;
// …/content, …/modifier — `var content: Content`, `var modifier: Modifier`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    nonisolated public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

// modifiedcontent — "If content is a View and modifier is a ViewModifier, the result is
// a View" (the conformance `ModifiedContent: View where Content: View, Modifier: ViewModifier`).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    // view/modifier(_:) — `nonisolated func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T>`.
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }

    // view/environment(_:_:) — `nonisolated func environment<V>(_ keyPath:
    // WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View`.
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        ModifiedContent(content: self, modifier: _StubModifier())
    }

    // view/transformenvironment(_:transform:) — `nonisolated func transformEnvironment<V>(
    // _ keyPath: WritableKeyPath<EnvironmentValues, V>, transform: @escaping (inout V) ->
    // Void) -> some View`.
    nonisolated public func transformEnvironment<V>(
        _ keyPath: WritableKeyPath<EnvironmentValues, V>, transform: @escaping (inout V) -> Void
    ) -> some View {
        ModifiedContent(content: self, modifier: _StubModifier())
    }
}

/// Not Apple's: the concrete type behind the stub's opaque `some View` results.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _StubModifier: ViewModifier {
    public func body(content: Content) -> Never { fatalError() }
}

// dynamicproperty — `protocol DynamicProperty`; dynamicproperty/update() —
// `mutating func update()`, which conforming types need not implement.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol DynamicProperty {
    mutating func update()
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension DynamicProperty {
    public mutating func update() {}
}

// state — `@frozen @propertyWrapper struct State<Value>` (a DynamicProperty);
// state/init(wrappedvalue:) — `init(wrappedValue value: Value)`;
// state/wrappedvalue — `var wrappedValue: Value { get nonmutating set }`;
// state/projectedvalue — `var projectedValue: Binding<Value> { get }`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper
public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

// stateobject — `@MainActor @frozen @propertyWrapper @preconcurrency struct
// StateObject<ObjectType> where ObjectType : ObservableObject` (a DynamicProperty);
// stateobject/init(wrappedvalue:) — `nonisolated init(wrappedValue thunk: @autoclosure
// @escaping () -> ObjectType)`; stateobject/wrappedvalue — `@MainActor @preconcurrency
// var wrappedValue: ObjectType { get }`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @frozen @propertyWrapper @preconcurrency
public struct StateObject<ObjectType>: DynamicProperty where ObjectType: ObservableObject {
    nonisolated public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}
    @MainActor @preconcurrency public var wrappedValue: ObjectType { fatalError() }
}

// environment — `@frozen @propertyWrapper struct Environment<Value>` (a DynamicProperty);
// environment/init(_:) — `init(_ keyPath: KeyPath<EnvironmentValues, Value>)`;
// environment/wrappedvalue — `var wrappedValue: Value { get }`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper
public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

// environmentkey — `protocol EnvironmentKey`; environmentkey/value — `associatedtype
// Value`; environmentkey/defaultvalue — `static var defaultValue: Self.Value { get }`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Self.Value { get }
}

// environmentvalues — `struct EnvironmentValues`; environmentvalues/init() — `init()`;
// environmentvalues/subscript(_:) — `subscript<K>(key: K.Type) -> K.Value where K :
// EnvironmentKey { get set }`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct EnvironmentValues {
    public init() {}
    public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey {
        get { K.defaultValue }
        set {}
    }
}

// observedobject — `@MainActor @propertyWrapper @preconcurrency @frozen struct
// ObservedObject<ObjectType> where ObjectType : ObservableObject` (a DynamicProperty);
// observedobject/init(wrappedvalue:) — `@MainActor @preconcurrency init(wrappedValue:
// ObjectType)`; observedobject/wrappedvalue — `@MainActor @preconcurrency var
// wrappedValue: ObjectType`; observedobject/projectedvalue — `@MainActor @preconcurrency
// var projectedValue: ObservedObject<ObjectType>.Wrapper { get }`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @propertyWrapper @preconcurrency @frozen
public struct ObservedObject<ObjectType>: DynamicProperty where ObjectType: ObservableObject {
    @MainActor @preconcurrency public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    @MainActor @preconcurrency public var wrappedValue: ObjectType
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper { Wrapper() }

    // observedobject/wrapper — `@MainActor @dynamicMemberLookup @preconcurrency @frozen
    // struct Wrapper` (Sendable); observedobject/wrapper/subscript(dynamicmember:) —
    // `@MainActor @preconcurrency subscript<Subject>(dynamicMember keyPath:
    // ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> { get }`.
    @MainActor @dynamicMemberLookup @preconcurrency @frozen
    public struct Wrapper: Sendable {
        @MainActor @preconcurrency public subscript<Subject>(
            dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>
        ) -> Binding<Subject> { fatalError() }
    }
}

// bindable — `@dynamicMemberLookup @propertyWrapper struct Bindable<Value>` (iOS 17);
// bindable/wrappedvalue — `var wrappedValue: Value`; bindable/projectedvalue — `var
// projectedValue: Bindable<Value> { get }`; bindable/init(_:) — `init(_ wrappedValue:
// Value)` and bindable/init(wrappedvalue:) — `init(wrappedValue: Value)`, both in an
// extension where `Value : AnyObject, Value : Observable` (their precise identifiers say
// so); bindable/subscript(dynamicmember:) — `subscript<Subject>(dynamicMember keyPath:
// ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> { get }`, in an extension
// where `Value : AnyObject`.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@dynamicMemberLookup @propertyWrapper
public struct Bindable<Value> {
    private var value: Value
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }
    public var projectedValue: Bindable<Value> { self }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable where Value: AnyObject, Value: Observable {
    public init(wrappedValue: Value) { value = wrappedValue }
    public init(_ wrappedValue: Value) { value = wrappedValue }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable where Value: AnyObject {
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}
