// Concurrency rule: a `StoredOverrides` is immutable; a change makes a new one, swapped into
// its container's override table under the node's lock (`ContainerNode.updateOverride`).
// `selected()` reads the resolving world's contexts (a task-local) and takes no lock.

/// What a container stores for a registration that was given context modifiers, a scope,
/// a time to live or decorators at run time (`Container.shared.api.onTest { MockAPI() }`
/// as a statement, as in Factory): each context's body, the body `register` gave, if any,
/// and the declared body under those run-time options.
///
/// A resolve uses the registered body; else the body of the highest-ranked context that
/// holds in the resolving world (``FactoryContext/current``, so that
/// `withContainer(context:)` picks another); else the declared body under the run-time
/// options, if some were given; else the factory's own body, context modifiers of its
/// declaration included. Among bodies of one context, the last one given applies (for
/// `onArg`, per argument).
@usableFromInline package final class StoredOverrides: OverrideBody {
    /// A context modifier given at run time.
    struct ContextBody {
        let rank: ContextRank
        /// The launch arguments of `onArg`/`onArgs` (any one of them selects it); empty
        /// for the other contexts.
        let arguments: [String]
        let body: any OverrideBody
    }

    let registered: (any OverrideBody)?
    let contexts: [ContextBody]
    /// The declared body under the scope, time to live and decorators given at run time
    /// (`.scope(_:)`, `.timeToLive(_:)`, `.decorator { }` as statements): what a resolve uses
    /// when neither a registered body nor a context applies. Factory keeps these options
    /// apart from the registration, so a `register` or `reset(.registration)` keeps them.
    let declared: (any OverrideBody)?

    private init(registered: (any OverrideBody)?, contexts: [ContextBody], declared: (any OverrideBody)?) {
        self.registered = registered
        self.contexts = contexts
        self.declared = declared
    }

    /// Never asked: a resolve asks the override ``selected()`` returns.
    @usableFromInline package var scope: Scope { (registered ?? contexts.last?.body ?? declared)?.scope ?? Scope.unique }

    /// The override a resolve uses now: the registered one, else the applicable context's,
    /// else the declared body under the run-time options.
    @usableFromInline package func selected() -> (any OverrideBody)? {
        if let registered { return registered }
        let current = FactoryContext.current
        var best: ContextBody?
        for context in contexts where context.rank.holds(in: current, arguments: context.arguments) {
            if best == nil || context.rank.rawValue >= best!.rank.rawValue { best = context }
        }
        return best?.body ?? declared
    }

    /// Never asked: a resolve asks the override ``selected()`` returns.
    @usableFromInline package var timeToLive: Double? { nil }

    /// The same bodies under `scope`, with `timeToLive` (nil: unchanged).
    @usableFromInline package func adjusted(scope: Scope?, timeToLive: Double?) -> any OverrideBody {
        StoredOverrides(
            registered: registered?.adjusted(scope: scope, timeToLive: timeToLive),
            contexts: contexts.map {
                ContextBody(rank: $0.rank, arguments: $0.arguments, body: $0.body.adjusted(scope: scope, timeToLive: timeToLive))
            },
            declared: declared?.adjusted(scope: scope, timeToLive: timeToLive))
    }

    /// What the table holds after a statement `.scope(_:)` or `.timeToLive(_:)` where
    /// `existing` was: every body under the new options, `declared` (the factory's declared
    /// body) among them if no declared body is stored yet.
    static func adjusting(
        _ existing: (any OverrideBody)?, scope: Scope?, timeToLive: Double?, declared: () -> any OverrideBody
    ) -> any OverrideBody {
        withDeclared(existing, declared).adjusted(scope: scope, timeToLive: timeToLive)
    }

    /// `existing` as stored overrides that keep `declared` (made if none is stored yet):
    /// what a run-time option changes.
    static func withDeclared(_ existing: (any OverrideBody)?, _ declared: () -> any OverrideBody) -> StoredOverrides {
        let stored = existing as? StoredOverrides
        return StoredOverrides(
            registered: stored == nil ? existing : stored!.registered, contexts: stored?.contexts ?? [],
            declared: stored?.declared ?? declared())
    }

    /// What is left of `existing` without its registered body (`keepRegistered: false`)
    /// or its run-time contexts (`keepContexts: false`): Factory's `reset(.registration)`
    /// and `reset(.context)`. The run-time options stay. Nil: nothing is left.
    static func removing(
        from existing: any OverrideBody, keepRegistered: Bool, keepContexts: Bool
    ) -> (any OverrideBody)? {
        guard let stored = existing as? StoredOverrides else { return keepRegistered ? existing : nil }
        let registered = keepRegistered ? stored.registered : nil
        let contexts = keepContexts ? stored.contexts : []
        if contexts.isEmpty && stored.declared == nil { return registered }
        return StoredOverrides(registered: registered, contexts: contexts, declared: stored.declared)
    }

    /// Whether `existing` has a body `register` gave (Factory's `isEmpty(.registration)`).
    static func hasRegistered(_ existing: any OverrideBody) -> Bool {
        guard let stored = existing as? StoredOverrides else { return true }
        return stored.registered != nil
    }

    /// Whether `existing` has context modifiers given at run time (`isEmpty(.context)`).
    static func hasContexts(_ existing: any OverrideBody) -> Bool {
        (existing as? StoredOverrides)?.contexts.isEmpty == false
    }

    /// Never asked: a resolve asks the override ``selected()`` returns.
    @usableFromInline package func decorate(_ held: Lookup) {}

    /// Never asked: a resolve asks the override ``selected()`` returns.
    @usableFromInline package var carriesValueDecorators: Bool { false }

    /// Never asked: stored overrides are not registered over others.
    @usableFromInline package func keepingDecorators(of other: any OverrideBody) -> any OverrideBody { self }

    /// `existing` with each of its bodies (the registered one and every context's) made
    /// by `decorate` from the typed box it is; stops if a body is of another type.
    static func decorating<Box: OverrideBody>(
        _ existing: any OverrideBody, key: RegistrationKey, _ decorate: (Box) -> Box
    ) -> any OverrideBody {
        func typed(_ body: any OverrideBody) -> any OverrideBody {
            guard let box = body as? Box else { ScopedFailure.stop("the override of \(key) does not produce \(key.typeName)", declaredBy: [key]) }
            return decorate(box)
        }
        guard let stored = existing as? StoredOverrides else { return typed(existing) }
        return StoredOverrides(
            registered: stored.registered.map(typed),
            contexts: stored.contexts.map { ContextBody(rank: $0.rank, arguments: $0.arguments, body: typed($0.body)) },
            declared: stored.declared.map(typed))
    }

    /// What the table holds after `register` stores `body` where `existing` was: `body`
    /// itself, unless contexts were stored, which it keeps (the registered body outranks them).
    static func registering(_ body: any OverrideBody, over existing: (any OverrideBody)?) -> any OverrideBody {
        let body = keepingRunTimeOptions(of: existing, in: body)
        guard let stored = existing as? StoredOverrides else { return body }
        return StoredOverrides(registered: body, contexts: stored.contexts, declared: stored.declared)
    }

    /// `body` with the run-time scope, time to live and decorators of `existing` where it
    /// has none of its own (a `.unique` scope, no time to live, no decorator): as in Factory,
    /// which keeps them apart from the registration, a statement `.scope(_:)`,
    /// `.timeToLive(_:)` or `.decorator { }` outlives a later `register` or context
    /// modifier, until a reset.
    private static func keepingRunTimeOptions(of existing: (any OverrideBody)?, in body: any OverrideBody) -> any OverrideBody {
        guard let existing else { return body }
        let previous = (existing as? StoredOverrides).flatMap { $0.declared ?? $0.registered ?? $0.contexts.last?.body } ?? existing
        let scope = body.scope.kind == .unique && previous.scope.kind != .unique ? previous.scope : nil
        let timeToLive = body.timeToLive == nil ? previous.timeToLive : nil
        let adjusted = scope != nil || timeToLive != nil ? body.adjusted(scope: scope, timeToLive: timeToLive) : body
        return adjusted.keepingDecorators(of: previous)
    }

    /// What the table holds after a run-time context modifier of `rank` stores `body` where
    /// `existing` was: the contexts so far, with this one replacing the one of its rank
    /// (and, for `onArg`, of its arguments).
    static func adding(
        _ body: any OverrideBody, rank: ContextRank, arguments: [String], over existing: (any OverrideBody)?
    ) -> any OverrideBody {
        let stored = existing as? StoredOverrides
        let registered = stored == nil ? existing : stored!.registered
        var contexts = stored?.contexts ?? []
        contexts.removeAll { $0.rank == rank && $0.arguments == arguments }
        contexts.append(ContextBody(rank: rank, arguments: arguments, body: keepingRunTimeOptions(of: existing, in: body)))
        return StoredOverrides(registered: registered, contexts: contexts, declared: stored?.declared)
    }
}

