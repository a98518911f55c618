// Concurrency rule: `state` (one `Locked`) guards the entry table, the closed flag and
// the build generation. No lock is held while a factory body runs: a first resolve
// records its build in flight (key and thread), unlocks, runs the body, then locks
// again to store the instance. Other threads that want the same key wait on the lock's
// condition (not on the lock), so resolves of other keys go on; the thread that is
// building it finding its own marker is a cycle and stops; a wait that would close a
// cycle across threads stops too (WaitGraph.swift). Removed instances are
// handed back to the caller and released after unlocking, newest first, so a
// `deinit` may resolve from the container again. The resolve fast path
// (`ScopeNode.fastResolve`) reads held instances from the storage's `HeldIndex`
// without this lock (a child scope's storage has no index: there it reads its slot
// under the lock); it never builds, waits or stores, and runs unique/graph bodies with
// no lock held. The index is written only here, under `state`.

/// Where a cached instance is filed: its registration and, for per-parameter
/// factories, the parameter.
@usableFromInline
package struct StorageKey: Hashable, CustomStringConvertible {
    package let registration: RegistrationKey
    /// The parameter of a per-parameter factory's instance (nil for every other), boxed:
    /// the common key without a parameter carries one word for it.
    package let parameterBox: ParameterBox?

    /// The key made of `registration` and, for a per-parameter factory, its parameter.
    @usableFromInline
    package init(_ registration: RegistrationKey, box: ParameterBox?) {
        self.registration = registration
        self.parameterBox = box
    }

    /// The key of a registration's only instance (no per-parameter part).
    package init(_ registration: RegistrationKey) {
        self.registration = registration
        self.parameterBox = nil
    }

    @usableFromInline package static func == (lhs: StorageKey, rhs: StorageKey) -> Bool {
        guard lhs.registration == rhs.registration else { return false }
        switch (lhs.parameterBox, rhs.parameterBox) {
        case (nil, nil): return true
        case (let left?, let right?): return left === right || left.hash == right.hash && left.holdsSameParameter(as: right)
        default: return false
        }
    }

    @usableFromInline package func hash(into hasher: inout Hasher) {
        hasher.combine(registration)
        if let parameterBox { hasher.combine(parameterBox.hash) }
    }

    /// What `Dictionary` hashes with: the registration's ``RegistrationKey/quickHash``
    /// mixed with the table's seed, without running SipHash over it (the parameter, when
    /// there is one, is hashed normally).
    @usableFromInline package func _rawHashValue(seed: Int) -> Int {
        var hash = UInt(bitPattern: registration.quickHash ^ seed) &* 0x9E37_79B9_7F4A_7C15
        if let parameterBox { hash ^= UInt(bitPattern: parameterBox.hash) }
        return Int(bitPattern: hash ^ (hash >> 29))
    }

    /// `detail[3] (DetailViewModel)`.
    @usableFromInline package var description: String {
        guard let parameterBox else { return registration.description }
        return "\(registration.memberName)[\(parameterBox.description)] (\(registration.typeName))"
    }
}

/// A weak reference to the container that reports a singleton's events.
package final class WeakReporter {
    package weak var manager: ScopeNode?
    package init(_ manager: ScopeNode) { self.manager = manager }
}

/// Strong storage of an instance that is not itself a class instance (a struct, an
/// existential): see ``Payload``.
@usableFromInline
package class AnyInstanceBox {
    @usableFromInline init() {}
    /// The boxed value's identity when it is a class instance (for events).
    package var identity: ObjectIdentifier? { nil }
}

@usableFromInline
package final class InstanceBox<T>: AnyInstanceBox {
    @usableFromInline package let value: T
    @usableFromInline package init(_ value: T) { self.value = value }
    override package var identity: ObjectIdentifier? { instanceIdentity(of: value) }
}

/// How an instance is kept in storage and in a graph: a class instance as itself (one
/// reference to retain on a read), anything else in an ``InstanceBox``.
@usableFromInline
package enum Payload {
    /// Whether a `T` is kept as itself: a class type (one word). Constant once `T` is known.
    @inlinable @inline(__always)
    package static func isDirect<T>(_: T.Type) -> Bool {
        T.self is AnyObject.Type && MemoryLayout<T>.size == MemoryLayout<AnyObject>.size
    }

    @inlinable @inline(__always)
    package static func wrap<T>(_ value: T) -> AnyObject {
        isDirect(T.self) ? unsafeBitCast(value, to: AnyObject.self) : InstanceBox(value)
    }

    @inlinable @inline(__always)
    package static func unwrap<T>(_ payload: AnyObject, as _: T.Type) -> T {
        isDirect(T.self) ? unsafeBitCast(payload, to: T.self) : unsafeDowncast(payload, to: InstanceBox<T>.self).value
    }

    /// A `.shared` instance read back from its weak reference.
    @inlinable @inline(__always)
    package static func unwrapWeak<T>(_ object: AnyObject, as _: T.Type) -> T {
        isDirect(T.self) ? unsafeBitCast(object, to: T.self) : object as! T
    }

    /// The identity of the instance in `payload`, when it is a class instance.
    package static func identity(of payload: AnyObject) -> ObjectIdentifier? {
        if let box = payload as? AnyInstanceBox { return box.identity }
        return ObjectIdentifier(payload)
    }
}

