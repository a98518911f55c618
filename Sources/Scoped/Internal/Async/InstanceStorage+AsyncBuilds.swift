// Concurrency rule: as InstanceStorage.swift — everything here reads and writes `state`
// under its lock and runs no user code with it held; the same lock guards the async
// builds' progress (AsyncBuild.swift), so no other lock is taken. An async build is recorded in the
// same table of builds in flight as a synchronous one (its builder is the
// `AsyncBuild`'s identity, not a thread's), so `register`, resets and closes invalidate
// it the same way: its result reaches its waiters but is not stored.

extension InstanceStorage {
    /// What ``claimAsync(_:scope:overridesSeen:makeBuild:)`` decided.
    package enum AsyncClaimed {
        /// The held instance (`.held`, `.heldWeakly`), or `.closed`.
        case held(Lookup)
        /// An async build of the key is in flight: await it as waiter `waiter`.
        case join(AsyncBuild, waiter: UInt64)
        /// A new build is recorded in flight, the caller its first waiter: start it.
        case run(AsyncBuild, waiter: UInt64)
        /// An override changed after the caller looked it up: nothing was recorded; look again.
        case overridesChanged
    }

    /// One claim for an async resolve: the held instance, the build in flight to join,
    /// or — recording a new build in flight, made by `makeBuild` outside the lock — a build
    /// to start.
    package func claimAsync(
        _ key: StorageKey, scope: Scope, overridesSeen: UInt, makeBuild: () -> AsyncBuild
    ) -> AsyncClaimed {
        let hash = key.registration.quickHash
        var newBuild: AsyncBuild?
        while true {
            let claim = state.withLock { [newBuild] in
                $0.claim(
                    key, hash: hash, scope: scope, newBuild: newBuild, overridesSeen: overridesSeen,
                    overridesNow: OverrideChanges.now)
            }
            switch claim {
            case .held(let outcome): return .held(outcome)
            case .join(let build, let waiter): return .join(build, waiter: waiter)
            case .run(let build, let waiter): return .run(build, waiter: waiter)
            case .overridesChanged: return .overridesChanged
            case .needsBuild: newBuild = makeBuild()
            }
        }
    }

    /// Ends `build`'s build of `key` and files `holding` (`.vacant`: keep nothing; `deadline`:
    /// when it expires, 0 for never; `builtThrough`: the async builds that made it, for a
    /// leak report) unless the
    /// build was invalidated, abandoned or the storage closed meanwhile. Returns whether it
    /// filed an instance.
    package func fileAsyncBuild(
        of key: StorageKey, holding: StoredEntry.Holding, scope: Scope, reporter: ContainerNode?, build: AsyncBuild,
        deadline: UInt64 = 0, builtThrough: [StorageKey] = []
    ) -> Bool {
        store(
            holding, for: key, hash: key.registration.quickHash, scope: scope, reporter: reporter.map(WeakReporter.init),
            builtBy: ObjectIdentifier(build), deadline: deadline, builtThrough: builtThrough)
    }
}
