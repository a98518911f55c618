// Concurrency rule: a `Registration` is an immutable value; all shared state it
// touches lives in `ContainerNode`/`InstanceStorage` locks, and no lock is held
// while the body runs (see InstanceStorage.swift). Bodies may resolve other
// factories on the same thread (nested graphs) or on other threads. `resolve` is
// inlinable so that callers specialise it for `T`: it reads held instances through
// the non-generic `ContainerNode.fastRead` (lock-free, see HeldIndex.swift); a build
// runs its body between the non-generic `ContainerNode.beginBuild` and
// `ResolutionContext.finishBuild` (Resolve.swift), which decide everything else.

/// An override body stored in a container (`register { }`), type-erased: one reference,
/// so the full path passes it around with a retain, not an existential copy.
@usableFromInline
package protocol OverrideBody: AnyObject, Sendable {
    /// The scope of the factory value `register` was called on (or a statement
    /// `.scope(_:)` gave): resolves of the override use it when the factory is declared
    /// `.unique`; a declared scope wins, as in Factory (`Route.init`).
    var scope: Scope { get }

    /// The override a resolve uses now: itself, or for run-time context modifiers
    /// (``StoredOverrides``) the one of a context that holds, nil for none.
    func selected() -> (any OverrideBody)?

    /// The time to live a statement `.timeToLive(_:)` gave the override (nil: none); a
    /// time to live of the declaration wins.
    var timeToLive: Double? { get }

    /// The same body (bodies) under `scope` (`register { … }.scope(.cached)` as a
    /// statement) or with `timeToLive` (`.timeToLive(60)` as a statement); nil keeps it.
    func adjusted(scope: Scope?, timeToLive: Double?) -> any OverrideBody

    /// Runs the decorators a statement `.decorator { }` gave the override on `held`, an
    /// instance a resolve found held (a build runs them in its body).
    func decorate(_ held: Lookup)

    /// This body with the statement `.decorator { }`s of `other` if it has none of its own
    /// (a new `register` keeps them, as Factory does).
    func keepingDecorators(of other: any OverrideBody) -> any OverrideBody

    /// Whether it runs the decorators of the factory value it was made from
    /// (``RunTimeDecorators/carried``): a resolve through a decorated value then skips its own.
    var carriesValueDecorators: Bool { get }
}

extension OverrideBody {
    @usableFromInline package func selected() -> (any OverrideBody)? { self }
}

@usableFromInline
package final class OverrideBox<P, T>: OverrideBody {
    /// The body, followed by `decorators` if there are some.
    @usableFromInline let body: @Sendable (P) -> T
    @usableFromInline package let scope: Scope
    @usableFromInline package let timeToLive: Double?
    /// Those of the factory value it was made from, and those given by statements `.decorator { }`.
    let decorators: RunTimeDecorators<T>
    /// The body without the decorators.
    private let undecorated: @Sendable (P) -> T

    init(
        body: @escaping @Sendable (P) -> T, scope: Scope, timeToLive: Double? = nil,
        decorators: RunTimeDecorators<T> = RunTimeDecorators()
    ) {
        undecorated = body
        if decorators.isEmpty {
            self.body = body
        } else {
            self.body = {
                let instance = decorators.applied(to: body($0))
                decorators.markCarriedRun()   // last: after every nested resolve
                return instance
            }
        }
        self.scope = scope
        self.timeToLive = timeToLive
        self.decorators = decorators
    }

    @usableFromInline package func adjusted(scope: Scope?, timeToLive: Double?) -> any OverrideBody {
        OverrideBox(body: undecorated, scope: scope ?? self.scope, timeToLive: timeToLive ?? self.timeToLive, decorators: decorators)
    }

    /// This override with `decorate` run after the decorators it has.
    func decorated(with decorate: @escaping @Sendable (T) -> Void) -> OverrideBox {
        OverrideBox(body: undecorated, scope: scope, timeToLive: timeToLive, decorators: decorators.appending(decorate))
    }

    @usableFromInline package func decorate(_ held: Lookup) {
        decorators.run(onHeld: held)
        decorators.markCarriedRun()
    }

    @usableFromInline package var carriesValueDecorators: Bool { decorators.key != nil }

    @usableFromInline package func keepingDecorators(of other: any OverrideBody) -> any OverrideBody {
        guard let other = other as? OverrideBox, let kept = decorators.keepingStatements(of: other.decorators) else { return self }
        return OverrideBox(body: undecorated, scope: scope, timeToLive: timeToLive, decorators: kept)
    }
}