/// Weak storage of a class instance (the `.shared` scope).
package final class WeakInstance {
    package weak var object: AnyObject?
    package let identity: ObjectIdentifier
    package init(_ object: AnyObject) {
        self.object = object
        identity = ObjectIdentifier(object)
    }
}

/// A held instance together with what events need to describe it.
package struct StoredEntry {
    package enum Slot {
        /// A ``Payload``.
        case strong(AnyObject)
        case weak(WeakInstance)
        /// Removed from its ``EntryTable`` (a hole until the table is compacted); no
        /// lookup returns it.
        case vacant

        package var isVacant: Bool {
            if case .vacant = self { return true }
            return false
        }
    }

    package var slot: Slot
    package let key: StorageKey
    package let scope: Scope
    /// For singletons (a storage shared by every root): the root that resolved it, which
    /// reports its release. Boxed, so that copying an entry copies no weak reference.
    package var reporterBox: WeakReporter?

    /// The container that reports this entry's release, when the storage's own owner can't.
    package var reporter: ScopeNode? { reporterBox?.manager }

    /// The instance's identity when it is a class instance (for events); worked out only
    /// when an event asks.
    package var instance: ObjectIdentifier? {
        switch slot {
        case .vacant: return nil
        case .strong(let payload): return Payload.identity(of: payload)
        case .weak(let weak): return weak.identity
        }
    }

    /// Whether this entry is a hole left by a removal.
    package var isVacant: Bool { slot.isVacant }

    /// Whether an instance is held (false once a weak one died).
    package var isAlive: Bool {
        switch slot {
        case .vacant: return false
        case .strong: return true
        case .weak(let weak): return weak.object != nil
        }
    }
}

