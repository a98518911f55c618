// Concurrency rule: this object's lock (it is a `Locked`) guards the storage's state machine (`StorageState`, below:
// pure, no lock of its own); this class carries out its decisions. No lock is held while a factory body runs: a build
// is recorded in flight, the lock released, the body run, the instance filed under the lock again; other threads wait
// on the lock's condition, and a cycle stops (WaitGraph.swift). Removed instances are released, and a close's async
// builds ended, after unlocking. The lock-free `HeldIndex` is written only here, under the lock. Async builds share
// the table of builds in flight, so resets and closes invalidate both.

/// One table of instances (a root's, a lifetime scope's, or the singletons), its own lock.
@usableFromInline
package final class InstanceStorage: Locked<StorageState>, @unchecked Sendable {  // @unchecked: its mutex guards its state
    @inline(__always) package var state: Locked<StorageState> { self }
    package let index: HeldIndex?  // the lock-free read side (per-registration instances only), written under `state`
    let readIndex: UnsafeReference<HeldIndex>?  // `index`, not retained: the resolve fast path borrows it
    /// Its table's first allocation: a child scope holds about as many as its parent's last closed child.
    let expectedEntries: Int

    /// `indexed`: whether reads go through a lock-free ``HeldIndex`` (roots and singletons) or the
    /// locked table (child lifetime scopes); `words`: the owning node's atomic words (``Locked/words``).
    package init(indexed: Bool = true, words: Int = 0, expectedEntries: Int = 0) {
        index = indexed ? HeldIndex() : nil
        readIndex = index.map { UnsafeReference.unretained($0) }
        self.expectedEntries = expectedEntries
        super.init(StorageState(), waitable: true, words: words)
    }

    /// The first half of the build protocol: the stored instance for the frame's key, or `.build`
    /// (recorded in flight; the caller must call `fileBuild`). Not given the body as a closure:
    /// none of it is on the stack while the body runs.
    @inline(never)
    package func claim(
        _ frame: ThreadFrame, scope: Scope, context: ResolutionContext, overridesSeen: UInt, reporter: ContainerNode
    ) -> Claimed {
        let key = frame.storageKey
        let me = context.identity
        let hash = key.registration.quickHash
        while true {
            let claim = state.withLock {
                $0.claim(
                    key, hash: hash, scope: scope, thread: me, overridesSeen: overridesSeen,
                    overridesNow: OverrideChanges.now)
            }
            switch claim {
            case .held(let outcome): return .held(outcome)
            case .cycle: context.reportReentrantBuild(of: frame)
            case .run: return .build
            case .overridesChanged: return .overridesChanged
            case .wait(let serial, let owner):
                // The build's instance, whatever happened while it ran; nil: it made none to share.
                if let instance = waitForBuild(serial, of: key, by: owner, me: me, scope: scope, reporter: reporter) {
                    return .held(instance)
                }
            }
        }
    }

    /// The fast read of a child's storage (no lock-free index). Given `overridesSeen`, a miss on
    /// a key with nothing filed records this thread's build in the same critical section, for
    /// the `beginBuild` right after it (``ResolutionContext/takeFastReadClaim(in:)``).
    @inline(never)
    package func readOrClaim(_ key: RegistrationKey, in node: ContainerNode, overridesSeen: UInt?) -> Lookup {
        let hash = key.quickHash
        return state.withLock { state in
            if let found = state.table.read(key, hash: hash) { return found }
            guard let overridesSeen, node.withRoot({ $0.autoRegistrationPending.load(ordering: .acquiring) == 0 })
            else { return .miss }
            claimAbsent(key, hash: hash, overridesSeen: overridesSeen, in: &state)
            return .miss
        }
    }

    @inline(never)
    private func claimAbsent(_ key: RegistrationKey, hash: Int, overridesSeen: UInt, in state: inout StorageState) {
        ResolutionContext.withCurrent { context in
            context.noteOutermostStart()  // before the claim, as `beginBuild` notes it
            if state.claimAbsent(
                StorageKey(key), hash: hash, scope: .scoped, thread: context.identity, overridesSeen: overridesSeen,
                overridesNow: OverrideChanges.now)
            {
                context.noteFastReadClaim(in: self)
            }
        }
    }

    /// What ``claim(_:scope:context:overridesSeen:)`` decided, once any wait is over.
    package enum Claimed {
        case held(Lookup)  // `.held`, `.heldWeakly`, or `.closed`
        case build
        case overridesChanged
    }

    /// The second half: ends this thread's build of the frame's key and files `holding`; false
    /// if the build was invalidated or the storage closed meanwhile.
    @inline(never) @discardableResult
    package func fileBuild(
        of frame: ThreadFrame, holding: StoredEntry.Holding, scope: Scope, reporter: ContainerNode?,
        context: ResolutionContext
    ) -> Bool {
        let key = frame.storageKey
        let deadline = frame.lifespan == Expiry.forever ? 0 : Expiry.deadline(lifespan: frame.lifespan, on: Expiry.currentClock)
        return store(
            holding, for: key, hash: key.registration.quickHash, scope: scope, reporter: reporter,
            builtBy: context.identity, deadline: deadline, builtThrough: Switches.now.recordsLeakChains && context.isBuilding ? LeakCheck.chain(in: context) : nil)
    }

    /// Waits until the build `serial` of `key`, which `owner` is running, finishes, and takes the
    /// instance it left for this thread (counted among its waiters, even if it was invalidated).
    /// A wait longer than ``LifecycleEvent/stalledBuildThreshold`` is reported once per build,
    /// after unlocking: a fault in the log, and `buildStalled` to `reporter`'s observers.
    @inline(never)
    private func waitForBuild(
        _ serial: UInt64, of key: StorageKey, by owner: ObjectIdentifier, me: ObjectIdentifier, scope: Scope,
        reporter: ContainerNode
    ) -> Lookup? {
        let state = self.state
        WaitGraph.willWait(me, for: owner, building: key.description, registration: key.registration) {
            state.withLock { $0.isRunning(serial) }
        }
        // A build that finished between the claim and this count left its instance: the wait
        // below returns at once, so no wake-up is missed.
        state.withLock { $0.waiters += 1 }
        if let threshold = EventHub.stalledBuildThreshold.withLock({ $0 }),
            state.wait(while: { $0.isRunning(serial) }, atMost: threshold),
            let callers = state.withLock({ $0.reportsStall(of: serial) })
        {
            reporter.reportStall(
                of: key, scope: scope, LifecycleEvent.Stall(seconds: threshold, callers: callers, awaitingBuilds: []),
                builder: " by another thread", waiting: "\(callers - 1) thread(s)",
                cause: "waits for one of them (DispatchQueue.main.sync, a semaphore)")
        }
        state.wait { $0.isRunning(serial) }
        // Off the waits-for graph while the handoff is still there (so `isRunning` says false).
        WaitGraph.didWait(me)
        return state.withLock { state in
            state.waiters -= 1
            return state.takeHandoff(of: serial)!
        }
    }

    /// Ends `me`'s build of `key` and files what it made.
    @inline(__always)
    func store(
        _ holding: StoredEntry.Holding, for key: StorageKey, hash: Int, scope: Scope, reporter: ContainerNode?,
        builtBy me: ObjectIdentifier, deadline: UInt64, builtThrough: [StorageKey]? = nil
    ) -> Bool {
        // Released after unlocking: a `.shared` instance's dead entry this one replaces.
        let (dead, replaced, wake, kept): ([StoredEntry]?, UInt, Bool, Bool) = state.withLock { state in
            let (files, mayFindFiled) = state.endBuild(key, hash: hash, by: me, holding: holding)
            let wake = state.waiters > 0
            guard files else { return (nil, 0, wake, false) }
            let dead = state.table.append(
                StoredEntry(
                    holding: holding, key: key, scope: scope, reporter: reporter, deadline: deadline,
                    builtThrough: builtThrough),
                hash: hash, mayFindFiled: mayFindFiled, firstCapacity: expectedEntries)
            guard key.parameterBox == nil, let index else { return (dead, 0, wake, true) }
            // An instance with a deadline is published with it, where a slot can hold it.
            let replaced =
                deadline == 0 || HeldIndex.holdsDeadlines
                ? index.publish(holding, for: key.registration, deadline: deadline) : index.clear(key.registration)
            return (dead, replaced, wake, true)
        }
        if wake { state.broadcast() }
        if replaced != 0 { HeldSlot.release(replaced) }  // a child's storage has no index
        _ = dead
        return kept
    }

    /// Removes every entry that `shouldRemove` selects (nil: all, none asked), oldest first, unless `first` (run first
    /// in the same critical section) calls the removal and close off.
    package func remove(
        where shouldRemove: ((StoredEntry) -> Bool)? = nil, closing: ContainerNode? = nil,
        first: (inout StorageState) -> Bool = { _ in true }
    ) -> [StoredEntry] {
        typealias Ended = (build: InFlightTask, key: StorageKey, scope: Scope)
        let (removed, cleared, ended): ([StoredEntry], [UInt], [Ended]) = state.withLock { state in
            guard first(&state) else { return ([], [], []) }
            if closing != nil {
                // Closed already (a node's `deinit` after its `close()`).
                guard !state.closed else { return ([], [], []) }
                state.closed = true
                state.closedAt = ProcessWideCounter.closes.next()
            }
            // This thread's builds are exempt, and an async body's reset is part of its own build.
            let (me, myAsyncBuild) =
                state.table.hasBuildsInFlight ? (ResolutionContext.current.identity, TaskChain.innermostBuild) : (nil, nil)
            let (removed, invalidated) = state.invalidateAndRemove(exempting: me, myAsyncBuild, where: shouldRemove)
            let ended: [Ended] = closing == nil ? [] : invalidated
            guard let index else { return (removed, [], ended) }
            let cleared = removed.compactMap { $0.key.parameterBox == nil ? index.clear($0.key.registration) : nil }
            return (removed, cleared, ended)
        }
        // Each removed entry still holds its instance: these releases run no `deinit`.
        for bits in cleared { HeldSlot.release(bits) }
        if let closing {
            for (build, key, scope) in ended { build.end(throwing: closing.closedError(key, scope: scope, duringBuild: true)) }
        }
        return removed
    }
    /// Marks the storage of `owner` closed (no more builds), removing everything it holds, unless `first` calls it off.
    package func close(of owner: ContainerNode, first: (inout StorageState) -> Bool = { _ in true }) -> [StoredEntry] {
        remove(closing: owner, first: first)
    }
    /// Whether any entry of `scope` is here, built or being built.
    package func holdsInstances(of scope: Scope) -> Bool {
        state.withLock { $0.table.isBuilding(scope) || $0.table.count { $0.scope === scope } != 0 }
    }
    /// How many entries are filed, dead weak ones included (what the storage's memory grows with).
    package var filedCount: Int { state.withLock { $0.table.filedCount } }
    /// How many instances (not in-flight builds) are held, live weak ones included.
    package var count: Int { state.withLock { $0.table.count(where: \.isAlive) } }
}