/// What every factory value knows besides its body — the container to resolve in, the
/// key, the scope — and what it does with it without running the body: set the scope,
/// register or remove an override. ``Registration`` (``Factory``,
/// ``ParameterFactory``) and ``AsyncRegistration`` (``AsyncFactory``,
/// ``AsyncParameterFactory``) each store these fields themselves (a protocol, not a
/// shared struct inside them: nesting one changed the resolve sites' code, 5 bytes each).
@usableFromInline
package protocol RegistrationFields {
    var nodeRef: NodeReference { get }
    var key: RegistrationKey { get }
    var scopeKind: Scope.Lifetime { get set }
    var customScope: Scope? { get set }
    var contextRank: UInt8 { get set }
}

extension RegistrationFields {
    /// The references a factory value keeps to `manager`'s container: its node, not
    /// retained, and what keeps the node alive, retained: the manager or the calling
    /// thread's keeper of it (``ContainerManager/nodeOwner()``), nothing if it is process-wide.
    @inlinable @inline(__always)
    package static func reference(to manager: ContainerManager) -> (NodeReference, ContainerManager?) {
        (.node(of: manager), manager.nodeOwner())
    }

    /// The container's state.
    @inlinable package var node: ContainerNode { nodeRef.node }

    /// The scope (a built-in one is made from its kind).
    package var scope: Scope {
        get { customScope ?? Scope.builtIn(scopeKind) }
        set {
            scopeKind = newValue.kind
            customScope = newValue.isBuiltIn ? nil : newValue
        }
    }

    /// Sets a built-in scope.
    @inlinable
    package mutating func setScope(_ kind: Scope.Lifetime) {
        scopeKind = kind
        customScope = nil
    }

    /// This registration with its body replaced by `replace` when a context override of
    /// `rank` applies and outranks the one in place (`onTest`, `onPreview`, `onDebug`,
    /// `onArg`, synchronous or async); otherwise unchanged.
    package func overriding(rank: ContextRank, if applies: Bool, _ replace: (inout Self) -> Void) -> Self {
        guard applies && rank.rawValue >= contextRank else { return self }
        var copy = self
        replace(&copy)
        copy.contextRank = rank.rawValue
        return copy
    }

    /// Stores `override` as this registration's override in the container (of the current
    /// container world) and drops what the container holds for it. With `context`, it is
    /// the body of a context modifier given at run time (``StoredOverrides``), used while
    /// that context holds and no `register` outranks it.
    package func register(override: any OverrideBody, context: (rank: ContextRank, arguments: [String])? = nil) {
        updateOverride { existing in
            guard let context else { return StoredOverrides.registering(override, over: existing) }
            return StoredOverrides.adding(override, rank: context.rank, arguments: context.arguments, over: existing)
        }
    }

    /// Stores what `update` makes of this registration's override in the container of the
    /// current world (its `autoRegister()` run first, so that this one wins) and drops what
    /// the container holds for the registration.
    package func updateOverride(_ update: ((any OverrideBody)?) -> any OverrideBody) {
        let target = node.nodeInCurrentWorld()
        target.withRoot { $0.autoRegisterIfNeeded() }
        target.updateOverride(for: key, update)
        dropHeldInstances(in: target, overrideChanged: true)
    }

    /// Gives the stored override (of the current world's container) `scope` or
    /// `timeToLive` (nil: unchanged), or stores `declared` (the declared body) with them if
    /// there is none; drops what the container holds for this registration.
    package func store(scope: Scope?, timeToLive: Double?, declared: @autoclosure () -> any OverrideBody) {
        updateOverride { StoredOverrides.withDeclared($0, declared).adjusted(scope: scope, timeToLive: timeToLive) }
    }

