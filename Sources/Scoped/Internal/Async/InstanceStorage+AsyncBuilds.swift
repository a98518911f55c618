// Concurrency rule: as InstanceStorage.swift — everything here reads and writes `state`
// under its lock and runs no user code with it held; it takes a build's own lock under
// the storage's (nesting 3 of the lock inventory in Locked.swift). An async build is recorded in the
// same table of builds in flight as a synchronous one (its builder is the
// `AsyncBuild`'s identity, not a thread's), so `register`, resets and closes invalidate
// it the same way: its result reaches its waiters but is not stored.

extension InstanceStorage {
    /// One locked ``StorageState/claim(_:hash:scope:as:)`` for an async resolve: the held
    /// instance, the build in flight to join, or — recording a build made by `fresh` in
    /// flight — a build to start (`.build` with the build, the caller as its first waiter);
    /// `.stale` if an override changed since `overridesSeen` (look it up again).
    package func claimAsync(
        _ key: StorageKey, scope: Scope, overridesSeen: UInt, fresh: @escaping () -> AsyncBuild
    ) -> BuildClaim {
        let hash = key.registration.quickHash
        while true {
            let claim = state.withLock {
                $0.claim(key, hash: hash, scope: scope, as: .task(makeBuild: fresh), overridesSeen: overridesSeen)
            }
            switch claim {
            case .found, .join, .build(.some, _), .stale:
                return claim
            case .retry:
                state.withLock { $0.forgetAbandonedBuilds(of: key, hash: hash) }
            case .build(nil, _), .wait, .reentrant:
                preconditionFailure("\(key) is a synchronous factory's key, claimed by an async resolve")
            }
        }
    }

    /// Ends `build`'s build of `key` and files `slot` (`.vacant`: keep nothing; `deadline`:
    /// when it expires, 0 for never; `builtThrough`: the async builds that made it, for a
    /// leak report) unless the
    /// build was invalidated, abandoned or the storage closed meanwhile. Returns whether it
    /// filed an instance.
    package func finishAsyncBuild(
        of key: StorageKey, slot: StoredEntry.Slot, scope: Scope, reporter: ContainerNode?, build: AsyncBuild,
        deadline: UInt64 = 0, builtThrough: [StorageKey] = []
    ) -> Bool {
        let id = ObjectIdentifier(build)
        return store(
            build.isAbandoned ? .vacant : slot, for: key, hash: key.registration.quickHash, scope: scope,
            reporter: reporter.map(WeakReporter.init), builtBy: id, deadline: deadline, builtThrough: builtThrough)
    }

    /// Forgets `build`, abandoned by its last waiter: the next resolve of its key starts a
    /// new build, and what this one still makes is not stored.
    package func forgetAsyncBuild(_ build: AsyncBuild, of key: StorageKey) {
        let hash = key.registration.quickHash
        state.withLock { $0.forget(ObjectIdentifier(build), of: key, hash: hash) }
    }
}
