// Concurrency rule: none of its own. A `StorageState` is the value inside one
// `InstanceStorage`'s lock (its `state`) and is read and changed only under it. It runs
// no user code, reads no process-wide state (the caller passes the override count in) and
// takes no lock: the async builds it records are guarded by the same lock (InFlightTask.swift).

/// What a thread's claim decided (``StorageState/claim(_:hash:scope:thread:overridesSeen:overridesNow:)``).
package enum ThreadClaim {
    /// The held instance, or `.closed`.
    case held(Lookup)
    /// The claiming thread is already building the key: a cycle.
    case cycle
    /// Another thread is building the key: the claimant is counted among the threads
    /// waiting for that build (`serial`), and must take its instance with
    /// ``StorageState/takeHandoff(of:)`` once it is there.
    case wait(serial: UInt64, owner: ObjectIdentifier)
    /// The claimant's build is recorded in flight: run the body, then finish the build.
    case run
    /// An override changed since the claimant read them: look them up again (the body it
    /// would run may be the replaced one), then claim again. Nothing was recorded.
    case overridesChanged
}

/// What the fast read of a storage without a lock-free index (a child lifetime scope's)
/// found for a registration's only instance (``EntryTable/read(_:hash:)``).
package enum ScopeRead {
    /// The instance held, without a deadline.
    case held(Lookup)
    /// Nothing filed for the key: the reading thread may record its build in the same
    /// critical section (``StorageState/claimAbsent(_:hash:scope:thread:overridesSeen:overridesNow:)``).
    case absent
    /// An entry the fast read does not answer for (one with a deadline): the general claim
    /// decides.
    case unreadable
}

/// What an async resolve's claim decided
/// (``StorageState/claim(_:hash:scope:newBuild:overridesSeen:overridesNow:)``).
package enum TaskClaim {
    /// The held instance, or `.closed`.
    case held(Lookup)
    /// An async build of the key is in flight: await it as waiter `waiter`.
    case join(InFlightTask, waiter: UInt64)
    /// `newBuild` is recorded in flight, with the claimant as its first waiter
    /// (``InFlightTask/firstWaiter``): start it.
    case run(InFlightTask, waiter: UInt64)
    /// No build is in flight and none was offered: claim again with a new build.
    case needsBuild
    /// An override changed since the claimant read them: look them up again, then claim
    /// again. Nothing was recorded.
    case overridesChanged
}

/// How many times any container's overrides changed (`register`, a factory's or a
/// container's `reset()`): a resolve reads the count before it looks up the override,
/// and records a build only if the count is the same then, under the storage's lock.
/// A `register` changes the override, counts, then invalidates the builds in flight
/// under that lock: so a build with a replaced body is either invalidated by it or sees
/// the new count and looks again, and no instance made with a replaced body is kept
/// once the change has returned (a third new-user evaluation found one kept after the
/// last `register` returned, in 5 to 25 of 40 rounds).
package enum OverrideChanges {
    /// The count now.
    @inline(__always)
    package static var now: UInt { ProcessWideWord.overrideChanges.word.load(ordering: .sequentiallyConsistent) }

    /// Counts one change (after it is made).
    package static func count() {
        ProcessWideWord.overrideChanges.word.add(1, ordering: .sequentiallyConsistent)
    }
}

