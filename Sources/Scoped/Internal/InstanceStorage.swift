// Concurrency rule: `state` (one `Locked`) guards the entry table, the closed flag and
// the build generation. No lock is held while a factory body runs: a first resolve
// marks its entry `.building(thread)`, unlocks, runs the body, then locks again to
// store the instance. Other threads that want the same key wait on the lock's
// condition (not on the lock), so resolves of other keys go on; the thread that is
// building it finding its own marker is a cycle and stops; a wait that would close a
// cycle across threads stops too (WaitGraph.swift). Removed instances are
// handed back to the caller and released after unlocking, newest first, so a
// `deinit` may resolve from the container again. The resolve fast path
// (`ContainerManager.fastResolve`) only reads a built slot under the lock; it never
// builds, waits or stores, and runs unique/graph bodies with no lock held.
import Synchronization

/// Where a cached instance is filed: its registration and, for per-parameter
/// factories, the parameter.
package struct StorageKey: Hashable, CustomStringConvertible {
    /// A per-parameter key, boxed: `AnyHashable` is a resilient type whose every copy,
    /// comparison and hash goes through value witnesses, so the common key without a
    /// parameter must not carry one inline.
    private final class ParameterBox {
        let value: AnyHashable
        init(_ value: AnyHashable) { self.value = value }
    }

    package let registration: RegistrationKey
    private let parameterBox: ParameterBox?

    /// The parameter of a per-parameter factory's instance (nil for every other).
    package var parameter: AnyHashable? { parameterBox?.value }

    package init(_ registration: RegistrationKey, parameter: AnyHashable?) {
        self.registration = registration
        self.parameterBox = parameter.map(ParameterBox.init)
    }

    /// The key of a registration's only instance (no per-parameter part).
    package init(_ registration: RegistrationKey) {
        self.registration = registration
        self.parameterBox = nil
    }

    package static func == (lhs: StorageKey, rhs: StorageKey) -> Bool {
        guard lhs.registration == rhs.registration else { return false }
        switch (lhs.parameterBox, rhs.parameterBox) {
        case (nil, nil): return true
        case (let left?, let right?): return left === right || left.value == right.value
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(registration)
        if let parameterBox { hasher.combine(parameterBox.value) }
    }

    /// `detail[3] (DetailViewModel)`.
    package var description: String {
        guard let parameter else { return registration.description }
        return "\(registration.memberName)[\(parameter.base)] (\(registration.typeName))"
    }
}

/// A weak reference to the container that reports a singleton's events.
package final class WeakReporter {
    package weak var manager: ContainerManager?
    package init(_ manager: ContainerManager) { self.manager = manager }
}

/// Strong storage of an instance of any type.
@usableFromInline
package final class InstanceBox<T> {
    @usableFromInline package let value: T
    @usableFromInline package init(_ value: T) { self.value = value }
}

/// Weak storage of a class instance (the `.shared` scope).
package final class WeakInstance {
    package weak var object: AnyObject?
    package init(_ object: AnyObject) { self.object = object }
}

/// A held instance together with what events need to describe it.
package struct StoredEntry {
    package enum Slot {
        case building(owner: ObjectIdentifier)
        case strong(AnyObject)
        case weak(WeakInstance)
    }

    package var slot: Slot
    package let key: StorageKey
    package let scope: Scope
    /// Order in which builds *finished* inside its storage (a dependency finishes before
    /// the instance that resolved it): releases go newest first, dependents before
    /// their dependencies.
    package var order: UInt64
    /// The instance's identity when it is a class instance (for events).
    package var instance: ObjectIdentifier?
    /// For singletons (a storage shared by every root): the root that resolved it, which
    /// reports its release. Boxed, so that copying an entry copies no weak reference.
    package var reporterBox: WeakReporter?

    /// The container that reports this entry's release, when the storage's own owner can't.
    package var reporter: ContainerManager? { reporterBox?.manager }

    /// Whether an instance is held (false while building or once a weak one died).
    package var isAlive: Bool {
        switch slot {
        case .building: return false
        case .strong: return true
        case .weak(let weak): return weak.object != nil
        }
    }
}

/// One table of instances: a root container's (cached, shared, custom scopes, scoped
/// at the root), a lifetime scope's (scoped), or the process's singletons.
package final class InstanceStorage: Sendable {
    package struct State {
        var entries: [StorageKey: StoredEntry] = [:]
        var nextOrder: UInt64 = 0
        var generation: UInt64 = 0
        var closed = false
    }

    package let state = Locked(State(), waitable: true)

    package init() {}

    /// The outcome of looking a key up.
    package enum Lookup<T> {
        case found(T)
        case mustBuild
        case cycle
        case closed
    }

    /// Returns the stored instance for `key`, or builds it exactly once with `build`.
    ///
    /// - Returns: the instance and whether this call created it; `nil` if the storage is
    ///   closed (a lifetime scope after `close()`).
    @inline(__always)
    package func instance<T>(
        for key: StorageKey, scope: Scope, weakly: Bool, reporter: ContainerManager?,
        context: ResolutionContext, onCycle: () -> Never,
        build: () -> T
    ) -> (value: T, created: Bool)? {
        let me = context.identity
        while true {
            var waitGeneration: UInt64 = 0
            var waitOwner = me
            let lookup: Lookup<T>? = state.withLock { state in
                if let entry = state.entries[key] {
                    switch entry.slot {
                    case .strong(let box):
                        return .found(unsafeDowncast(box, to: InstanceBox<T>.self).value)
                    case .weak(let weak):
                        if let object = weak.object { return .found(object as! T) }
                    case .building(let owner):
                        if owner == me { return .cycle }
                        waitGeneration = state.generation
                        waitOwner = owner
                        return nil
                    }
                }
                if state.closed { return .closed }
                state.entries[key] = StoredEntry(
                    slot: .building(owner: me), key: key, scope: scope, order: 0, instance: nil, reporterBox: reporter.map(WeakReporter.init))
                return .mustBuild
            }
            switch lookup {
            case .found(let value)?:
                return (value, false)
            case .cycle?:
                onCycle()
            case .closed?:
                return nil
            case .mustBuild?:
                let value = build()
                store(value, for: key, weakly: weakly, builtBy: me)
                return (value, true)
            case nil:
                let state = self.state
                WaitGraph.willWait(me, for: waitOwner, building: key.description) { [waitGeneration] in
                    state.withLock { $0.generation == waitGeneration }
                }
                state.wait { $0.generation == waitGeneration }
                WaitGraph.didWait(me)
            }
        }
    }

    private func store<T>(_ value: T, for key: StorageKey, weakly: Bool, builtBy me: ObjectIdentifier) {
        let slot: StoredEntry.Slot?
        if weakly {
            // `.shared` keeps class instances weakly; a value type cannot be shared weakly,
            // so it behaves as `.unique` (nothing is kept).
            slot = type(of: value as Any) is AnyClass ? .weak(WeakInstance(value as AnyObject)) : nil
        } else {
            slot = .strong(InstanceBox(value))
        }
        let dropped: StoredEntry? = state.withLock { state in
            state.generation &+= 1
            guard var entry = state.entries[key], case .building(let owner) = entry.slot, owner == me else {
                return nil
            }
            if state.closed || slot == nil {
                return state.entries.removeValue(forKey: key)
            }
            entry.slot = slot!
            entry.instance = instanceIdentity(of: value)
            state.nextOrder &+= 1
            entry.order = state.nextOrder
            state.entries[key] = entry
            return nil
        }
        state.broadcast()
        _ = dropped
    }

    /// Removes every entry that `shouldRemove` selects (in-flight builds stay) and
    /// returns them oldest first; the caller releases them, newest first, after this
    /// returns, outside the lock.
    package func remove(where shouldRemove: (StoredEntry) -> Bool) -> [StoredEntry] {
        let removed: [StoredEntry] = state.withLock { state in
            var removed: [StoredEntry] = []
            for (key, entry) in state.entries where shouldRemove(entry) {
                if case .building = entry.slot { continue }
                removed.append(entry)
                state.entries[key] = nil
            }
            return removed
        }
        return removed.sorted { $0.order < $1.order }
    }

    /// Marks the storage closed (no more builds) and removes everything it holds.
    package func close() -> (wasOpen: Bool, removed: [StoredEntry]) {
        let wasOpen = state.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        return (wasOpen, remove { _ in true })
    }

    /// Whether any built entry of `scope` is here (in-flight builds don't count).
    package func holdsInstances(of scope: Scope) -> Bool {
        state.withLock { state in
            state.entries.values.contains { entry in
                if case .building = entry.slot { return false }
                return entry.scope === scope
            }
        }
    }

    package var isClosed: Bool { state.withLock { $0.closed } }

    /// How many instances (not in-flight builds) are held, live weak ones included.
    package var count: Int {
        state.withLock { state in
            state.entries.values.filter(\.isAlive).count
        }
    }
}

/// The identity of `value` when it is a class instance, for events and tests.
package func instanceIdentity<T>(of value: T) -> ObjectIdentifier? {
    type(of: value as Any) is AnyClass ? ObjectIdentifier(value as AnyObject) : nil
}

/// What `ContainerManager.fastResolve` did.
@usableFromInline
package enum FastResolve {
    /// A strongly held instance: the `InstanceBox<T>` it is kept in.
    case held(AnyObject)
    /// A live `.shared` instance.
    case heldWeakly(AnyObject)
    /// The body ran (a unique or graph build): the caller has the value.
    case built
    /// Nothing done: take the full path (first build, override, observer, isolation,
    /// per-parameter key, closed scope).
    case slow
}

extension InstanceStorage {
    /// The instance held for `key`; builds, waits and reports nothing.
    fileprivate func held(_ key: StorageKey) -> FastResolve {
        // Reads the slot in place (`inout`): copying the whole entry would retain its
        // scope, key and reporter only to release them again.
        func slot(of entry: inout StoredEntry) -> FastResolve {
            switch entry.slot {
            case .strong(let box):
                return .held(box)
            case .weak(let weak):
                guard let object = weak.object else { return .slow }
                return .heldWeakly(object)
            case .building:
                return .slow
            }
        }
        return state.withLock { state in
            guard let index = state.entries.index(forKey: key) else { return .slow }
            return slot(of: &state.entries.values[index])
        }
    }
}

extension ContainerManager {
    /// The resolve fast path, non-generic so that it is compiled once: returns the held
    /// instance of a caching scope, or runs `build` for a unique or graph registration
    /// (with its frame on this thread's stack, so cycles still stop). `build(true)` must
    /// return the value boxed (`InstanceBox<T>`), for the current graph.
    ///
    /// Returns `.slow` whenever the full path has something to do: an isolation domain
    /// or an observer is active anywhere, an override of `key` is visible from here, or
    /// no instance is held yet.
    @usableFromInline
    package func fastResolve(_ key: RegistrationKey, scope: Scope, build: (_ boxed: Bool) -> AnyObject?) -> FastResolve {
        fastResolve(StorageKey(key), scope: scope, build: build)
    }

    /// The fast path of a per-parameter factory: `parameter` is part of the key.
    @usableFromInline
    package func fastResolve(
        _ key: RegistrationKey, parameter: AnyHashable, scope: Scope, build: (_ boxed: Bool) -> AnyObject?
    ) -> FastResolve {
        fastResolve(StorageKey(key, parameter: parameter), scope: scope, build: build)
    }

    private func fastResolve(_ storageKey: StorageKey, scope: Scope, build: (_ boxed: Bool) -> AnyObject?) -> FastResolve {
        let key = storageKey.registration
        guard !IsolationDomain.isActive, !isObservedInChain else { return .slow }
        // A root without overrides (the common case) answers with one atomic load; a
        // child walks its chain.
        if parent != nil || overrideCount.load(ordering: .relaxed) != 0, override(for: key) != nil { return .slow }
        // The storages of `holder(of:overriddenIn:)` with no override, without taking a
        // reference to the owner (a retain per resolve that this path does not need).
        switch scope.kind {
        case .cached, .shared: return (parent == nil ? storage : root.storage).held(storageKey)
        case .scoped: return storage.held(storageKey)
        case .singleton: return singletons.held(storageKey)
        case .unique, .graph: break
        }
        // `.unique` or `.graph`: nothing is held, the body runs with its frame on the stack.
        let context = ResolutionContext.current
        let frame = BuildFrame(key: key, parameter: storageKey.parameter, scope: scope, ownedByChild: false)
        if scope.kind == .unique {
            _ = context.building(frame) { build(false) }
            return .built
        }
        if let held = context.graph[storageKey] { return .held(held) }
        context.buildInGraph(storageKey) { shared in context.building(frame) { build(shared) } }
        return .built
    }
}