/// One table of instances: a root container's (cached, shared, custom scopes, scoped
/// at the root), a lifetime scope's (scoped), or the process's singletons.
@usableFromInline
package final class InstanceStorage: Sendable {
    package struct State {
        var table = EntryTable()
        var generation: UInt64 = 0
        var closed = false
        /// Threads waiting for a build here: a store wakes them only if there are any.
        var waiters = 0
    }

    package let state = Locked(State(), waitable: true)
    /// The lock-free read side (per-registration instances only), written under `state`;
    /// nil for a child lifetime scope's storage, which lives for one flow: publishing
    /// every instance there would cost more than its reads save.
    package let index: HeldIndex?
    /// `index`, not retained: the resolve fast path borrows it (`index` keeps it alive)
    /// instead of retaining it on every read, a write to a line all threads share.
    let readIndex: Unmanaged<HeldIndex>?

    /// - Parameter indexed: Whether reads go through a lock-free ``HeldIndex`` (roots and
    ///   singletons) or the locked table (child lifetime scopes).
    package init(indexed: Bool = true) {
        index = indexed ? HeldIndex() : nil
        readIndex = index.map { Unmanaged.passUnretained($0) }
    }

    /// What a lookup found.
    @usableFromInline
    package enum Outcome {
        /// A held payload (strong), retained for the caller.
        case held(AnyObject)
        /// A live `.shared` instance.
        case heldWeakly(AnyObject)
        /// `build` ran: the caller has the value.
        case built
        /// The storage is closed (a lifetime scope after `close()`).
        case closed
    }

    private enum Lookup {
        case found(Outcome)
        case mustBuild
        case cycle
        case wait(generation: UInt64, owner: ObjectIdentifier)
    }

    /// Returns the stored instance for `key`, or builds it exactly once with `build`,
    /// which returns the payload to keep (nil: keep nothing, a value type under `.shared`).
    /// Never inlined into the resolve path: compiled on its own, it inlines the entry
    /// table's lookups (callgrind: about 200 instructions less per first build).
    @usableFromInline @inline(never)
    package func instance(
        for key: StorageKey, scope: Scope, weakly: Bool, reporter: ScopeNode?,
        context: ResolutionContext, onCycle: () -> Never,
        build: () -> AnyObject?
    ) -> Outcome {
        let me = context.identity
        let hash = key.registration.quickHash
        while true {
            let lookup: Lookup = state.withLock { state in
                if let (object, weakly) = state.table.liveInstance(of: key, hash: hash) {
                    return .found(weakly ? .heldWeakly(object) : .held(object))
                }
                if let builder = state.table.builder(of: key, hash: hash) {
                    if builder == me { return .cycle }
                    return .wait(generation: state.generation, owner: builder)
                }
                if state.closed { return .found(.closed) }
                state.table.startBuild(of: key, hash: hash, scope: scope, by: me)
                return .mustBuild
            }
            switch lookup {
            case .found(let outcome):
                return outcome
            case .cycle:
                onCycle()
            case .mustBuild:
                let slot: StoredEntry.Slot = build().map { weakly ? .weak(WeakInstance($0)) : .strong($0) } ?? .vacant
                store(
                    slot, for: key, hash: hash, scope: scope, reporter: reporter.map(WeakReporter.init), builtBy: me)
                return .built
            case .wait(let generation, let owner):
                let state = self.state
                WaitGraph.willWait(me, for: owner, building: key.description) {
                    state.withLock { $0.generation == generation }
                }
                // A store between the lookup and this count changed the generation: the
                // wait below returns at once, so no wake-up is missed.
                state.withLock { $0.waiters += 1 }
                state.wait { $0.generation == generation }
                state.withLock { $0.waiters -= 1 }
                WaitGraph.didWait(me)
            }
        }
    }

    /// Ends `me`'s build of `key` and files what it made (`.vacant`: keep nothing, a value
    /// type under `.shared`) unless the storage closed meanwhile; wakes the threads
    /// waiting for it.
    private func store(
        _ slot: StoredEntry.Slot, for key: StorageKey, hash: Int, scope: Scope, reporter: WeakReporter?,
        builtBy me: ObjectIdentifier
    ) {
        // Released after unlocking: a `.shared` instance's dead entry this one replaces,
        // and the index's previous payload.
        let (dead, replaced, wake): ([StoredEntry], UInt, Bool) = state.withLock { state in
            state.generation &+= 1
            let wake = state.waiters > 0
            guard state.table.finishBuild(of: key, hash: hash, by: me), !state.closed, !slot.isVacant else {
                return ([], 0, wake)
            }
            let dead = state.table.append(
                StoredEntry(slot: slot, key: key, scope: scope, reporterBox: reporter), hash: hash)
            guard key.parameterBox == nil, let index else { return (dead, 0, wake) }
            return (dead, index.publish(slot, for: key.registration), wake)
        }
        if wake { state.broadcast() }
        HeldIndex.release(replaced)
        _ = dead
    }

    /// Removes every entry that `shouldRemove` selects and returns them oldest first; the
    /// caller releases them, newest first, after this returns, outside the lock. Builds in
    /// flight that it selects are invalidated: they finish for their callers, but what
    /// they make is not stored (a `register`, `reset` or close on another thread wins over
    /// a build that started before it; one that the build's own body makes, on its own
    /// thread, is part of that build and leaves it be).
    package func remove(where shouldRemove: (StoredEntry) -> Bool) -> [StoredEntry] {
        let me = ResolutionContext.current.identity
        let (removed, cleared): ([StoredEntry], [UInt]) = state.withLock { state in
            state.table.invalidateBuilds(exempting: me) { key, scope in
                shouldRemove(StoredEntry(slot: .vacant, key: key, scope: scope, reporterBox: nil))
            }
            let removed = state.table.removeAll(where: shouldRemove)
            guard let index else { return (removed, []) }
            return (removed, removed.compactMap { $0.key.parameterBox == nil ? index.clear($0.key.registration) : nil })
        }
        // Each removed entry still holds its instance: these releases run no `deinit`.
        for bits in cleared { HeldIndex.release(bits) }
        return removed
    }

    /// Marks the storage closed (no more builds) and removes everything it holds.
    package func close() -> (wasOpen: Bool, removed: [StoredEntry]) {
        let wasOpen = state.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        return (wasOpen, remove { _ in true })
    }

    /// Whether any entry of `scope` is here, built or being built.
    package func holdsInstances(of scope: Scope) -> Bool {
        state.withLock { state in
            state.table.isBuilding(scope) || state.table.contains { $0.scope === scope }
        }
    }

    package var isClosed: Bool { state.withLock { $0.closed } }

    /// How many entries are filed, dead weak ones included (what the storage's memory
    /// grows with).
    package var filedCount: Int {
        state.withLock { $0.table.filedCount }
    }

    /// How many instances (not in-flight builds) are held, live weak ones included.
    package var count: Int {
        state.withLock { state in
            state.table.count(where: \.isAlive)
        }
    }
}

/// The identity of `value` when it is a class instance, for events and tests.
@usableFromInline
package func instanceIdentity<T>(of value: T) -> ObjectIdentifier? {
    type(of: value as Any) is AnyClass ? ObjectIdentifier(value as AnyObject) : nil
}
