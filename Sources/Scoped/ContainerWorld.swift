/// The container world the calling task resolves in — the production containers, or the
/// isolated world of a test — captured so that work which leaves the task can re-enter it.
///
/// `ScopedTesting` gives each test a world of its own (`@Test(.container)`,
/// `withContainer`): inside it, `Container.shared` and every other root container resolve
/// through fresh world roots with the test's overrides. That world is a *task-local* value.
/// Structured child tasks (`async let`, task groups) and `Task { }` inherit it; code that
/// starts elsewhere does not, and resolves in the production containers instead:
///
/// - `Task.detached { }`
/// - `DispatchQueue.async`, `OperationQueue`, `Thread`, timers and run-loop callbacks
/// - callbacks of C or Objective-C APIs, and `NotificationCenter` observers
///
/// Capture the world where you start such work and enter it where the work runs. In
/// production there is no test world: ``current`` is ``production`` and ``enter(_:)``
/// just runs the closure, so app code can do this unconditionally:
///
/// ```swift
/// func refreshInBackground() {
///     let world = ContainerWorld.current
///     DispatchQueue.global().async {
///         world.enter {
///             Container.shared.syncService().refresh()   // the test's mock under test
///         }
///     }
/// }
///
/// Task.detached { [world = ContainerWorld.current] in
///     await world.enter { await Container.shared.uploader().flush() }
/// }
/// ```
///
/// A captured value keeps the test's world (its overrides and instances) alive until the
/// value is dropped. Resolution happens when you *call* a factory, not when you capture
/// a container: an object built inside a test that resolves lazily later
/// (`@LazyInjected`, a `Lazy`) resolves in the world of the code that reads it.
public struct ContainerWorld: Sendable, CustomStringConvertible {
    package let world: WorldNode?

    package init(world: WorldNode?) {
        self.world = world
    }

    /// The production containers: entering it runs code outside any test world.
    public static let production = ContainerWorld(world: nil)

    /// The world the calling task resolves in: a test's isolated world, or ``production``.
    ///
    /// Costs one atomic load when no test world is active anywhere in the process.
    public static var current: ContainerWorld {
        ContainerWorld(world: Switches.now.contains(.worlds) ? WorldNode.current : nil)
    }

    /// Whether this is a test's isolated world (false for ``production``).
    public var isIsolated: Bool { world != nil }

    /// Runs `operation` in this world: its resolves use this world's containers.
    ///
    /// - Parameter operation: The work, on the calling thread.
    /// - Returns: What `operation` returns.
    public func enter<R>(_ operation: () throws -> R) rethrows -> R {
        if let world { return try world.enter(operation) }
        return try WorldNode.outsideAnyWorld(operation)
    }

    /// Runs the async `operation` in this world; child tasks it creates inherit the world.
    ///
    /// - Parameters:
    ///   - isolation: The actor to run on; the caller's by default.
    ///   - operation: The work.
    /// - Returns: What `operation` returns.
    public func enter<R>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> R
    ) async rethrows -> R {
        if let world { return try await world.enter(operation) }
        return try await WorldNode.outsideAnyWorld(operation)
    }

    /// `production`, or `isolated(<name>)` with the name of the test or `withContainer`
    /// call that made the world.
    public var description: String {
        guard let world else { return "production" }
        return "isolated(\(world.name))"
    }
}
