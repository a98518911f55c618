// No shared state. This is the one place that says what each kind of scope does with
// its instances: where they live (`home`), whether weakly, how long (`rank`), which
// ones can be captured by a longer-lived instance, and what `Scope.reset()` reaches.
// The resolve paths (Resolve.swift), `ScopeNode.holder(of:overriddenIn:)`,
// `Registration.reset()` and `Scope.reset()` ask these properties and decide nothing
// on their own.

extension Scope.Kind {
    /// Where the instances of a scope live, seen from the container that resolves.
    @usableFromInline
    package enum Home {
        /// Nowhere: every resolve builds (`.unique`).
        case none
        /// In the current top-level resolve, for everything it builds (`.graph`).
        case graph
        /// In the resolving lifetime scope; at a root, in the root (`.scoped`).
        case lifetimeScope
        /// In the root container, whichever child resolves (`.cached`, `.shared`, custom).
        case root
        /// In the process's singletons, or the current isolation's (`.singleton`).
        case process
    }

    /// Where instances of this kind live (an override moves `.root` and `.process`
    /// instances to the container that holds the override).
    @inlinable @inline(__always)
    package var home: Home {
        switch self {
        case .unique: .none
        case .graph: .graph
        case .scoped: .lifetimeScope
        case .cached, .shared: .root
        case .singleton: .process
        }
    }

    /// Whether the container keeps its instance weakly (`.shared`: class instances only;
    /// a value type is built anew on every resolve).
    @inlinable @inline(__always)
    package var keepsWeakly: Bool { self == .shared }

    /// How long a scope of this kind keeps what it holds; captive-dependency checks
    /// compare these.
    package var rank: UInt8 {
        switch self {
        case .unique, .graph: 0
        case .shared: 1
        case .scoped: 2
        case .cached: 3
        case .singleton: 4
        }
    }

    /// Whether an instance of this kind outlives every lifetime scope (cached, custom,
    /// singleton): resolving a short-lived one from its body captures that one.
    package var outlivesLifetimeScopes: Bool { rank >= Scope.Kind.cached.rank }

    /// Whether an instance of this kind may be gone while a longer-lived one still holds
    /// it: a `.shared` one, or a `.scoped` one owned by a child lifetime scope.
    package func isShortLived(ownedByChild: Bool) -> Bool {
        keepsWeakly || (home == .lifetimeScope && ownedByChild)
    }

    /// Whether a container holds instances of this kind (what a resolve may find without
    /// building, and what `Scope.reset()` may drop).
    @inlinable @inline(__always)
    package var holdsInstances: Bool { home != .none && home != .graph }
}
