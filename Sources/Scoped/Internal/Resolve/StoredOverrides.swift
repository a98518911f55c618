// Concurrency rule: a `StoredOverrides` is immutable; a change makes a new one, swapped into
// its container's override table under the node's lock (`ContainerNode.updateOverride`).
// `selected()` reads the resolving world's contexts (a task-local) and takes no lock.

/// What a container stores for a registration given context modifiers, a scope, a time to
/// live or decorators at run time (`Container.shared.api.onTest { MockAPI() }` as a
/// statement, as in Factory), beside the body `register` gave, if any.
///
/// A resolve uses the registered body; else the body of the highest-ranked context that
/// holds in the resolving world (``FactoryContext/current``); else the declared body under
/// the run-time options; else the factory's own body. Among bodies of one context, the
/// last one given applies (for `onArg`, per argument).
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
    /// The declared body under the statements `.scope(_:)`, `.timeToLive(_:)` and
    /// `.decorator { }`. Factory keeps these options apart from the registration, so a
    /// `register` or `reset(.registration)` keeps them.
    let declared: (any OverrideBody)?

    private init(registered: (any OverrideBody)?, contexts: [ContextBody], declared: (any OverrideBody)?) {
        self.registered = registered
        self.contexts = contexts
        self.declared = declared
    }

    /// The override a resolve uses now, as the type's summary says.
    @usableFromInline package func selected() -> (any OverrideBody)? {
        if let registered { return registered }
        let current = FactoryContext.current
        var best: ContextBody?
        for context in contexts where context.rank.holds(in: current, arguments: context.arguments) {
            if best == nil || context.rank.rawValue >= best!.rank.rawValue { best = context }
        }
        return best?.body ?? declared
    }

    /// The same bodies under `scope`, with `timeToLive` (nil: unchanged).
    @usableFromInline package func adjusted(scope: Scope?, timeToLive: Double?) -> any OverrideBody {
        mapped { $0.adjusted(scope: scope, timeToLive: timeToLive) }
    }

    /// Every body (registered, each context's, declared) made anew by `transform`.
    private func mapped(_ transform: (any OverrideBody) -> any OverrideBody) -> StoredOverrides {
        StoredOverrides(
            registered: registered.map(transform),
            contexts: contexts.map { ContextBody(rank: $0.rank, arguments: $0.arguments, body: transform($0.body)) },
            declared: declared.map(transform))
    }

    // Never asked: a resolve asks the override `selected()` returns, and stored overrides
    // are never registered over others.
    @usableFromInline package var scope: Scope { (registered ?? contexts.last?.body ?? declared)?.scope ?? Scope.unique }
    @usableFromInline package var timeToLive: Double? { nil }
    @usableFromInline package func decorate(_ held: Lookup) {}
    @usableFromInline package var carriesValueDecorators: Bool { false }
    @usableFromInline package func keepingDecorators(of other: any OverrideBody) -> any OverrideBody { self }

    /// `existing` as stored overrides that keep `declared` (made if none is stored yet):
    /// what a run-time option changes (a statement `.scope(_:)` or `.timeToLive(_:)`
    /// adjusts every body, `declared` among them).
    static func withDeclared(_ existing: (any OverrideBody)?, _ declared: () -> any OverrideBody) -> StoredOverrides {
        let (registered, contexts, stored) = parts(of: existing)
        return StoredOverrides(registered: registered, contexts: contexts, declared: stored ?? declared())
    }

    /// The parts of `existing`: its own if it is stored overrides, else `existing` as the
    /// registered body.
    private static func parts(
        of existing: (any OverrideBody)?
    ) -> (registered: (any OverrideBody)?, contexts: [ContextBody], declared: (any OverrideBody)?) {
        guard let stored = existing as? StoredOverrides else { return (existing, [], nil) }
        return (stored.registered, stored.contexts, stored.declared)
    }

    /// What is left of `existing` without its registered body (`keepRegistered: false`)
    /// or its run-time contexts (`keepContexts: false`): Factory's `reset(.registration)`
    /// and `reset(.context)`. The run-time options stay. Nil: nothing is left.
    static func removing(
        from existing: any OverrideBody, keepRegistered: Bool, keepContexts: Bool
    ) -> (any OverrideBody)? {
        let (registered, contexts, declared) = parts(of: existing)
        let kept = (registered: keepRegistered ? registered : nil, contexts: keepContexts ? contexts : [])
        if kept.contexts.isEmpty && declared == nil { return kept.registered }
        return StoredOverrides(registered: kept.registered, contexts: kept.contexts, declared: declared)
    }

    /// Whether `existing` has a body `register` gave (`isEmpty(.registration)`).
    static func hasRegistered(_ existing: any OverrideBody) -> Bool { parts(of: existing).registered != nil }

    /// Whether `existing` has context modifiers given at run time (`isEmpty(.context)`).
    static func hasContexts(_ existing: any OverrideBody) -> Bool { !parts(of: existing).contexts.isEmpty }

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
        return stored.mapped(typed)
    }

    /// What the table holds after `register` stores `body` where `existing` was: `body`
    /// itself, unless contexts were stored, which it keeps (the registered body outranks them).
    static func registering(_ body: any OverrideBody, over existing: (any OverrideBody)?) -> any OverrideBody {
        let body = keepingRunTimeOptions(of: existing, in: body)
        guard let stored = existing as? StoredOverrides else { return body }
        return StoredOverrides(registered: body, contexts: stored.contexts, declared: stored.declared)
    }

    /// `body` with the run-time scope, time to live and decorators of `existing` where it
    /// has none of its own (a `.unique` scope, no time to live, no decorator): as in
    /// Factory, a statement `.scope(_:)`, `.timeToLive(_:)` or `.decorator { }` outlives a
    /// later `register` or context modifier, until a reset.
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
        var (registered, contexts, declared) = parts(of: existing)
        contexts.removeAll { $0.rank == rank && $0.arguments == arguments }
        contexts.append(ContextBody(rank: rank, arguments: arguments, body: keepingRunTimeOptions(of: existing, in: body)))
        return StoredOverrides(registered: registered, contexts: contexts, declared: declared)
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

/// The decorators an override box runs, in the order written: those of the factory value
/// it was made from (`x.decorator { }.register { }`), then those of later statements
/// `.decorator { }`. A resolve through a decorated value skips its own when the override
/// in effect carries a value's (they are among those).
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

    /// Runs them on `instance` and returns it.
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