/// One storage's state, as a state machine that threads and tasks share: its instances
/// (`table`), its builds in flight whoever runs them, the instances of finished builds
/// that waiting threads have yet to take (`handoffs`), and the closed flag.
///
/// A caller waiting for a build gets that build's instance, whatever happens while it
/// runs: a `register`, a reset or a close during the build keeps it from being stored,
/// not from reaching the callers already waiting for it (threads here, a task's joiners
/// in ``InFlightTask``). A resolve that starts after the change never waits for it.
/// ``InstanceStorage`` holds it in its lock and carries out the effects (waiting, waking,
/// publishing to the lock-free index, ending builds, releasing instances).
@usableFromInline
package struct StorageState {
    package var table = EntryTable()
    package var closed = false
    /// The close's count (``ProcessWideCounter/closes``) once closed, 0 before.
    package var closedAt: UInt64 = 0
    /// Threads waiting for a build here: a finished build wakes them only if there are any.
    package var waiters = 0
    /// The serial of the next build recorded in flight.
    private var nextSerial: UInt64 = 0
    /// What finished builds left for the threads that waited for them, by build serial:
    /// the instance (nil: the build made nothing to share, a value under `.shared`) and how
    /// many waiting threads have yet to take it. Empty unless threads wait.
    private var handoffs: [UInt64: (instance: Lookup?, remaining: Int)] = .init()
    /// The async builds in flight here, by builder identity (each is also in `table`'s
    /// builds in flight, so resets and closes invalidate it as they do a thread's).
    package var asyncBuilds: [ObjectIdentifier: InFlightTask] = .init()
    /// The state of the container whose storage this is (its open children, overrides,
    /// observers: ``ContainerNode/state``), under the same lock: one lock per container.
    /// Not part of the build protocol; empty in the singletons' storages.
    package var node = ContainerNode.State()

    /// One look at `key` for the thread `me`: the held instance, a cycle, another
    /// thread's build to wait for, a closed storage, or — recording `me`'s build in flight —
    /// a build to run. A resolve never waits for a build that a `register`, reset or close
    /// invalidated (``EntryTable/builder(of:hash:)``): it builds anew.
    ///
    /// `overridesSeen`: the ``OverrideChanges`` count read before the claimant looked up
    /// the override; `overridesNow`: the count read under the storage's lock. A build is
    /// recorded only if they are equal.
    package mutating func claim(
        _ key: StorageKey, hash: Int, scope: Scope, thread me: ObjectIdentifier, overridesSeen: UInt, overridesNow: UInt
    ) -> ThreadClaim {
        let filed = table.position(of: key, hash: hash)
        if let held = table.liveInstance(at: filed) { return .held(held) }
        if table.isBuilding(key, hash: hash, by: me) { return .cycle }
        if let owner = table.builder(of: key, hash: hash) {
            return .wait(serial: table.addWaiter(for: key, hash: hash, by: owner), owner: owner)
        }
        if closed { return .held(.closed) }
        if overridesSeen != overridesNow { return .overridesChanged }
        startBuild(of: key, hash: hash, scope: scope, by: me, filed: filed != nil)
        return .run
    }

    /// Records the thread `me`'s build of `key`, which ``EntryTable/read(_:hash:)`` found absent in
    /// the same critical section, when nothing else is to decide: no build of it in flight
    /// (a cycle, another thread's build to wait for), the storage open, no override changed
    /// since `overridesSeen`. Returns whether it recorded it, as a ``claim(_:hash:scope:thread:overridesSeen:overridesNow:)``
    /// answering `.run` does; otherwise nothing changed and the general claim decides.
    package mutating func claimAbsent(
        _ key: StorageKey, hash: Int, scope: Scope, thread me: ObjectIdentifier, overridesSeen: UInt, overridesNow: UInt
    ) -> Bool {
        guard !closed, overridesSeen == overridesNow, !table.isBuilding(key, hash: hash) else { return false }
        startBuild(of: key, hash: hash, scope: scope, by: me, filed: false)
        return true
    }

    /// Records `builder`'s build of `key` in flight, with the next serial; `filed`: whether
    /// the claim found an entry of `key` (alive or not).
    private mutating func startBuild(of key: StorageKey, hash: Int, scope: Scope, by builder: ObjectIdentifier, filed: Bool) {
        nextSerial &+= 1
        table.startBuild(of: key, hash: hash, scope: scope, by: builder, serial: nextSerial, filed: filed)
    }

    /// One look at `key` for an async resolve: the held instance, the async build in
    /// flight to join, a closed storage, or — recording `newBuild` in flight, the claimant
    /// its first waiter — a build to start (`.needsBuild` if none was offered).
    /// The counts as for a thread's claim.
    package mutating func claim(
        _ key: StorageKey, hash: Int, scope: Scope, newBuild: InFlightTask?, overridesSeen: UInt, overridesNow: UInt
    ) -> TaskClaim {
        let filed = table.position(of: key, hash: hash)
        if let held = table.liveInstance(at: filed) { return .held(held) }
        // An abandoned build is forgotten in the step that abandons it: one here is joinable.
        if let owner = table.builder(of: key, hash: hash), let build = asyncBuilds[owner] {
            return .join(build, waiter: build.joinHoldingStorageLock())
        }
        if closed { return .held(.closed) }
        if overridesSeen != overridesNow { return .overridesChanged }
        guard let build = newBuild else { return .needsBuild }
        let id = ObjectIdentifier(build)
        startBuild(of: key, hash: hash, scope: scope, by: id, filed: filed != nil)
        asyncBuilds[id] = build
        return .run(build, waiter: InFlightTask.firstWaiter)
    }

    /// Ends `builder`'s build of `key`, in flight or not: whether `holding` may be filed
    /// (false: the build was invalidated, the storage closed, or it made nothing), and
    /// whether an entry of `key` may be filed already (for ``EntryTable/append(_:hash:mayFindFiled:)``).
    /// The threads waiting for the build are handed `holding`'s instance either way.
    package mutating func endBuild(
        _ key: StorageKey, hash: Int, by builder: ObjectIdentifier, holding: StoredEntry.Holding
    ) -> (files: Bool, mayFindFiled: Bool) {
        // An async build leaves the table of builds to join in the same step as it leaves
        // the builds in flight: a resolve between the two would start another.
        if !asyncBuilds.isEmpty { asyncBuilds[builder] = nil }
        let build = table.endBuild(of: key, hash: hash, by: builder)
        if build.waiting > 0 { handoffs[build.serial] = (holding.held, build.waiting) }
        return (build.valid && !closed && !holding.isVacant, build.mayFindFiled)
    }

    /// The instance the build `serial` left for a thread that waited for it, once it has
    /// finished: `.some(nil)` if it made none to share (the thread claims again), nil
    /// while it still runs. The last waiting thread to take it removes it.
    package mutating func takeHandoff(of serial: UInt64) -> Lookup?? {
        guard var handoff = handoffs[serial] else { return nil }
        handoff.remaining -= 1
        handoffs[serial] = handoff.remaining == 0 ? nil : handoff
        return .some(handoff.instance)
    }

    /// Whether the build `serial` is still running, for a thread counted among its waiters
    /// that has not taken its instance yet (after the last one takes it, this is true again).
    package func isRunning(_ serial: UInt64) -> Bool {
        handoffs[serial] == nil
    }

    /// Forgets `build`, abandoned by its last waiter: the next claim starts a new one.
    package mutating func forget(_ build: ObjectIdentifier, of key: StorageKey, hash: Int) {
        asyncBuilds[build] = nil
        _ = table.endBuild(of: key, hash: hash, by: build)  // an async build: no thread waits
    }

    /// Invalidates the builds in flight that `shouldRemove` selects (but those of the
    /// thread `exempt` and the async build `exemptBuild`: a reset inside a body is part of
    /// that build) and removes the entries it selects, oldest first.
    ///
    /// Threads waiting for an invalidated build go on waiting for it: it hands them its
    /// instance when it finishes, as an invalidated async build does to its joiners.
    ///
    /// - Returns: The removed entries, and the async builds invalidated (to end, for a close).
    package mutating func invalidateAndRemove(
        exempting exempt: ObjectIdentifier?, _ exemptBuild: ObjectIdentifier?, where shouldRemove: (StoredEntry) -> Bool
    ) -> (removed: [StoredEntry], asyncInvalidated: [(build: InFlightTask, key: StorageKey, scope: Scope)]) {
        let invalidated = table.invalidateBuilds(exempting: exempt, exemptBuild) { key, scope in
            shouldRemove(StoredEntry(holding: .vacant, key: key, scope: scope))
        }
        let asyncInvalidated = invalidated.compactMap { builder, key, scope in asyncBuilds[builder].map { ($0, key, scope) } }
        return (table.removeAll(where: shouldRemove), asyncInvalidated)
    }
}
