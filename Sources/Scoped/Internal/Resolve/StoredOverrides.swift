// Concurrency rule: a `StoredOverrides` is immutable; a change makes a new one, swapped into
// its container's override table under the node's lock (`ContainerNode.updateOverride`).
// `selected()` reads the resolving world's contexts (a task-local) and takes no lock.

/// A registration's run-time context modifiers and options (`Container.shared.api.onTest {
/// MockAPI() }`) beside its registered body. A resolve uses the registered body; else the
/// highest-ranked context's that holds; else the declared body under the run-time options.
@usableFromInline package final class StoredOverrides: OverrideBody {
    /// A context modifier given at run time; `arguments`: `onArg`/`onArgs`'s (any selects it).
    typealias ContextBody = (rank: ContextRank, arguments: [String], body: any OverrideBody)
    let registered: (any OverrideBody)?
    let contexts: [ContextBody]
    /// The declared body under run-time statements, kept by `register` (as in Factory).
    let declared: (any OverrideBody)?
    private init(registered: (any OverrideBody)?, contexts: [ContextBody], declared: (any OverrideBody)?) {
        self.registered = registered
        self.contexts = contexts
        self.declared = declared
    }
    @usableFromInline package func selected() -> (any OverrideBody)? {
        if let registered { return registered }
        let current = FactoryContext.current
        // Reversed: of equal ranks the last given wins (`max` keeps the first it meets).
        let holding = contexts.reversed().lazy.filter { $0.rank.holds(in: current, arguments: $0.arguments) }
        return holding.max { $0.rank.rawValue < $1.rank.rawValue }?.body ?? declared
    }
    @usableFromInline package func adjusted(scope: Scope?, timeToLive: Double?) -> any OverrideBody {
        mapped { $0.adjusted(scope: scope, timeToLive: timeToLive) }
    }
    func mapped(_ transform: (any OverrideBody) -> any OverrideBody) -> StoredOverrides {
        StoredOverrides(
            registered: registered.map(transform),
            contexts: contexts.map { ($0.rank, $0.arguments, transform($0.body)) },
            declared: declared.map(transform))
    }
    // Never asked: a resolve asks the override `selected()` returns.
    @usableFromInline package var scope: Scope { (registered ?? contexts.last?.body ?? declared)?.scope ?? Scope.unique }
    @usableFromInline package var timeToLive: Double? { nil }
    @usableFromInline package func decorate(_ held: Lookup) {}
    @usableFromInline package var carriesValueDecorators: Bool { false }
    @usableFromInline package func keepingDecorators(of other: any OverrideBody) -> any OverrideBody { self }
    /// What a statement `.scope(_:)` or `.timeToLive(_:)` adjusts.
    static func withDeclared(_ existing: (any OverrideBody)?, _ declared: () -> any OverrideBody) -> StoredOverrides {
        let (registered, contexts, stored) = parts(of: existing)
        return StoredOverrides(registered: registered, contexts: contexts, declared: stored ?? declared())
    }
    private static func parts(
        of existing: (any OverrideBody)?
    ) -> (registered: (any OverrideBody)?, contexts: [ContextBody], declared: (any OverrideBody)?) {
        guard let stored = existing as? StoredOverrides else { return (existing, [], nil) }
        return (stored.registered, stored.contexts, stored.declared)
    }
    /// After `reset(.registration)` or `reset(.context)`; the run-time options stay.
    static func removing(
        from existing: any OverrideBody, keepRegistered: Bool, keepContexts: Bool
    ) -> (any OverrideBody)? {
        let (registered, contexts, declared) = parts(of: existing)
        let kept = (registered: keepRegistered ? registered : nil, contexts: keepContexts ? contexts : [])
        if kept.contexts.isEmpty && declared == nil { return kept.registered }
        return StoredOverrides(registered: kept.registered, contexts: kept.contexts, declared: declared)
    }
    /// For `isEmpty(.registration)` and `isEmpty(.context)`.
    static func hasRegistered(_ existing: any OverrideBody) -> Bool { parts(of: existing).registered != nil }
    static func hasContexts(_ existing: any OverrideBody) -> Bool { !parts(of: existing).contexts.isEmpty }
    static func registering(_ body: any OverrideBody, over existing: (any OverrideBody)?) -> any OverrideBody {
        let body = keepingRunTimeOptions(of: existing, in: body)
        guard let stored = existing as? StoredOverrides else { return body }
        return StoredOverrides(registered: body, contexts: stored.contexts, declared: stored.declared)
    }
    /// As in Factory, a statement `.scope`, `.timeToLive` or `.decorator` outlives `register`.
    private static func keepingRunTimeOptions(of existing: (any OverrideBody)?, in body: any OverrideBody) -> any OverrideBody {
        guard let existing else { return body }
        let previous = (existing as? StoredOverrides).flatMap { $0.declared ?? $0.registered ?? $0.contexts.last?.body } ?? existing
        let scope = body.scope.kind == .unique && previous.scope.kind != .unique ? previous.scope : nil
        let timeToLive = body.timeToLive == nil ? previous.timeToLive : nil
        let adjusted = scope != nil || timeToLive != nil ? body.adjusted(scope: scope, timeToLive: timeToLive) : body
        return adjusted.keepingDecorators(of: previous)
    }
    static func adding(
        _ body: any OverrideBody, rank: ContextRank, arguments: [String], over existing: (any OverrideBody)?
    ) -> any OverrideBody {
        var (registered, contexts, declared) = parts(of: existing)
        contexts.removeAll { $0.rank == rank && $0.arguments == arguments }
        contexts.append((rank, arguments, keepingRunTimeOptions(of: existing, in: body)))
        return StoredOverrides(registered: registered, contexts: contexts, declared: declared)
    }
}

extension ContextRank {
    func holds(in values: FactoryContext.Values, arguments: [String]) -> Bool {
        switch self {
        case .debug: values.isDebug
        case .device: values.isDevice
        case .simulator: values.isSimulator
        case .test: values.isTest
        case .preview: values.isPreview
        case .argument: arguments.contains { values.arguments.contains($0) }
        }
    }
}

/// The decorators an override box runs: `carried`, of the factory value it was made from
/// (replaced by a later `register`'s), then `all`, of statements `.decorator { }` (kept).
struct RunTimeDecorators<T>: Sendable {
    let all: [@Sendable (T) -> Void]
    let carried: [@Sendable (T) -> Void]
    let key: RegistrationKey?
    init(all: [@Sendable (T) -> Void] = [], carried: [@Sendable (T) -> Void] = [], key: RegistrationKey? = nil) {
        self.all = all
        self.carried = carried
        self.key = carried.isEmpty ? nil : key
    }
    var isEmpty: Bool { all.isEmpty && carried.isEmpty }
    func applied(to instance: T) -> T {
        for decorate in carried { decorate(instance) }
        for decorate in all { decorate(instance) }
        return instance
    }
    func run(onHeld held: Lookup) {
        guard !isEmpty, let instance = held.heldInstance(as: T.self) else { return }
        _ = applied(to: instance)
    }
    /// Tells a resolve through a decorated value, on this thread, that its decorators ran.
    func markCarriedRun() {
        if let key { ResolutionContext.current.noteCarriedDecoratorsRan(for: key) }
    }
    func appending(_ decorate: @escaping @Sendable (T) -> Void) -> Self {
        RunTimeDecorators(all: all + [decorate], carried: carried, key: key)
    }
    func keepingStatements(of other: Self) -> Self? {
        guard all.isEmpty, !other.all.isEmpty else { return nil }
        return RunTimeDecorators(all: other.all, carried: carried, key: key)
    }
}
