// Concurrency rule: a `Registration` is an immutable value; the shared state it touches lives
// behind `ContainerNode`/`InstanceStorage` locks, and no lock is held while the body runs.

/// An override body stored in a container (`register { }`), type-erased to one reference.
@usableFromInline package protocol OverrideBody: AnyObject, Sendable {
    /// The scope of the value `register` was called on; a declared scope wins (`Route.init`).
    var scope: Scope { get }
    /// The override a resolve uses now: itself, or a run-time context's (``StoredOverrides``).
    func selected() -> (any OverrideBody)?
    /// The time to live a statement `.timeToLive(_:)` gave; the declaration's wins.
    var timeToLive: Double? { get }
    /// The same body under `scope` or with `timeToLive` (statements); nil keeps it.
    func adjusted(scope: Scope?, timeToLive: Double?) -> any OverrideBody
    /// Runs the statement `.decorator { }`s on an instance a resolve found held.
    func decorate(_ held: Lookup)
    /// This body with `other`'s statement `.decorator { }`s if it has none (a new `register`).
    func keepingDecorators(of other: any OverrideBody) -> any OverrideBody
    /// Whether it runs its factory value's decorators (a resolve then skips its own).
    var carriesValueDecorators: Bool { get }
}

extension OverrideBody {
    @usableFromInline package func selected() -> (any OverrideBody)? { self }
}

/// A stored override's body, synchronous (`Factory`) or async (`AsyncFactory`), and its settings.
@usableFromInline package final class OverrideBox<P, T>: OverrideBody {
    @usableFromInline enum Body: Sendable {
        case sync(@Sendable (P) -> T)
        case async(@Sendable (P) async throws -> T)
    }
    /// Followed by `decorators` if there are some.
    @usableFromInline let body: Body
    @usableFromInline package let scope: Scope
    @usableFromInline package let timeToLive: Double?
    /// Its factory value's, then those of statements `.decorator { }`.
    let decorators: RunTimeDecorators<T>
    private let undecorated: Body
    init(body: Body, scope: Scope, timeToLive: Double? = nil, decorators: RunTimeDecorators<T> = RunTimeDecorators()) {
        undecorated = body
        switch body {
        case _ where decorators.isEmpty: self.body = body
        case .sync(let body):
            self.body = .sync {
                let instance = decorators.applied(to: body($0))
                decorators.markCarriedRun()   // last: after every nested resolve
                return instance
            }
        case .async(let body): self.body = .async { decorators.applied(to: try await body($0)) }
        }
        self.scope = scope
        self.timeToLive = timeToLive
        self.decorators = decorators
    }
    @usableFromInline package func adjusted(scope: Scope?, timeToLive: Double?) -> any OverrideBody {
        OverrideBox(body: undecorated, scope: scope ?? self.scope, timeToLive: timeToLive ?? self.timeToLive, decorators: decorators)
    }
    func decorated(with decorate: @escaping @Sendable (T) -> Void) -> OverrideBox {
        OverrideBox(body: undecorated, scope: scope, timeToLive: timeToLive, decorators: decorators.appending(decorate))
    }
    /// An async resolve has no thread's context to tell that the decorators ran.
    @usableFromInline package func decorate(_ held: Lookup) {
        decorators.run(onHeld: held)
        if case .sync = body { decorators.markCarriedRun() }
    }
    @usableFromInline package var carriesValueDecorators: Bool { decorators.key != nil }
    @usableFromInline package func keepingDecorators(of other: any OverrideBody) -> any OverrideBody {
        guard let other = other as? OverrideBox, let kept = decorators.keepingStatements(of: other.decorators) else { return self }
        return OverrideBox(body: undecorated, scope: scope, timeToLive: timeToLive, decorators: kept)
    }
}

/// What every factory value knows besides its body (container, key, scope) and does without running
/// it. A protocol, not a shared struct: nesting one grew every resolve site.
@usableFromInline package protocol RegistrationFields {
    var nodeRef: NodeReference { get }
    var key: RegistrationKey { get }
    var scopeKind: Scope.Lifetime { get set }
    var customScope: Scope? { get set }
    var contextRank: UInt8 { get set }
}

