/// A lifetime policy: decides how long a resolved instance lives and who shares it.
///
/// Pick a scope with the shorthands on ``Factory`` (`.cached`, `.shared`, …) or with
/// ``FactoryModifying/scope(_:)->Self``. Each scope promises one thing:
///
/// | scope | one instance per | released when |
/// |---|---|---|
/// | ``unique`` | resolve | the caller drops it |
/// | ``graph`` | top-level resolve | the graph's last user drops it |
/// | ``shared`` | while anyone holds it (weak) | the last strong reference goes |
/// | ``cached`` | root container | `reset()` of the container, the factory or the scope |
/// | ``scoped`` | lifetime scope (``SharedContainer/child(_:)``), root if none | that scope closes |
/// | ``singleton`` | process | `Scope.singleton.reset()` |
/// | custom ``Cached`` | root container | that scope's ``reset()`` |
///
/// Custom scopes are cached scopes you can reset on their own, such as everything that
/// belongs to the signed-in user:
///
/// ```swift
/// extension Scope {
///     static let session = Scope.Cached(name: "session")
/// }
/// extension Container {
///     var profile: Factory<ProfileStore> { self { ProfileStore() }.scope(.session) }
/// }
/// Scope.session.reset()   // log out: every session-scoped instance is dropped
/// ```
public final class Scope: Sendable, CustomStringConvertible {
    /// A custom cached scope: `static let session = Scope.Cached(name: "session")`.
    public typealias Cached = Scope

    /// What a scope does with its instances, whatever it is named: the built-in scopes
    /// behaviours, which custom scopes share (``Cached`` scopes are ``Lifetime-swift.enum/cached``).
    ///
    /// A factory value stores only this for a built-in scope, so that making one touches
    /// no `Scope` object. Events carry it (``LifecycleEvent/lifetime``): tell a cached
    /// instance from a weakly held one by its lifetime, never by its scope's name.
    public enum Lifetime: Sendable, Equatable {
        /// A new instance on every resolve, kept by nobody but the caller.
        case unique
        /// One instance per top-level resolve, shared by what that resolve builds.
        case graph
        /// Kept weakly: one instance while anyone holds it.
        case shared
        /// Kept by the root container until a reset (custom scopes, `Scope.Cached`, too).
        case cached
        /// Kept by the lifetime scope that resolved it, until that scope closes.
        case scoped
        /// Kept for the process.
        case singleton

        /// Whether a container keeps instances of this lifetime, and may hand one out
        /// again without building: cached, scoped and singleton.
        public var keepsInstances: Bool { holdsInstances && !keepsWeakly }
    }

    /// What this scope does with its instances (``Lifetime-swift.enum/cached`` for every custom scope).
    public var lifetime: Lifetime { kind }

    @usableFromInline package let kind: Lifetime
    /// The name shown in events and messages (`cached`, `session`, …).
    public let name: String
    /// Whether this is one of the statics below (a factory value stores its kind alone).
    package let isBuiltIn: Bool

    private init(kind: Lifetime, name: String, builtIn: Bool) {
        self.kind = kind
        self.name = name
        self.isBuiltIn = builtIn
    }

    private convenience init(builtIn kind: Lifetime, name: String) {
        self.init(kind: kind, name: name, builtIn: true)
    }

    /// Makes a custom cached scope: one instance per root container, dropped by this
    /// scope's ``reset()`` (and by the container's and the factory's `reset()`).
    ///
    /// A scope lives for the rest of the process, like the built-in ones: declare it once,
    /// as a `static let` (factory values refer to it without retaining it).
    ///
    /// - Parameter name: The name events and messages use for this scope.
    public convenience init(name: String = "custom") {
        self.init(kind: .cached, name: name, builtIn: false)
        // Kept for the life of the process: factory values refer to it unretained.
        Scope.customScopes.withLock { $0.append(self) }
    }

    /// Every custom scope made, held strongly (custom scopes live as long as the process).
    private static let customScopes = Locked<[Scope]>([])

    /// A new instance on every resolve; the container keeps nothing. The default scope.
    public static let unique = Scope(builtIn: .unique, name: "unique")
    /// One instance per top-level resolve, shared by everything that one resolve builds.
    public static let graph = Scope(builtIn: .graph, name: "graph")
    /// One instance while anyone holds it: the container keeps it weakly.
    public static let shared = Scope(builtIn: .shared, name: "shared")
    /// One instance per root container until the container, the factory or this scope is reset.
    public static let cached = Scope(builtIn: .cached, name: "cached")
    /// One instance per lifetime scope (a ``SharedContainer/child(_:)``), released when it closes;
    /// at a root container it behaves like ``cached``.
    public static let scoped = Scope(builtIn: .scoped, name: "scoped")
    /// One instance per process (per test container under `ScopedTesting`), until `Scope.singleton.reset()`.
    public static let singleton = Scope(builtIn: .singleton, name: "singleton")

    /// Drops every instance this scope holds, in every container (and, for ``scoped``, in
    /// every open lifetime scope, which stay open).
    ///
    /// Instances are released newest first, outside any lock; a `deinit` may resolve again.
    /// ``unique`` and ``graph`` hold nothing, so resetting them does nothing.
    public func reset() {
        dropInstancesEverywhere()
    }

    /// The scope's name.
    public var description: String { name }
}
