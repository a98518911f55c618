import Scoped

/// What the app talks to.
public protocol APIClient: Sendable {
    func fetchEntries() -> [String]
}

public final class LiveAPIClient: APIClient {
    public init() {}
    public func fetchEntries() -> [String] { ["live"] }
}

public final class EntryStore: Sendable {
    public let api: any APIClient
    public init(api: any APIClient) { self.api = api }
    public var entries: [String] { api.fetchEntries() }
}

public struct DateFormatterLike: Sendable {
    public init() {}
}

@MainActor
public final class CounterViewModel {
    public var count: Int
    public init(initialValue: Int) { count = initialValue }
}

@MainActor
public final class DetailViewModel {
    public let id: Int
    public let store: EntryStore
    public init(id: Int, store: EntryStore) {
        self.id = id
        self.store = store
    }
}

@MainActor
public final class ListViewModel {
    @Injected(\.store) public var store: EntryStore
    @LazyInjected(\.formatter) public var formatter: DateFormatterLike
    @WeakLazyInjected(\.session) public var session: Session?
    public init() {}
}

public final class Session: Sendable {
    public let user: String
    public init(user: String) { self.user = user }
}

extension Scope {
    /// Everything that belongs to the signed-in user.
    public static let session = Scope.Cached(name: "session")
}

extension Container {
    public var api: Factory<any APIClient> {
        self { LiveAPIClient() }.onArg("-offline") { LiveAPIClient() }.singleton
    }
    public var store: Factory<EntryStore> { self { EntryStore(api: self.api()) }.cached }
    public var formatter: Factory<DateFormatterLike> { self { DateFormatterLike() } }
    public var session: Factory<Session> { self { Session(user: "ada") }.scope(.session) }
    public func counter(initialValue: Int) -> MainActorFactory<CounterViewModel> {
        self { @MainActor in CounterViewModel(initialValue: initialValue) }.shared
    }
    public var detail: MainActorParameterFactory<Int, DetailViewModel> {
        self { @MainActor id in DetailViewModel(id: id, store: self.store()) }.scoped.perParameter
    }
    @MainActor public var list: MainActorFactory<ListViewModel> { self { @MainActor in ListViewModel() }.scoped }
    public var unitOfWork: Factory<UnitOfWork> { self { UnitOfWork() }.graph }
}

public final class UnitOfWork {
    public init() {}
}

/// A container of the feature's own.
public final class FeatureContainer: SharedContainer {
    public static let shared = FeatureContainer()
    public let manager: ContainerManager
    public init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
}

extension FeatureContainer {
    public var featureFlag: Factory<Bool> { self { false }.cached }
}