// MARK: Async builds

extension InstanceStorage {
    /// What ``claimAsync(_:scope:overridesSeen:makeBuild:)`` decided.
    package enum AsyncClaimed {
        case held(Lookup)  // `.held`, `.heldWeakly`, or `.closed`
        case join(InFlightTask, waiter: UInt64)  // a build of the key is in flight: await it as waiter `waiter`
        case run(InFlightTask, waiter: UInt64)  // a new build is in flight, the caller its first waiter: start it
        case overridesChanged  // an override changed after the caller looked it up: nothing was recorded; look again
    }

    /// One claim for an async resolve: the held instance, the build to join, or a new one to start.
    package func claimAsync(
        _ key: StorageKey, scope: Scope, overridesSeen: UInt, makeBuild: () -> InFlightTask
    ) -> AsyncClaimed {
        let hash = key.registration.quickHash
        var newBuild: InFlightTask?
        while true {
            let claim = state.withLock { [newBuild] in
                $0.claim(
                    key, hash: hash, scope: scope, newBuild: newBuild, overridesSeen: overridesSeen,
                    overridesNow: OverrideChanges.now)
            }
            if let claim { return claim }
            newBuild = makeBuild()
        }
    }

    package func fileAsyncBuild(
        of key: StorageKey, holding: StoredEntry.Holding, scope: Scope, reporter: ContainerNode?, build: InFlightTask,
        deadline: UInt64 = 0, builtThrough: [StorageKey] = []
    ) -> Bool {
        store(
            holding, for: key, hash: key.registration.quickHash, scope: scope, reporter: reporter,
            builtBy: ObjectIdentifier(build), deadline: deadline, builtThrough: builtThrough)
    }
}

