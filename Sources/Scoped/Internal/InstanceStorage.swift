// Concurrency rule: `state` (one `Locked`) guards the entry table, the closed flag and
// the build generation. No lock is held while a factory body runs: a first resolve
// marks its entry `.building(thread)`, unlocks, runs the body, then locks again to
// store the instance. Other threads that want the same key wait on the lock's
// condition (not on the lock), so resolves of other keys go on; the thread that is
// building it finding its own marker is a cycle and stops; a wait that would close a
// cycle across threads stops too (WaitGraph.swift). Removed instances are
// handed back to the caller and released after unlocking, newest first, so a
// `deinit` may resolve from the container again.

/// Where a cached instance is filed: its registration and, for per-parameter
/// factories, the parameter.
package struct StorageKey: Hashable, CustomStringConvertible {
    package let registration: RegistrationKey
    package let parameter: AnyHashable?

    package init(_ registration: RegistrationKey, parameter: AnyHashable?) {
        self.registration = registration
        self.parameter = parameter
    }

    /// `detail[3] (DetailViewModel)`.
    package var description: String {
        guard let parameter else { return registration.description }
        return "\(registration.memberName)[\(parameter.base)] (\(registration.typeName))"
    }
}

/// Strong storage of an instance of any type.
package final class InstanceBox<T> {
    package let value: T
    package init(_ value: T) { self.value = value }
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
    /// Creation order inside its storage: releases go newest first.
    package let order: UInt64
    /// The instance's identity when it is a class instance (for events).
    package var instance: ObjectIdentifier?

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

    package let state = Locked(State())

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
        for key: StorageKey, scope: Scope, weakly: Bool,
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
                state.nextOrder &+= 1
                state.entries[key] = StoredEntry(
                    slot: .building(owner: me), key: key, scope: scope, order: state.nextOrder, instance: nil)
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
                WaitGraph.willWait(me, for: waitOwner, building: key.description)
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
