// The app types that README.md and the DocC articles name without declaring them, as
// small as the snippets need: .ci/doc_snippets.py compiles this as the module
// `SnippetSupport`, imported by every snippet. A snippet that declares one of these
// types itself uses its own (it shadows this module's).
import Scoped

public protocol APIClient: Sendable {}
public final class LiveAPIClient: APIClient { public init() {} }
public final class OfflineAPIClient: APIClient { public init() {} }
public final class SampleAPIClient: APIClient { public init() {} }
public final class LoggingAPIClient: APIClient { public init() {} }
public final class MockAPIClient: APIClient { public init(entries: Int = 0) {} }
public final class MockAPI: APIClient { public init() {} }

public final class EntryStore: Sendable {
    public init(api: APIClient) {}
    public init(counter: CounterViewModel) {}
}
public final class ProfileStore: Sendable { public init(api: APIClient) {} }
public final class DraftStore: Sendable { public init() {} }
public final class EntryFormatter: Sendable { public init() {} }
public final class UnitOfWork: Sendable { public init() {} }
public final class Cart: Sendable { public init() {} }
public final class PaymentForm: Sendable {
    public let cart: Cart
    public init(cart: Cart) { self.cart = cart }
}
public final class Validator: Sendable { public init() {} }
public final class EntryEditor: Sendable { public init(validator: Validator, writer: Writer) {} }

public final class Session: Sendable {
    public let user: String?
    public init() { user = nil }
    private init(user: String) { self.user = user }
    public static func signedIn(as user: String) -> Session { Session(user: user) }
}

@MainActor public final class CounterViewModel {
    public private(set) var count: Int
    public init(initialValue: Int) { count = initialValue }
    public func increment() { count += 1 }
}

public final class DetailViewModel: Sendable {
    public let id: Int
    public var title: String { "Entry \(id)" }
    public init(id: Int) { self.id = id }
    public init(id: Int, store: EntryStore) { self.id = id }
}

@MainActor public final class ListViewModel {
    public init() {}
    public init(store: EntryStore) {}
}
@MainActor public final class FiltersViewModel { public init() {} }
public final class SheetModel: Sendable { public init() {} }

public struct Entry: Sendable { public init() {} }

// Stand-ins for Combine's `ObservableObject` and `@Published`, which Linux lacks, so
// that view-model declarations written for SwiftUI type-check here as far as Scoped is
// concerned.
public protocol ObservableObject: AnyObject {}
@propertyWrapper public struct Published<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

public final class EntryListViewModel: Sendable {
    public let rows: [Entry] = [Entry(), Entry(), Entry()]
    public init(api: APIClient) {}
    public func load() async throws {}
}
public protocol Clock: Sendable {}
public final class SystemClock: Clock { public init() {} }
public final class TestClock: Clock { public init() {} }
public protocol Payments: Sendable {}
public final class CardPayments: Payments { public init() {} }
public final class DecliningPayments: Payments { public init() {} }
public final class SyncService: Sendable {
    public init() {}
    public func refresh() {}
}

/// A custom container, as the articles declare one.
public final class AppContainer: SharedContainer {
    public static let shared = AppContainer()
    public let manager: ContainerManager
    public init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
    public var session: Factory<Session> { self { Session() }.cached }
}

/// Stands for an app's logger.
public struct Logger: Sendable {
    public func warning(_ message: String) {}
}
public let logger = Logger()

public final class Writer: Sendable { public init() {} }
/// Stands for a store that opens asynchronously (the README's async factory).
public final class Database: Sendable {
    public let path: String
    private init(path: String) { self.path = path }
    public static func open(path: String) async throws -> Database { Database(path: path) }
}
public final class Address: Sendable { public init() {} }

/// The factories the articles resolve without declaring them (an article that declares
/// one uses its own: members of the current module shadow this module's).

// A server's request handling (AsyncFactories.md).
public struct Request: Sendable { public init() {} }
public final class RequestContext: Sendable {
    public init() {}
    public static func load() async throws -> RequestContext { RequestContext() }
}
public func respond(to request: Request, in context: RequestContext) async {}
public func fail(_ request: Request, with error: any Error) async {}

extension Container {
    public var api: Factory<APIClient> { self { LiveAPIClient() }.singleton }
    public var store: Factory<EntryStore> { self { EntryStore(api: self.api()) }.cached }
    @MainActor public func counter(initialValue: Int) -> MainActorFactory<CounterViewModel> {
        self { @MainActor in CounterViewModel(initialValue: initialValue) }.shared
    }
    public var detail: ParameterFactory<Int, DetailViewModel> {
        self { DetailViewModel(id: $0, store: self.store()) }.scoped
    }
    public var cart: Factory<Cart> { self { Cart() }.scoped }
    public var address: Factory<Address> { self { Address() }.scoped }
    public var validator: Factory<Validator> { self { Validator() } }
    public var writer: Factory<Writer> { self { Writer() } }
    public var entryList: Factory<EntryListViewModel> { self { EntryListViewModel(api: self.api()) } }
    public var clock: Factory<Clock> { self { SystemClock() }.singleton }
    public var payments: Factory<Payments> { self { CardPayments() }.singleton }
    public var sheetModel: Factory<SheetModel> { self { SheetModel() }.scoped }
    public var syncService: Factory<SyncService> { self { SyncService() }.cached }
}
