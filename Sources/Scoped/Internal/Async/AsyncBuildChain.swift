// Concurrency rule: the chain is a task-local value (immutable, copied into each task that
// inherits it); no lock of its own. Which build awaits which is recorded in the process's
// one waits-for graph (WaitGraph.swift).

/// One async build in progress in the current task's ancestry: its ``Frame`` (what it
/// builds, under which scope; named, compared and checked as a thread's), and for a
/// caching scope the ``AsyncBuild`` every caller shares.
package struct AsyncFrame: Sendable {
    package let frame: TaskFrame
    /// The shared build (nil for a `.unique` build, which runs in the caller's task).
    package let build: AsyncBuild?
}

/// A task's frame: a per-parameter factory's parameter as the part of its storage key.
package typealias TaskFrame = Frame<TaskParameter>

/// A per-parameter factory's parameter in a task's chain (nil for every other build: its
/// builds are one, whatever the parameter).
package struct TaskParameter: FrameParameter, Sendable {
    let value: (any Hashable & Sendable)?

    package var box: ParameterBox? { value.map { TaskParameter.box($0) } }
    package var description: String? { value.map { "\($0)" } }

    package func isSame(as other: TaskParameter) -> Bool? {
        switch (value, other.value) {
        case (nil, nil): true
        case (let mine?, let theirs?): AnyHashable(mine) == AnyHashable(theirs)
        default: false
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
    /// `a (A) → b (B) → a` (the one cycle check, ``Frame/checkCycle(in:how:)``).
    package static func checkCycle(_ frame: TaskFrame) {
        frame.checkCycle(in: frames.lazy.map { $0.frame }, how: "between async factories")
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
