// Concurrency rule: the chain is a task-local value (immutable, copied into each task that
// inherits it); no lock of its own. Which build awaits which is recorded in the process's
// one waits-for graph (WaitGraph.swift).

/// One async build in progress in the current task's ancestry: what it builds, under
/// which scope, and (for a caching scope) the ``AsyncBuild`` every caller shares.
package struct AsyncFrame: Sendable {
    package let registration: RegistrationKey
    /// A per-parameter factory's parameter (nil for every other build).
    package let parameter: (any Hashable & Sendable)?
    package let kind: Scope.Lifetime
    /// The custom scope (nil for the built-in ones); custom scopes live for the process.
    package let custom: Scope?
    /// Whether the instance is owned by a child lifetime scope (captive checks).
    package let ownedByChild: Bool
    /// The shared build (nil for a `.unique` build, which runs in the caller's task).
    package let build: AsyncBuild?
    /// Where the build belongs: the storage that will keep its instance, or for `.unique`
    /// the container resolving it (as ``BuildFrame``'s).
    package let holderID: ObjectIdentifier
    /// Whether the body that runs is an override's (messages say so, as ``BuildFrame``'s).
    package var overridden = false

    package var scope: Scope { custom ?? Scope.builtIn(kind) }

    /// This frame, run by `build`.
    func with(_ build: AsyncBuild) -> AsyncFrame {
        AsyncFrame(
            registration: registration, parameter: parameter, kind: kind, custom: custom, ownedByChild: ownedByChild,
            build: build, holderID: holderID, overridden: overridden)
    }

    /// The build as messages name it: `database (Database)`, `database (Database, override)`.
    package var buildDescription: String { storageKey.buildDescription(overridden: overridden) }

    /// Where the instance is filed: the registration and, per parameter, the parameter.
    package var storageKey: StorageKey {
        StorageKey(registration, box: parameter.map { AsyncFrame.box($0) })
    }

    /// Whether both frames build the same instance.
    package func isSameBuild(as other: AsyncFrame) -> Bool {
        guard registration == other.registration, holderID == other.holderID else { return false }
        switch (parameter, other.parameter) {
        case (nil, nil): return true
        case (let mine?, let theirs?): return AnyHashable(mine) == AnyHashable(theirs)
        default: return false
        }
    }

    private static func box(_ parameter: some Hashable & Sendable) -> ParameterBox {
        TypedParameterBox(parameter)
    }
}

/// The async builds the current task is part of, outermost first: an async body runs
/// with its own frame appended, and the tasks it starts inherit the chain. It is what
/// tells a cycle (an async body awaiting its own factory, directly or through others)
/// from a wait, and which caching build a shorter-lived instance would be captured by.
package enum AsyncBuildChain {
    @TaskLocal package static var frames: [AsyncFrame] = []
    /// The container an async override's body receives (`register { c in … }`): the one
    /// its instance belongs to, as ``ResolutionContext/overrideContainer`` for a
    /// synchronous one. Set only while an override's body runs.
    @TaskLocal package static var overrideContainer: ContainerNode?

    /// Runs `make` with `override` (nil: the declared body) under `chain`; an override's
    /// body sees `container` as ``overrideContainer``.
    package static func run(
        _ make: MakeInstanceAsync, override: (any OverrideBody)?, container: ContainerNode, chain: [AsyncFrame]
    ) async throws -> AnyObject {
        try await $frames.withValue(chain) {
            guard override != nil else { return try await make(nil) }
            return try await $overrideContainer.withValue(container) { try await make(override) }
        }
    }

    /// Stops the process if `frame`'s build is already in progress in this task's chain:
    /// `a (A) → b (B) → a`.
    package static func checkCycle(_ frame: AsyncFrame) {
        let chain = frames
        guard let start = chain.firstIndex(where: { $0.isSameBuild(as: frame) }) else { return }
        let names = chain[start...].map(\.buildDescription) + [frame.registration.memberName]
        ScopedFailure.stopCycle(
            "between async factories", names, declaredBy: chain[start...].map(\.registration) + [frame.registration])
    }

    /// Runs `wait` (awaiting `target`) with the record, in the waits-for graph
    /// (WaitGraph.swift), that the innermost build of this task waits for it; stops first
    /// if `target` waits, directly or through other builds, for that build (each would wait
    /// for the other forever).
    package static func waiting<R>(for target: AsyncBuild, _ wait: () async throws -> R) async throws -> R {
        guard let waiter = frames.last(where: { $0.build != nil })?.build else { return try await wait() }
        WaitGraph.willAwait(target, from: waiter)
        defer { WaitGraph.didWait(ObjectIdentifier(waiter)) }
        return try await wait()
    }

    /// The innermost build in this task's chain that outlives lifetime scopes (cached,
    /// custom, singleton): what a shorter-lived instance resolved now would be captured by,
    /// with the builds after it in the chain (outermost first), through which it resolves.
    package static var captiveHolder: CaptiveHolder? {
        let chain = frames
        guard let index = chain.lastIndex(where: { $0.kind.outlivesLifetimeScopes }) else { return nil }
        return CaptiveHolder(
            key: chain[index].storageKey, scope: chain[index].scope, through: chain[(index + 1)...].map(\.storageKey))
    }

    /// Whether this task runs the body of an async build that its scope's close ended (or
    /// of a build nested in one): a synchronous resolve through the closed scope then
    /// builds for the body alone instead of stopping.
    package static var isInEndedBuild: Bool {
        frames.contains { $0.build?.wasEnded == true }
    }

    /// The shared build this task's body belongs to, if any: a reset it makes is part of
    /// that build (it does not invalidate it).
    package static var innermostBuild: ObjectIdentifier? {
        frames.last?.build.map(ObjectIdentifier.init)
    }
}