    /// Factory's `reset(options)` of this registration (``FactoryResetOptions``).
    package func reset(_ options: FactoryResetOptions) {
        let target = node.nodeInCurrentWorld()
        switch options {
        case .all: reset()
        case .none: return
        case .registration: target.removeOverrideParts(of: key, keepRegistered: false, keepContexts: true)
        case .context: target.removeOverrideParts(of: key, keepRegistered: true, keepContexts: false)
        case .scope: dropHeldInstances(in: target, overrideChanged: false)
        }
    }

    /// Removes the override and drops what the container holds for this registration.
    package func reset() {
        let target = node.nodeInCurrentWorld()
        target.removeOverride(for: key)
        dropHeldInstances(in: target, overrideChanged: false)
    }

    /// Drops what `target` holds for this registration (``ContainerNode/storagesToDrop(overrideChanged:)``)
    /// and what the open lifetime scopes below it hold of it, made with the body replaced
    /// (``ContainerNode/dropInOpenDescendants(_:)``).
    private func dropHeldInstances(in target: ContainerNode, overrideChanged: Bool) {
        guard !target.withRoot({ $0.isAutoRegisteringOnThisThread }) else { return }
        target.drop(key, from: target.storagesToDrop(overrideChanged: overrideChanged))
        target.dropInOpenDescendants(key)
    }
}

/// The container a factory value resolves in, in one word: its node, not retained
/// (``NodeReference``), and what keeps the node alive.
@usableFromInline
package enum NodeHandle: Sendable {
    /// Retained: the container's manager for a child lifetime scope, the calling thread's
    /// keeper of it for a root (``ContainerManager/nodeOwner()``); either's node is the
    /// container's. Retaining the root's manager itself would write to its reference count
    /// on every factory access, a cache line that every thread resolving from that root shares.
    case kept(ContainerManager)
    /// A process-wide container's node (``ContainerManager/processWide()``): the process
    /// keeps its manager, never released.
    case processWide(NodeReference)

    @inlinable @inline(__always)
    package init(_ manager: ContainerManager) {
        if let owner = manager.nodeOwner() {
            self = .kept(owner)
        } else {
            self = .processWide(.node(of: manager))
        }
    }

    /// What keeps the node alive, retained; nil for a process-wide container.
    package var owner: ContainerManager? {
        guard case .kept(let owner) = self else { return nil }
        return owner
    }

    /// The node, not retained: this handle keeps it alive, or the process does.
    @inlinable @inline(__always)
    package var nodeRef: NodeReference {
        switch self {
        case .kept(let owner): .node(of: owner)
        case .processWide(let node): node
        }
    }
}

/// A factory value's scope in one word: a built-in one as its kind, or a custom scope
/// (`Scope.Cached(name:)`, always of kind `.cached`), not retained: custom scopes live for
/// the whole process (``Scope/init(name:)``), so a factory value holds one reference
/// fewer to release.
@usableFromInline
package enum ScopeSetting: Sendable {
    case builtIn(Scope.Lifetime)
    case custom(Unmanaged<Scope>)

    @inlinable @inline(__always)
    package var kind: Scope.Lifetime {
        switch self {
        case .builtIn(let kind): kind
        case .custom(let scope): scope._withUnsafeGuaranteedRef { $0.kind }
        }
    }

    @inlinable @inline(__always)
    package var custom: Scope? {
        guard case .custom(let scope) = self else { return nil }
        return scope.takeUnretainedValue()
    }
}

