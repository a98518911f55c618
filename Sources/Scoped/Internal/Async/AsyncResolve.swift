// Concurrency rule: no lock of its own. An async resolve takes the same locks as a
// synchronous one (the storage's, briefly, through `claimAsync` and `finishAsyncBuild`)
// and never holds one across an `await` or while a body runs. A caching scope's build
// runs in a task of its own (AsyncBuild.swift) that every caller awaits; a `.unique`
// build runs in the caller's task. The task-local chain of builds (AsyncBuildChain.swift)
// carries what the synchronous path keeps on the thread's stack: cycle and captive checks.

/// The typed shell's part of an async build: runs the declared body, or `override`'s (an
/// `AsyncOverrideBox<P, T>`, or the process stops), and returns the value as a strong
/// ``Payload``.
package typealias MakeInstanceAsync = @Sendable (_ override: (any OverrideBody)?) async throws -> AnyObject

extension ContainerNode {
    /// Resolves an async factory's instance when its fast path found none held: the same
    /// decisions as ``beginBuild(_:parameter:kind:custom:)`` (world, override, holder: both
    /// ask ``locate(_:scope:)``), with one build per key however many tasks ask at once.
    ///
    /// - Parameters:
    ///   - parameter: A per-parameter factory's parameter (part of the storage key).
    ///   - weakTarget: For `.shared`, what to keep weakly of a built payload: the class
    ///     instance in it, or nil for a value (then nothing is kept).
    /// - Returns: `.held` with a strong ``Payload``, or `.heldWeakly` with a `.shared`
    ///   class instance that was kept weakly.
    package func resolveAsync(
        _ key: RegistrationKey, parameter: (any Hashable & Sendable)?, kind: Scope.Lifetime, custom: Scope?,
        timeToLive: Double? = nil, weakTarget: @escaping @Sendable (AnyObject) -> AnyObject?, make: @escaping MakeInstanceAsync
    ) async throws -> Resolution {
        // Read before the override is looked up: a build is recorded only if no override
        // changed since (``OverrideChanges``).
        let overridesSeen = OverrideChanges.now
        let (node, found, holder, scope) = locate(key, scope: custom ?? Scope.builtIn(kind))
        let (declaredKind, declaredCustom) = (kind, custom)
        let (kind, custom) = (scope.kind, scope.isBuiltIn ? nil : scope)
        let override = found?.body
        let timeToLive = timeToLive ?? override?.timeToLive  // the declaration's wins
        // 1. `.unique`: built in this task, under this task's chain.
        guard let (owner, storage) = holder else {
            if let timeToLive { Expiry.stopUnheld(key, seconds: timeToLive, scope: scope) }
            let frame = AsyncFrame(
                registration: key, parameter: parameter, kind: kind, custom: custom, ownedByChild: false, build: nil,
                holderID: ObjectIdentifier(node), overridden: override != nil)
            AsyncBuildChain.checkCycle(frame)
            let observed = EventHub.isActive
            let payload = try await AsyncBuildChain.run(
                make, override: override, container: node, chain: AsyncBuildChain.frames + [frame])
            if observed { node.emit(.created, key: frame.storageKey, scope: scope, instance: Payload.identity(of: payload)) }
            return .held(payload)
        }

        // 2. Caching scopes: the held instance, or the one build in flight for the key.
        let probe = AsyncFrame(
            registration: key, parameter: parameter, kind: kind, custom: custom, ownedByChild: !owner.isRoot, build: nil,
            holderID: ObjectIdentifier(storage), overridden: override != nil)
        AsyncBuildChain.checkCycle(probe)
        let storageKey = probe.storageKey
        // `.timeToLive`: an instance older than its time to live goes first; its lifespan is
        // measured on this world's clock from when the build stores it (Expiry.swift).
        let lifespan = timeToLive.map { Expiry.lifespan($0, of: key) } ?? Expiry.forever
        let clock = timeToLive == nil ? nil : Expiry.currentClock
        if timeToLive != nil { owner.dropExpired(storageKey, from: storage, clock: clock) }
        let claim = storage.claimAsync(storageKey, scope: scope, overridesSeen: overridesSeen) {
            AsyncBuild(description: probe.buildDescription, registration: key) { [storage] build in
                storage.forgetAsyncBuild(build, of: probe.storageKey)
            }
        }
        if case .stale = claim {
            // An override changed after it was looked up: look again.
            return try await resolveAsync(
                key, parameter: parameter, kind: declaredKind, custom: declaredCustom, timeToLive: timeToLive,
                weakTarget: weakTarget, make: make)
        }
        // A captive dependency whether the shorter-lived instance is built now, joined or
        // held already (as ContainerNode.reportCaptivity checks: only a shorter-lived one).
        if EventHub.isActive, kind.isShortLived(ownedByChild: !owner.isRoot) {
            owner.reportCaptive(storageKey, scope: scope, heldBy: AsyncBuildChain.captiveHolder)
        }
        switch claim {
        case .found(let outcome):
            let held = try owner.heldAsync(outcome, key: storageKey, scope: scope)
            override?.decorate(held)  // a decorator given at run time (a build runs it in its body)
            return held
        case .join(let build, let waiter):
            let payload = try await AsyncBuildChain.waiting(for: build) { try await build.value(for: waiter) }
            // A caller that joined a build reuses its instance: one event per resolve,
            // as a thread that waited for another's build reports.
            if EventHub.isActive { owner.emit(.reused, key: storageKey, scope: scope, instance: Payload.identity(of: payload)) }
            return .held(payload)
        case .wait, .reentrant, .retry, .stale, .build(nil, _):
            preconditionFailure("claimAsync answers .found, .join or .build with a build")
        case .build(let build?, let waiter):
            let frame = AsyncFrame(
                registration: key, parameter: parameter, kind: kind, custom: custom, ownedByChild: !owner.isRoot,
                build: build, holderID: ObjectIdentifier(storage), overridden: override != nil)
            // The watchdog first: a build's is set before the builds its body starts.
            if EventHub.isActive, let threshold = EventHub.stalledBuildThreshold.withLock({ $0 }) {
                build.watch(after: UInt64(threshold * 1_000_000_000)) { build, callers in
                    owner.emit(
                        .buildStalled, key: frame.storageKey, scope: scope,
                        stall: LifecycleEvent.Stall(
                            seconds: threshold, callers: callers,
                            awaitingBuilds: WaitGraph.buildsAwaiting(build)))
                }
            }
            let chain = AsyncBuildChain.frames + [frame]
            let reporter = kind.storedReporter(owner)
            build.start {
                let result: Result<AnyObject, any Error>
                do {
                    result = .success(try await AsyncBuildChain.run(make, override: override, container: owner, chain: chain))
                } catch {
                    result = .failure(error)
                }
                let slot = kind.slot(for: try? result.get(), weakTarget: weakTarget)
                let kept = storage.finishAsyncBuild(
                    of: frame.storageKey, slot: slot, scope: scope, reporter: reporter, build: build,
                    deadline: Expiry.deadline(lifespan: lifespan, on: clock),
                    builtThrough: LeakCheck.isArmed ? chain.dropLast().map(\.storageKey) : [])
                if case .success(let payload) = result, EventHub.isActive {
                    owner.reportBuilt(frame.storageKey, scope: scope, instance: Payload.identity(of: payload), kept: kept)
                }
                build.finish(result)
            }
            return .held(try await AsyncBuildChain.waiting(for: build) { try await build.value(for: waiter) })
        }
    }

    /// A held instance found by an async resolve: reported as reused; a closed lifetime
    /// scope throws ``LifetimeScopeClosedError`` (a task may outlive its scope without a
    /// programming error: a cancelled request, a view's `.task`).
    private func heldAsync(_ outcome: Resolution, key: StorageKey, scope: Scope) throws -> Resolution {
        switch outcome {
        case .held, .heldWeakly:
            if EventHub.isActive { emit(.reused, key: key, scope: scope, instance: outcome.heldIdentity) }
            return outcome
        case .miss, .closed:
            throw closedError(key, scope: scope)
        }
    }
}
