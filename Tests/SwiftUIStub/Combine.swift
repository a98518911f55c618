// Declarations-only stand-in for Apple's Combine, for type-checking ScopedSwiftUI on
// Linux (.ci/steps/35-swiftui-stub.sh). A test fixture, not a product: the bodies are
// placeholders that never run.
//
// Each declaration below carries the page of Apple's developer documentation
// (developer.apple.com/documentation/…) its signature, constraints and isolation were
// copied from. Availability is Apple's, as those pages list it; Linux ignores it, so the
// check here cannot catch an availability mistake (see the README of this folder).
//
// Only what ScopedSwiftUI uses is declared. Left out on purpose: Publisher's
// `receive(subscriber:)` requirement and the Subscriber/Subscription machinery behind it
// (the layer never subscribes except through `sink`).

// combine/publisher — `protocol Publisher<Output, Failure>`; associated types from
// combine/publisher/output and combine/publisher/failure (`associatedtype Failure : Error`).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
}

// combine/anycancellable — `final class AnyCancellable`;
// combine/anycancellable/init(_:)-3icn3 — `init(_ cancel: @escaping () -> Void)`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public final class AnyCancellable {
    public init(_ cancel: @escaping () -> Void) {}
}

// combine/publisher/sink(receivevalue:) —
// `func sink(receiveValue: @escaping (Self.Output) -> Void) -> AnyCancellable`,
// in an extension where `Self.Failure == Never` (its precise identifier says so).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Publisher where Self.Failure == Never {
    public func sink(receiveValue: @escaping (Self.Output) -> Void) -> AnyCancellable {
        AnyCancellable {}
    }
}

// combine/observableobjectpublisher — `final class ObservableObjectPublisher`;
// …/init() — `init()`; …/send() — `final func send()`. It publishes `Void` and never fails.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public final class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never
    public init() {}
    public final func send() {}
}

// combine/observableobject — `protocol ObservableObject : AnyObject`;
// …/objectwillchangepublisher — `associatedtype ObjectWillChangePublisher : Publisher =
// ObservableObjectPublisher where Self.ObjectWillChangePublisher.Failure == Never`;
// …/objectwillchange — `var objectWillChange: Self.ObjectWillChangePublisher { get }`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
        where Self.ObjectWillChangePublisher.Failure == Never
    var objectWillChange: Self.ObjectWillChangePublisher { get }
}

// combine/observableobject/objectwillchange-5gopl — the default,
// `var objectWillChange: ObservableObjectPublisher { get }`, for
// `Self.ObjectWillChangePublisher == ObservableObjectPublisher`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

// combine/published — `@propertyWrapper struct Published<Value>`;
// combine/published/init(wrappedvalue:) — `init(wrappedValue: Value)`. Apple's wrapped
// value is reached through the enclosing instance (the wrapper is for class properties
// only); the static subscript below is that mechanism's signature.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
public struct Published<Value> {
    private var value: Value
    public init(wrappedValue: Value) { value = wrappedValue }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].value }
        set { object[keyPath: storageKeyPath].value = newValue }
    }
}
