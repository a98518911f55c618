// The executable model of Apple's Combine that ScopedSwiftUI's SwiftUI layer runs on in
// Linux tests (module CombineModel, imported as `Combine` through `-module-alias`; see
// Tests/SwiftUIModel/README.md). Only what the layer and the model of SwiftUI use, with
// the declarations of Tests/SwiftUIStub/Combine.swift (each copied from Apple's page) and
// behaviour:
//
// - `ObservableObject.objectWillChange` (developer.apple.com/documentation/combine/
//   observableobject): "A type of object with a publisher that emits before the object has
//   changed"; "By default an ObservableObject synthesizes an objectWillChange publisher
//   that emits the changed value before any of its @Published properties changes." The
//   default publisher is kept per object in a side table (Linux has no Objective-C
//   associated objects), dropped when the object is gone.
// - `Published` (developer.apple.com/documentation/combine/published): "the property's
//   publisher ... emits ... in the property's willSet block"; the enclosing object's
//   `objectWillChange` fires first, as the page of `ObservableObject` says.
// - `sink(receiveValue:)` / `AnyCancellable` (…/anycancellable: "An AnyCancellable
//   instance automatically calls cancel() when deinitialized").

/// combine/publisher — `protocol Publisher<Output, Failure>`.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
    /// Not Apple's: the model's one way to subscribe (Apple's is `receive(subscriber:)`).
    func _subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable
}

/// combine/anycancellable — `final class AnyCancellable`; cancels when deinitialized.
public final class AnyCancellable {
    private var cancelAction: (() -> Void)?
    public init(_ cancel: @escaping () -> Void) { cancelAction = cancel }
    public func cancel() {
        let action = cancelAction
        cancelAction = nil
        action?()
    }
    deinit { cancel() }
}

extension Publisher where Self.Failure == Never {
    /// combine/publisher/sink(receivevalue:).
    public func sink(receiveValue: @escaping (Self.Output) -> Void) -> AnyCancellable {
        _subscribe(receiveValue)
    }
}

/// combine/observableobjectpublisher — publishes `Void` before the object changes.
public final class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never
    private var subscribers: [(id: Int, receive: () -> Void)] = []
    private var nextID = 0
    public init() {}

    /// …/send() — sends to every subscriber, in subscription order.
    public final func send() {
        for subscriber in subscribers { subscriber.receive() }
    }

    public func _subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
        nextID += 1
        let id = nextID
        subscribers.append((id, { receive(()) }))
        return AnyCancellable { [weak self] in self?.subscribers.removeAll { $0.id == id } }
    }
}

/// combine/observableobject — `protocol ObservableObject : AnyObject`.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
        where Self.ObjectWillChangePublisher.Failure == Never
    var objectWillChange: Self.ObjectWillChangePublisher { get }
}

extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
    /// combine/observableobject/objectwillchange-5gopl — the synthesized publisher: one
    /// per object, for the object's lifetime.
    public var objectWillChange: ObservableObjectPublisher { DefaultPublishers.publisher(for: self) }
}

/// The synthesized publishers, by object. An entry whose object is gone is replaced, so a
/// new object at a reused address never inherits an old one's subscribers.
private enum DefaultPublishers {
    final class Entry {
        weak var object: AnyObject?
        let publisher = ObservableObjectPublisher()
        init(_ object: AnyObject) { self.object = object }
    }
    // The model runs on the main thread only (its graph is `@MainActor`).
    nonisolated(unsafe) static var entries: [ObjectIdentifier: Entry] = [:]

    static func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        let key = ObjectIdentifier(object)
        if let entry = entries[key], entry.object === object { return entry.publisher }
        if entries.count > 256 { entries = entries.filter { $0.value.object != nil } }
        let entry = Entry(object)
        entries[key] = entry
        return entry.publisher
    }

    static func existingPublisher(for object: AnyObject) -> ObservableObjectPublisher? {
        guard let entry = entries[ObjectIdentifier(object)], entry.object === object else { return nil }
        return entry.publisher
    }
}

/// combine/published — `@propertyWrapper struct Published<Value>`: setting the property
/// fires the enclosing object's `objectWillChange` first.
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
        set {
            if let observable = object as? any ObservableObject { send(observable) }
            object[keyPath: storageKeyPath].value = newValue
        }
    }

    private static func send(_ object: some ObservableObject) {
        if let publisher = object.objectWillChange as? ObservableObjectPublisher {
            publisher.send()
        } else if let publisher = DefaultPublishers.existingPublisher(for: object) {
            publisher.send()
        }
    }
}