// MARK: The state machine (a `StorageState` is the value inside one `InstanceStorage`'s lock)

/// What a thread's claim decided (``StorageState/claim(_:hash:scope:thread:overridesSeen:overridesNow:)``).
package enum ThreadClaim {
    case held(Lookup)  // or `.closed`
    case cycle  // the claiming thread is already building the key
    /// Another thread is building the key: the claimant, counted among its waiters, takes its instance with
    /// ``StorageState/takeHandoff(of:)`` once it is there.
    case wait(serial: UInt64, owner: ObjectIdentifier)
    case run  // the claimant's build is recorded in flight: run the body, then finish the build
    case overridesChanged  // an override changed since the claimant read them: look them up again
}

/// How many times any container's overrides changed.
package enum OverrideChanges {
    @inline(__always)
    package static var now: UInt { ProcessWideWord.overrideChanges.word.load(ordering: .sequentiallyConsistent) }
    /// Counts one change (after it is made).
    package static func count() { ProcessWideWord.overrideChanges.word.add(1, ordering: .sequentiallyConsistent) }
}

/// One storage's state machine, shared by threads and tasks. A caller waiting for a build gets its instance even if
/// a `register`, reset or close invalidated it (not stored).
@usableFromInline
package struct StorageState {
    package var table = EntryTable()
    package var closed = false
    package var closedAt: UInt64 = 0  // the close's count (``ProcessWideCounter/closes``) once closed, 0 before
    package var waiters = 0  // threads waiting for a build here: a finished build wakes them only if there are any
    /// The builds still running that a waiting thread reported as stalled (few: pruned at the
    /// next report, off the path of builds that do not stall).
    private var stallsReported: [UInt64] = []
    private var nextSerial: UInt64 = 0  // of the last build recorded in flight
    /// What finished builds left for the threads that waited for them, by build serial.
    private var handoffs: [UInt64: (instance: Lookup?, remaining: Int)] = .init()
    package var asyncBuilds: [ObjectIdentifier: InFlightTask] = .init()  // in flight here, by builder identity
    package var node = ContainerNode.State()  // the state of the container whose storage this is

    /// One look at `key` for the thread `me`: held, a cycle, a build to wait for, or `me`'s to run.
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

    /// Records the thread `me`'s build of `key`, which ``EntryTable/read(_:hash:)`` found absent in the
    /// same critical section, if nothing else decides: no build of it in flight, the storage open,
    /// no override changed since `overridesSeen`.
    package mutating func claimAbsent(
        _ key: StorageKey, hash: Int, scope: Scope, thread me: ObjectIdentifier, overridesSeen: UInt, overridesNow: UInt
    ) -> Bool {
        guard !closed, overridesSeen == overridesNow, !table.isBuilding(key, hash: hash) else { return false }
        startBuild(of: key, hash: hash, scope: scope, by: me, filed: false)
        return true
    }
    @inline(__always)  // into `claimAbsent` too (measured: outlined, 40 more instructions per first `.scoped` build)
    private mutating func startBuild(of key: StorageKey, hash: Int, scope: Scope, by builder: ObjectIdentifier, filed: Bool) {
        nextSerial &+= 1
        table.startBuild(of: key, hash: hash, scope: scope, by: builder, serial: nextSerial, filed: filed)
    }
    /// One look at `key` for an async resolve: the held instance, the build to join, `newBuild`
    /// recorded in flight with the claimant its first waiter, or nil: none offered, claim again with one.
    package mutating func claim(
        _ key: StorageKey, hash: Int, scope: Scope, newBuild: InFlightTask?, overridesSeen: UInt, overridesNow: UInt
    ) -> InstanceStorage.AsyncClaimed? {
        let filed = table.position(of: key, hash: hash)
        if let held = table.liveInstance(at: filed) { return .held(held) }
        // An abandoned build is forgotten in the step that abandons it: one here is joinable.
        if let owner = table.builder(of: key, hash: hash), let build = asyncBuilds[owner] {
            return .join(build, waiter: build.joinHoldingStorageLock())
        }
        if closed { return .held(.closed) }
        if overridesSeen != overridesNow { return .overridesChanged }
        guard let build = newBuild else { return nil }
        let id = ObjectIdentifier(build)
        startBuild(of: key, hash: hash, scope: scope, by: id, filed: filed != nil)
        asyncBuilds[id] = build
        return .run(build, waiter: InFlightTask.firstWaiter)
    }

    /// Ends `builder`'s build of `key`, in flight or not: whether `holding` may be filed.
    package mutating func endBuild(
        _ key: StorageKey, hash: Int, by builder: ObjectIdentifier, holding: StoredEntry.Holding
    ) -> (files: Bool, mayFindFiled: Bool) {
        // An async build leaves the table of builds to join in the same step as it leaves the
        // builds in flight: a resolve between the two would start another.
        if !asyncBuilds.isEmpty { asyncBuilds[builder] = nil }
        let build = table.endBuild(of: key, hash: hash, by: builder)
        if build.waiting > 0 { handoffs[build.serial] = (holding.held, build.waiting) }
        return (build.valid && !closed && !holding.isVacant, build.mayFindFiled)
    }

    /// The instance the build `serial` left for a thread that waited for it, once it has finished.
    package mutating func takeHandoff(of serial: UInt64) -> Lookup?? {
        guard var handoff = handoffs[serial] else { return nil }
        handoff.remaining -= 1
        handoffs[serial] = handoff.remaining == 0 ? nil : handoff
        return .some(handoff.instance)
    }
    package func isRunning(_ serial: UInt64) -> Bool { handoffs[serial] == nil }
    /// For the first thread to report the build `serial` as stalled while it still runs: its
    /// callers, the builder and the threads waiting for it; nil for the others.
    package mutating func reportsStall(of serial: UInt64) -> Int? {
        let handoffs = self.handoffs
        stallsReported.removeAll { handoffs[$0] != nil }  // ended: no longer running
        guard isRunning(serial), !stallsReported.contains(serial) else { return nil }
        stallsReported.append(serial)
        return 1 + table.waitingCount(of: serial)
    }
    /// Forgets `build`, abandoned by its last waiter: the next claim starts a new one.
    package mutating func forget(_ build: ObjectIdentifier, of key: StorageKey, hash: Int) {
        asyncBuilds[build] = nil
        _ = table.endBuild(of: key, hash: hash, by: build)  // an async build: no thread waits
    }
    /// Invalidates the builds in flight and removes the entries `shouldRemove` selects (nil: all,
    /// unasked); returns the removed entries and the async builds invalidated (a close ends them).
    package mutating func invalidateAndRemove(
        exempting exempt: ObjectIdentifier?, _ exemptBuild: ObjectIdentifier?, where shouldRemove: ((StoredEntry) -> Bool)?
    ) -> (removed: [StoredEntry], asyncInvalidated: [(build: InFlightTask, key: StorageKey, scope: Scope)]) {
        let invalidated = table.invalidateBuilds(exempting: exempt, exemptBuild) { key, scope in
            shouldRemove?(StoredEntry(holding: .vacant, key: key, scope: scope)) ?? true
        }
        let asyncInvalidated = invalidated.compactMap { builder, key, scope in asyncBuilds[builder].map { ($0, key, scope) } }
        return (table.removeAll(where: shouldRemove), asyncInvalidated)
    }
}