extension ContextRank {
    /// Whether a body of this context applies under `values` (`arguments`: `onArg`/`onArgs`'s).
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

/// The decorators an override runs, in the order written: those of the factory value
/// `register` (or a context modifier) was called on, its declaration's and any chained
/// before it at run time (`x.decorator { }.register { }`), then those given later by
/// statements `.decorator { }`. What the synchronous and the async override boxes share.
///
/// A resolve through a decorated factory value skips its own decorators when the override
/// in effect carries a value's (they are among those): ``ResolutionContext/resolvingDecorated(_:_:)``
/// for a thread, the override an async resolve returns for a task.
struct RunTimeDecorators<T>: Sendable {
    /// Given by statements `.decorator { }`; a later `register` keeps them.
    let all: [@Sendable (T) -> Void]
    /// The decorators of the factory value the override was made from; a later `register`
    /// replaces them with its own value's.
    let carried: [@Sendable (T) -> Void]
    /// The registration `carried` belongs to (nil when there are none).
    let key: RegistrationKey?

    init(all: [@Sendable (T) -> Void] = [], carried: [@Sendable (T) -> Void] = [], key: RegistrationKey? = nil) {
        self.all = all
        self.carried = carried
        self.key = carried.isEmpty ? nil : key
    }

    var isEmpty: Bool { all.isEmpty && carried.isEmpty }

    /// Runs them on `instance`, which a build just made, and returns it.
    func applied(to instance: T) -> T {
        for decorate in carried { decorate(instance) }
        for decorate in all { decorate(instance) }
        return instance
    }

    /// Runs them on an instance a resolve found held.
    func run(onHeld held: Lookup) {
        guard !isEmpty, let instance = held.heldInstance(as: T.self) else { return }
        _ = applied(to: instance)
    }

    /// Tells a synchronous resolve through a decorated value, on this thread, that its
    /// decorators ran (``ResolutionContext/resolvingDecorated(_:_:)``).
    func markCarriedRun() {
        if let key { ResolutionContext.current.noteCarriedDecoratorsRan(for: key) }
    }

    func appending(_ decorate: @escaping @Sendable (T) -> Void) -> Self {
        RunTimeDecorators(all: all + [decorate], carried: carried, key: key)
    }

    /// These carried decorators with `other`'s statements, if these have none (a new
    /// `register` keeps the statement `.decorator { }`s, as Factory does).
    func keepingStatements(of other: Self) -> Self? {
        guard all.isEmpty, !other.all.isEmpty else { return nil }
        return RunTimeDecorators(all: other.all, carried: carried, key: key)
    }
}