/// What ``Factory`` and ``ParameterFactory`` share: a key, a body, a scope and the
/// container to resolve in. `Factory<T>` is a `Registration<Void, T>`.
///
/// A factory value is made on every access of a factory property, so it is kept small
/// and free of reference counting but for the body's context and what keeps its
/// container's node alive (nothing for a process-wide container): eight scalars — the
/// container (``NodeHandle``), the key's name, file and shape (``RegistrationKey``; its
/// produced type is `T`), the scope (``ScopeSetting``: a built-in one as its
/// ``Scope/Lifetime-swift.enum``, no `Scope` object) and the body's three. More than
/// eight, and a value that a modifier copies and changes (`.cached`) is destroyed through
/// its type's value witness rather than inline code, on every factory access.
@usableFromInline
package struct Registration<P, T>: RegistrationFields, Sendable {
    /// The body as declared: `self { … }` bodies take no parameter, so a `Factory` stores
    /// its closure as is (wrapping it in `{ _ in body() }` would allocate a context on
    /// every factory access).
    @usableFromInline
    package enum Body: Sendable {
        case plain(@Sendable () -> T)
        case parameter(@Sendable (P) -> T)
        /// A body followed by decorators (`.decorator { }`) or with a time to live
        /// (`.timeToLive`): a reference, so that the value of a factory without them does
        /// not grow, and of a non-generic class, so
        /// that a resolve reaches it without `T`'s metadata (Decoration.swift).
        case decorated(DecoratedResolve)

        /// The decoration of a decorated body.
        @usableFromInline
        var decoration: DecoratedRegistration<P, T>? {
            guard case .decorated(let decorated) = self else { return nil }
            return decorated as? DecoratedRegistration<P, T>
        }

        /// This body with `decorate` run after every resolve, after the decorators it has.
        /// Inlined where the modifier is written, as ``expiring(after:)``: the decoration's
        /// class metadata is then cached there, not looked up on every factory access.
        @inlinable
        package func decorated(with decorate: @escaping @Sendable (T) -> Void) -> Body {
            .decorated(decoration?.appending(decorate) ?? DecoratedRegistration(base: self, decorators: [decorate]))
        }

        /// `body` in place of this one, keeping this one's decorators (a context override).
        package func replacingBase(with body: Body) -> Body {
            guard let decoration else { return body }
            return .decorated(decoration.replacingBase(with: body))
        }

        /// This body with a time to live of `seconds` (`.timeToLive`), keeping its
        /// decorators. Inlined where the modifier is written, so that the decoration's
        /// class is made with its metadata cached there, not looked up at run time.
        @inlinable
        package func expiring(after seconds: Double) -> Body {
            .decorated(decoration?.expiring(after: seconds) ?? DecoratedRegistration(base: self, decorators: [], timeToLive: seconds))
        }
    }

    /// The container's node and what keeps it alive (``NodeHandle``).
    @usableFromInline package let handle: NodeHandle
    /// The key's ``RegistrationKey/name``.
    @usableFromInline package let name: UInt
    /// The key's ``RegistrationKey/file``.
    @usableFromInline package let file: UInt
    /// The key's ``RegistrationKey/shape``, with the precedence of the context override
    /// now in `body` in bits 60–62 (``contextRank``; 0: the declared body).
    @usableFromInline package var shape: UInt64
    @usableFromInline package var scopeSetting: ScopeSetting = .builtIn(.unique)
    @usableFromInline package var storedBody: Body

    /// Bits 60–62 of ``shape``: the context rank.
    @inlinable static var rankBits: UInt64 { 7 << 60 }

    /// Takes the references (``NodeHandle/init(_:)``, which calls ``ContainerManager/nodeOwner()``)
    /// before the body is copied into the value: with the copy made first, the optimizer
    /// kept an extra retain and release of the body's context (the container, for a body
    /// that captures it) around that call, on every factory access.
    @inlinable @inline(__always)
    package init(handle: NodeHandle, key: RegistrationKey, storedBody: Body) {
        self.handle = handle
        name = key.name
        shape = key.shape
        file = key.file
        self.storedBody = storedBody
    }

    @inlinable @inline(__always)
    package init(manager: ContainerManager, key: RegistrationKey, body: @escaping @Sendable (P) -> T) {
        let handle = NodeHandle(manager)
        self.init(handle: handle, key: key, storedBody: .parameter(body))
    }

    @inlinable @inline(__always)
    package init(manager: ContainerManager, key: RegistrationKey, plainBody: @escaping @Sendable () -> T) {
        let handle = NodeHandle(manager)
        self.init(handle: handle, key: key, storedBody: .plain(plainBody))
    }

    /// The container's state, not retained (``NodeHandle/nodeRef``).
    @inlinable package var nodeRef: NodeReference { handle.nodeRef }

    /// What keeps the node alive (``NodeHandle/owner``).
    package var nodeOwner: ContainerManager? { handle.owner }

    /// The key: its name, file and shape, and `T`.
    @inlinable package var key: RegistrationKey {
        RegistrationKey(name: name, shape: shape & ~Self.rankBits, type: T.self, file: file)
    }

    @inlinable package var scopeKind: Scope.Lifetime {
        get { scopeSetting.kind }
        set { scopeSetting = .builtIn(newValue) }
    }

    @inlinable package var customScope: Scope? {
        get { scopeSetting.custom }
        set { scopeSetting = newValue.map { .custom(.passUnretained($0)) } ?? .builtIn(scopeSetting.kind) }
    }

    @inlinable package var contextRank: UInt8 {
        get { UInt8(truncatingIfNeeded: (shape & Self.rankBits) >> 60) }
        set { shape = shape & ~Self.rankBits | UInt64(newValue & 7) << 60 }
    }

    /// Runs `body` (the declared one, or an override) with `parameter`.
    @inlinable
    package static func call(_ body: Body, _ parameter: P) -> T {
        switch body {
        case .plain(let body): return body()
        case .parameter(let body): return body(parameter)
        case .decorated: decoratedBodyCalled()
        }
    }

    /// Resolves through the container (a ``Factory``: no parameter to tell builds apart).
    ///
    /// A resolve site inlines only this call: the factory value's fields, passed one by
    /// one (in registers, so that the value is never laid out in memory), to the function
    /// below, which is specialised once per `T` and never inlined.
    ///
    /// - Parameter parameter: Passed to the body.
    @inlinable @inline(__always)
    package func resolve(_ parameter: P) -> T {
        Self.resolve(
            in: nodeRef, name: name, shape: shape & ~Self.rankBits, type: T.self, file: file, kind: scopeKind,
            custom: customScope, body: storedBody, parameter: parameter)
    }

    /// The body of ``resolve(_:)``, out of line: one copy per `T` in the app, shared by
    /// every site that resolves a `T`. It reads a held instance (Resolve.swift, step 1) and
    /// otherwise builds. The site passes `T`'s metatype (`type`) rather than this function
    /// reading it, so that the copies for different class types are identical and the
    /// linker folds them into one (otherwise it merges them behind thunks that pass the
    /// metatype, about 20 instructions per resolve).
    @inlinable @inline(never)
    package static func resolve(
        in nodeRef: NodeReference, name: UInt, shape: UInt64, type: Any.Type, file: UInt, kind: Scope.Lifetime, custom: Scope?,
        body: Body, parameter: P
    ) -> T {
        let key = RegistrationKey(name: name, shape: shape, type: type, file: file)
        if case .decorated(let decorated) = body {
            // Checked once, before anything else: an undecorated resolve pays one compare,
            // and the decorated path is a call that needs no metadata (Decoration.swift).
            // The instance comes back as a payload: no result slot widens this frame, and
            // the call is the same code for every class `T` (the copies merge).
            return Payload.unwrap(decorated.resolveWrapped(nodeRef, key, kind: kind, custom: custom), as: T.self)
        }
        if kind.holdsInstances {
            // The node is borrowed, not retained: the manager (or the process) keeps it.
            let found = nodeRef.withNode { $0.fastRead(key, kind: kind) }
            if let held = found.heldInstance(as: T.self) { return held }
        }
        return build(nodeRef, key, kind: kind, custom: custom, body: body, parameter: parameter, buildParameter: nil)
    }

    /// Resolves a ``ParameterFactory`` through the container: as ``resolve(_:)``, with
    /// `parameter` on this call's stack as a ``AnyParameter`` that its build frame
    /// points at, so that a body resolving its own factory with another parameter is not
    /// taken for a cycle.
    ///
    /// - Parameters:
    ///   - parameter: Passed to the body.
    ///   - parameterKey: For a per-parameter factory, makes `parameter`'s part of the
    ///     storage key (a `ParameterFactory` keeps the function, so that a `Factory`
    ///     value carries no field for it).
    @inlinable @inline(__always)
    package func resolve(_ parameter: P, parameterKey: (@Sendable (P) -> ParameterBox)?) -> T {
        Self.resolve(
            in: nodeRef, name: name, shape: shape & ~Self.rankBits, type: T.self, file: file, kind: scopeKind,
            custom: customScope, body: storedBody, parameter: parameter, parameterKey: parameterKey)
    }

    /// The body of ``resolve(_:parameterKey:)``, out of line, once per `P` and `T`.
    @inlinable @inline(never)
    package static func resolve(
        in nodeRef: NodeReference, name: UInt, shape: UInt64, type: Any.Type, file: UInt, kind: Scope.Lifetime, custom: Scope?,
        body: Body, parameter: P, parameterKey: (@Sendable (P) -> ParameterBox)?
    ) -> T {
        let key = RegistrationKey(name: name, shape: shape, type: type, file: file)
        if case .decorated(let decorated) = body {
            return resolveDecorated(decorated, nodeRef, key, kind: kind, custom: custom, parameter: parameter, parameterKey: .some(parameterKey))
        }
        let box = parameterKey?(parameter)
        return withUnsafePointer(to: parameter) { value in
            withUnsafePointer(to: AnyParameter(value, box: box)) { buildParameter in
                if kind.holdsInstances {
                    let found = nodeRef.withNode {
                        $0.fastRead(key, parameter: buildParameter, kind: kind)
                    }
                    if let held = found.heldInstance(as: T.self) { return held }
                }
                return build(
                    nodeRef, key, kind: kind, custom: custom, body: body, parameter: parameter,
                    buildParameter: buildParameter)
            }
        }
    }

    /// A decorated factory's resolve, through the decoration's class
    /// (``DecoratedRegistration``): the resolve of the body it decorates, then its
    /// decorators, with no lock held. Parameter and result pass by address, so that this
    /// call is the same code for every class `T` and the compiler merges the copies.
    /// `parameterKey` is `.none` for a ``Factory``, `.some` for a ``ParameterFactory``.
    /// Never inlined: its pointers and result slot would widen the frame of every
    /// undecorated resolve (+20 instructions per cached resolve when inlined).
    @inlinable @inline(never)
    package static func resolveDecorated(
        _ decorated: DecoratedResolve, _ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?,
        parameter: P, parameterKey: (@Sendable (P) -> ParameterBox)??
    ) -> T {
        var result: T? = nil
        withUnsafePointer(to: parameter) { parameter in
            withUnsafePointer(to: parameterKey) { parameterKey in
                withUnsafeMutablePointer(to: &result) { result in
                    decorated.resolve(
                        nodeRef, key, kind: kind, custom: custom, parameter: parameter, parameterKey: parameterKey, into: result)
                }
            }
        }
        return result.unsafelyUnwrapped
    }

    /// Everything but a lock-free read: the held instance that
    /// ``ContainerNode/beginBuild(_:parameter:kind:custom:)`` finds, or a build — the body runs
    /// here, between `beginBuild` and ``ResolutionContext/finishBuild(_:)`` (Resolve.swift,
    /// steps 2 and 3). Inlined into both `resolve` functions, so that while a body runs the
    /// only frame of Scoped's on the stack is theirs: a nested first build costs that
    /// frame, the caller's and the body's (`ScopedBenchmarks --stack`).
    @inlinable @inline(__always)
    package static func build(
        _ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?, body: Body,
        parameter: P, buildParameter: UnsafePointer<AnyParameter>?
    ) -> T {
        let step = nodeRef.withNode {
            $0.beginBuild(key, parameter: buildParameter, kind: kind, custom: custom)
        }
        return carryOut(step, key, body: body, parameter: parameter)
    }

    /// What `beginBuild` (or `beginExpiringBuild`) decided: the held instance, or the
    /// body's run — the override's if there is one — then step 3 (Resolve.swift).
    @inlinable @inline(__always)
    package static func carryOut(_ step: BeginOutcome, _ key: RegistrationKey, body: Body, parameter: P) -> T {
        guard case .build(let override, let form, let context) = step else {
            return step.heldInstance(as: T.self).unsafelyUnwrapped
        }
        let value = override.map { Self.body(of: $0, for: key)(parameter) } ?? Self.call(body, parameter)
        context.withBorrowed { $0.finishBuild(Self.payload(value, form)) }
        return value
    }

    /// `value` as `beginBuild` asked for it.
    @inlinable
    package static func payload(_ value: T, _ form: PayloadForm) -> AnyObject? {
        switch form {
        case .unused:
            return nil
        case .strong:
            return Payload.wrap(value)
        case .weak:
            // `.shared` keeps class instances weakly; a value type cannot be shared
            // weakly, so it behaves as `.unique` (nothing is kept).
            return Payload.weakTarget(of: value)
        }
    }

    /// The body of an override registered for `key`, which must produce `T` from `P`.
    @inlinable
    package static func body(of override: any OverrideBody, for key: RegistrationKey) -> @Sendable (P) -> T {
        guard let box = override as? OverrideBox<P, T> else { overrideTypeMismatch(key, parameter: P.self) }
        return box.body
    }
}