extension RegistrationFields {
    /// The node (not retained) and what keeps it alive (``ContainerManager/nodeOwner()``).
    @inlinable @inline(__always)
    package static func reference(to manager: ContainerManager) -> (NodeReference, ContainerManager?) {
        (.node(of: manager), manager.nodeOwner())
    }
    @inlinable package var node: ContainerNode { nodeRef.node }
    package var scope: Scope {
        get { customScope ?? Scope.builtIn(scopeKind) }
        set {
            scopeKind = newValue.kind
            customScope = newValue.isBuiltIn ? nil : newValue
        }
    }
    @inlinable package mutating func setScope(_ kind: Scope.Lifetime) {
        scopeKind = kind
        customScope = nil
    }
    /// Changed by `replace` if a context override of `rank` applies and outranks the one in place.
    package func overriding(rank: ContextRank, if applies: Bool, _ replace: (inout Self) -> Void) -> Self {
        guard applies && rank.rawValue >= contextRank else { return self }
        var copy = self
        replace(&copy)
        copy.contextRank = rank.rawValue
        return copy
    }
    /// Stores what `update` makes of the override in the current world's container (after its
    /// `autoRegister()`, so this one wins) and drops what it holds for the registration.
    package func updateOverride(_ update: ((any OverrideBody)?) -> any OverrideBody) {
        let target = node.nodeInCurrentWorld()
        target.withRoot { $0.autoRegisterIfNeeded() }
        target.updateOverride(for: key, update)
        dropHeldInstances(in: target, overrideChanged: true)
    }
    func override<P, T, Base>(_ body: OverrideBox<P, T>.Body, decoration: Decoration<Base, T>?) -> OverrideBox<P, T> {
        let decorators = RunTimeDecorators(carried: decoration?.decorators ?? [], key: key)
        return OverrideBox(body: body, scope: scope, timeToLive: decoration?.timeToLive, decorators: decorators)
    }
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
    package func reset() {
        let target = node.nodeInCurrentWorld()
        target.removeOverride(for: key)
        dropHeldInstances(in: target, overrideChanged: false)
    }
    private func dropHeldInstances(in target: ContainerNode, overrideChanged: Bool) {
        guard !target.withRoot({ $0.isAutoRegisteringOnThisThread }) else { return }
        target.drop(key, from: target.storagesToDrop(overrideChanged: overrideChanged))
        target.dropInOpenDescendants(key)
    }
}

/// The container a factory value resolves in: its node, and what keeps the node alive.
@usableFromInline package enum NodeHandle: Sendable {
    /// Retained: a child's manager, or for a root the calling thread's keeper (one cache line per
    /// thread, not the root's shared reference count).
    case kept(ContainerManager)
    /// A process-wide container's node: the process keeps its manager.
    case processWide(NodeReference)
    @inlinable @inline(__always) package init(_ manager: ContainerManager) {
        if let owner = manager.nodeOwner() {
            self = .kept(owner)
        } else {
            self = .processWide(.node(of: manager))
        }
    }
    @inlinable @inline(__always) package var nodeRef: NodeReference {
        switch self {
        case .kept(let owner): .node(of: owner)
        case .processWide(let node): node
        }
    }
}

/// A factory value's scope in one word: a built-in kind, or a custom scope, not retained (custom
/// scopes live for the process).
@usableFromInline package enum ScopeSetting: Sendable {
    case builtIn(Scope.Lifetime)
    case custom(Unmanaged<Scope>)
    @inlinable @inline(__always) package var kind: Scope.Lifetime {
        switch self {
        case .builtIn(let kind): kind
        case .custom(let scope): scope._withUnsafeGuaranteedRef { $0.kind }
        }
    }
    @inlinable @inline(__always) package var custom: Scope? {
        guard case .custom(let scope) = self else { return nil }
        return scope.takeUnretainedValue()
    }
}

