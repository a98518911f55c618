// Concurrency rule: as InstanceStorage.swift — everything here reads and writes `state`
// under its lock and runs no user code with it held; it takes a build's own lock under
// the storage's (nesting 3 of the lock inventory in Locked.swift). An async build is recorded in the
// same table of builds in flight as a synchronous one (its builder is the
// `AsyncBuild`'s identity, not a thread's), so `register`, resets and closes invalidate
// it the same way: its result reaches its waiters but is not stored.

/// What an async resolve of a caching scope finds in the storage.
package enum AsyncClaim {
    /// The held instance (or `.closed`).
    case found(Resolution)
    /// A build of the key is in flight: await it.
    case join(AsyncBuild, waiter: UInt64)
    /// No instance and no build: the caller runs the build it passed, and is its first
    /// waiter.
    case start(AsyncBuild, waiter: UInt64)
}

extension InstanceStorage {
    /// One locked look at `key` for an async resolve: the held instance, the build in
    /// flight to join, or — recording `fresh`'s build in flight — a build to start.
    package func claimAsync(_ key: StorageKey, scope: Scope, fresh: () -> AsyncBuild) -> AsyncClaim {
        let hash = key.registration.quickHash
        while true {
            let claim: AsyncClaim? = state.withLock { state in
                if let held = state.table.liveInstance(of: key, hash: hash) { return .found(held) }
                if let builder = state.table.builder(of: key, hash: hash), let build = state.asyncBuilds[builder] {
                    // An abandoned build is about to leave the table: start a new one.
                    return build.join().map { .join(build, waiter: $0) }
                }
                if state.closed { return .found(.closed) }
                let build = fresh()
                let id = ObjectIdentifier(build)
                state.table.startBuild(of: key, hash: hash, scope: scope, by: id)
                state.asyncBuilds[id] = build
                return build.join().map { .start(build, waiter: $0) }
            }
            if let claim { return claim }
            forgetAbandonedBuilds(of: key)
        }
    }

    /// Ends `build`'s build of `key` and files `slot` (`.vacant`: keep nothing) unless the
    /// build was invalidated, abandoned or the storage closed meanwhile. Returns whether it
    /// filed an instance.
    package func finishAsyncBuild(
        of key: StorageKey, slot: StoredEntry.Slot, scope: Scope, reporter: ContainerNode?, build: AsyncBuild
    ) -> Bool {
        let id = ObjectIdentifier(build)
        return store(
            build.isAbandoned ? .vacant : slot, for: key, hash: key.registration.quickHash, scope: scope,
            reporter: reporter.map(WeakReporter.init), builtBy: id)
    }

    /// Forgets `build`, abandoned by its last waiter: the next resolve of its key starts a
    /// new build, and what this one still makes is not stored.
    package func forgetAsyncBuild(_ build: AsyncBuild, of key: StorageKey) {
        let id = ObjectIdentifier(build)
        let hash = key.registration.quickHash
        state.withLock { state in
            state.asyncBuilds[id] = nil
            _ = state.table.finishBuild(of: key, hash: hash, by: id)
        }
    }

    /// Drops the table's record of abandoned builds of `key` (one that lost the race with
    /// a joiner between its abandonment and ``forgetAsyncBuild(_:of:)``).
    private func forgetAbandonedBuilds(of key: StorageKey) {
        let hash = key.registration.quickHash
        state.withLock { state in
            while let builder = state.table.builder(of: key, hash: hash), let build = state.asyncBuilds[builder],
                build.isAbandoned
            {
                state.asyncBuilds[builder] = nil
                _ = state.table.finishBuild(of: key, hash: hash, by: builder)
            }
        }
    }
}