/// Never called: a resolve takes a decorated body apart before it runs a body, and a
/// decoration's base is never itself decorated (``Decoration``).
@usableFromInline @inline(never)
package func decoratedBodyCalled() -> Never {
    preconditionFailure("a decorated body was called without its decorators")
}

/// Stops the process: an override of `key` does not produce the registration's type.
@usableFromInline @inline(never)
package func overrideTypeMismatch(_ key: RegistrationKey, parameter: Any.Type) -> Never {
    ScopedFailure.stop("the override of \(key) does not produce \(key.typeName) from \(parameter)", declaredBy: [key])
}

extension Registration {
    /// `register { … }.scope(scope)` or `.timeToLive(seconds)` as a statement: the stored
    /// override (of the current world's container) takes them; with none, the declared
    /// body is stored with them.
    package func store(scope: Scope?, timeToLive: Double?) {
        store(scope: scope, timeToLive: timeToLive, declared: declaredOverride())
    }

    /// `.decorator { }` as a statement: the stored override (of the current world's
    /// container) runs `decorate` after every resolve; with none, the declared body is
    /// stored with it.
    package func store(decorator decorate: @escaping @Sendable (T) -> Void) {
        updateOverride { existing in
            StoredOverrides.decorating(StoredOverrides.withDeclared(existing, declaredOverride), key: key) { (box: OverrideBox<P, T>) in
                box.decorated(with: decorate)
            }
        }
    }

    /// The declared body as an override, under this value's scope, time to live and
    /// decorators (a chain written at run time, `x.timeToLive(60).scope(.cached)`, keeps them).
    private func declaredOverride() -> OverrideBox<P, T> {
        let declared = storedBody.decoration?.base ?? storedBody
        return override(body: { Self.call(declared, $0) })
    }

    /// Stores `body` as this registration's override in the container (or, with `context`,
    /// a run-time context modifier's body) and drops what the container holds for it.
    package func register(_ body: @escaping @Sendable (P) -> T, context: (rank: ContextRank, arguments: [String])? = nil) {
        register(override: override(body: body), context: context)
    }

    /// `body` as an override made from this value: under its scope, with its time to live
    /// and its decorators (its declaration's and any chained at run time before
    /// `register`), which the override runs in place of those of the value a resolve goes
    /// through, before those that statements `.decorator { }` give it later.
    private func override(body: @escaping @Sendable (P) -> T) -> OverrideBox<P, T> {
        let decoration = storedBody.decoration
        let decorators = RunTimeDecorators(carried: decoration?.decorators ?? [], key: key)
        return OverrideBox(body: body, scope: scope, timeToLive: decoration?.timeToLive, decorators: decorators)
    }
}