/// What ``Factory`` and ``ParameterFactory`` share: `Factory<T>` is a `Registration<Void, T>`. Made on
/// every factory access, so kept to eight scalars: more, and a modified copy is destroyed through its
/// value witness rather than inline code.
@usableFromInline package struct Registration<P, T>: RegistrationFields, Sendable {
    /// The body as declared; a `Factory`'s closure is stored as is (no wrapping allocation).
    @usableFromInline package enum Body: Sendable {
        case plain(@Sendable () -> T)
        case parameter(@Sendable (P) -> T)
        /// With decorators or a time to live: a non-generic class (Decoration.swift), so undecorated
        /// values do not grow and a resolve needs no metadata of `T`.
        case decorated(DecoratedResolve)
        @inlinable package var decoration: DecoratedRegistration<P, T>? {
            guard case .decorated(let decorated) = self else { return nil }
            return decorated as? DecoratedRegistration<P, T>
        }
        @inlinable
        package static func decorating(_ base: Body, with decorators: [@Sendable (T) -> Void], timeToLive: Double?) -> Body {
            .decorated(DecoratedRegistration(base: base, decorators: decorators, timeToLive: timeToLive))
        }
    }
    @usableFromInline package let handle: NodeHandle
    @usableFromInline package let name: UInt
    @usableFromInline package let file: UInt
    /// The key's ``RegistrationKey/shape``, the context rank in bits 60–62 (``contextRank``).
    @usableFromInline package var shape: UInt64
    @usableFromInline package var scopeSetting: ScopeSetting = .builtIn(.unique)
    @usableFromInline package var storedBody: Body
    @inlinable static var rankBits: UInt64 { 7 << 60 }
    /// Takes the references before the body is copied in: the other order kept an extra retain and
    /// release of the body's context on every factory access.
    @inlinable @inline(__always) package init(handle: NodeHandle, key: RegistrationKey, storedBody: Body) {
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
    @inlinable package var nodeRef: NodeReference { handle.nodeRef }
    package var nodeOwner: ContainerManager? {
        guard case .kept(let owner) = handle else { return nil }
        return owner
    }
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
    @inlinable package static func call(_ body: Body, _ parameter: P) -> T {
        switch body {
        case .plain(let body): return body()
        case .parameter(let body): return body(parameter)
        case .decorated: decoratedBodyCalled()
        }
    }
    /// Resolves a ``Factory``: the site inlines only this call, passing the fields in registers.
    @inlinable @inline(__always) package func resolve(_ parameter: P) -> T {
        Self.resolve(
            in: nodeRef, name: name, shape: shape & ~Self.rankBits, type: T.self, file: file, kind: scopeKind,
            custom: customScope, body: storedBody, parameter: parameter)
    }
    /// Out of line, one copy per `T`, its metatype passed in: the copies for class types merge.
    @inlinable @inline(never) package static func resolve(
        in nodeRef: NodeReference, name: UInt, shape: UInt64, type: Any.Type, file: UInt, kind: Scope.Lifetime, custom: Scope?,
        body: Body, parameter: P
    ) -> T {
        let key = RegistrationKey(name: name, shape: shape, type: type, file: file)
        if case .decorated(let decorated) = body {
            // First, in a call that needs no metadata and returns a payload: the same for every class `T`.
            return Payload.unwrap(decorated.resolveWrapped(nodeRef, key, kind: kind, custom: custom), as: T.self)
        }
        if kind.holdsInstances {
            let found = nodeRef.withNode { $0.fastRead(key, kind: kind) }
            if let held = found.heldInstance(as: T.self) { return held }
        } else if kind == .graph {
            let found = nodeRef.withNode { $0.graphRead(key) }
            if let held = found.heldInstance(as: T.self) { return held }
        }
        return build(nodeRef, key, kind: kind, custom: custom, body: body, parameter: parameter, buildParameter: nil)
    }
    /// Resolves a ``ParameterFactory``: `parameter` lives on this call's stack, where its build frame
    /// points (a body resolving its own factory with another parameter is no cycle).
    @inlinable @inline(__always)
    package func resolve(_ parameter: P, parameterKey: (@Sendable (P) -> ParameterBox)?) -> T {
        Self.resolve(
            in: nodeRef, name: name, shape: shape & ~Self.rankBits, type: T.self, file: file, kind: scopeKind,
            custom: customScope, body: storedBody, parameter: parameter, parameterKey: parameterKey)
    }
    @inlinable @inline(never) package static func resolve(
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
                    let found = nodeRef.withNode { $0.fastRead(key, parameter: buildParameter, kind: kind) }
                    if let held = found.heldInstance(as: T.self) { return held }
                }
                return build(
                    nodeRef, key, kind: kind, custom: custom, body: body, parameter: parameter,
                    buildParameter: buildParameter)
            }
        }
    }
    /// Through the decoration's class, parameter and result by address (one merged copy for class
    /// types); never inlined, not to widen every frame.
    @inlinable @inline(never) package static func resolveDecorated(
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
    /// Steps 2 and 3, inlined: while a body runs, the only frame of Scoped's is the `resolve`'s.
    @inlinable @inline(__always) package static func build(
        _ nodeRef: NodeReference, _ key: RegistrationKey, kind: Scope.Lifetime, custom: Scope?, body: Body,
        parameter: P, buildParameter: UnsafePointer<AnyParameter>?
    ) -> T {
        let step = nodeRef.withNode { $0.beginBuild(key, parameter: buildParameter, kind: kind, custom: custom) }
        return carryOut(step, key, body: body, parameter: parameter)
    }
    @inlinable @inline(__always)
    package static func carryOut(_ step: BeginOutcome, _ key: RegistrationKey, body: Body, parameter: P) -> T {
        guard case .build(let override, let form, let context) = step else {
            return step.heldInstance(as: T.self).unsafelyUnwrapped
        }
        let value = override.map { Self.body(of: $0, for: key)(parameter) } ?? Self.call(body, parameter)
        context.withBorrowed { $0.finishBuild(Self.payload(value, form)) }
        return value
    }
    @inlinable package static func payload(_ value: T, _ form: PayloadForm) -> AnyObject? {
        switch form {
        case .unused:
            return nil
        case .strong:
            return Payload.wrap(value)
        case .weak:
            // A value type cannot be kept weakly: nothing is kept.
            return Payload.weakTarget(of: value)
        }
    }
    @inlinable package static func body(of override: any OverrideBody, for key: RegistrationKey) -> @Sendable (P) -> T {
        guard let box = override as? OverrideBox<P, T>, case .sync(let body) = box.body else {
            overrideTypeMismatch(key, parameter: P.self)
        }
        return body
    }
}

/// Never called: a decorated body is taken apart before a body runs.
@usableFromInline @inline(never) package func decoratedBodyCalled() -> Never {
    preconditionFailure("a decorated body was called without its decorators")
}

@usableFromInline @inline(never)
package func overrideTypeMismatch(_ key: RegistrationKey, parameter: Any.Type) -> Never {
    ScopedFailure.stop("the override of \(key) does not produce \(key.typeName) from \(parameter)", declaredBy: [key])
}

extension Registration {
    package func overrideBox(_ function: (@Sendable (P) -> T)?) -> OverrideBox<P, T> {
        let declared = storedBody.decoration?.base ?? storedBody
        return override(.sync(function ?? { Self.call(declared, $0) }), decoration: storedBody.decoration)
    }
    package func check(_ scope: Scope) {}
}

/// What both kinds of registration do with the override they make (``overrideBox(_:)``).
extension ModifiableRegistration {
    /// Stores `body`'s override (`context`: a run-time context modifier's) and drops what is held.
    package func register(_ body: OverrideFunction, context: (rank: ContextRank, arguments: [String])? = nil) {
        let override = overrideBox(body)
        updateOverride { existing in
            guard let context else { return StoredOverrides.registering(override, over: existing) }
            return StoredOverrides.adding(override, rank: context.rank, arguments: context.arguments, over: existing)
        }
    }
    /// `.scope(_:)` or `.timeToLive(_:)` as a statement (the declared body stored if none); what this
    /// value's own scope or time to live overrules is stored too, and reported.
    package func store(scope: Scope?, timeToLive: Double?) {
        if let scope { check(scope) }
        reportOverruled(scope: scope, timeToLive: timeToLive)
        updateOverride {
            StoredOverrides.withDeclared($0, { overrideBox(nil) }).adjusted(scope: scope, timeToLive: timeToLive)
        }
    }
    /// A statement's scope or time to live the declaration's wins over (`Route.init`, `Route.frame`).
    private func reportOverruled(scope: Scope?, timeToLive: Double?) {
        let declaredTimeToLive = storedBody.decoration?.timeToLive
        let message: String
        if let scope, self.scope.kind != .unique, scope !== self.scope {
            message =
                "\(key) is given .\(scope.name) at run time, but the factory value it was written on has "
                + ".\(self.scope.name): a declared scope wins over a run-time one (as in Factory), so resolves of a "
                + "factory declared .\(self.scope.name) stay .\(self.scope.name); declare it without a scope (.unique) "
                + "to choose one at run time"
        } else if let timeToLive, let declaredTimeToLive, timeToLive != declaredTimeToLive {
            message =
                "\(key) is given a time to live of \(timeToLive) s at run time, but the factory value it was written "
                + "on has one of \(declaredTimeToLive) s: a declared time to live wins over a run-time one (as in "
                + "Factory), so resolves of a factory declared with \(declaredTimeToLive) s keep it; declare it "
                + "without one to set it at run time"
        } else {
            return
        }
        node.nodeInCurrentWorld().reportMisuse(.declarationWins, message, key: StorageKey(key), scope: self.scope)
    }
    /// `.decorator { }` as a statement (the declared body stored if none).
    package func store(decorator decorate: @escaping @Sendable (Instance) -> Void) {
        updateOverride { existing in
            StoredOverrides.withDeclared(existing, { overrideBox(nil) }).mapped { body in
                guard let box = body as? OverrideBox<Parameter, Instance> else {
                    ScopedFailure.stop("the override of \(key) does not produce \(key.typeName)", declaredBy: [key])
                }
                return box.decorated(with: decorate)
            }
        }
    }
}
