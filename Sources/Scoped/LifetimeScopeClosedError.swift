/// What an async resolve throws when the lifetime scope that would hold the instance is
/// closed — and what the callers awaiting a build get when its scope closes while it runs.
///
/// A task can outlive the scope it resolves from without any programming error: a
/// request handler whose client disconnected closes its request scope while a build's
/// task goes on; a view's `.task` still runs for a moment after its view left. So an async
/// resolve through a closed scope throws this error instead of stopping the process, and
/// closing a scope ends its async builds in flight: their waiters throw it at once, their
/// tasks are cancelled, and what their bodies still make is released, not stored.
///
/// ```swift
/// let scope = Container.shared.child("request")
/// defer { scope.close() }
/// do {
///     let context = try await scope.requestContext()
///     try await handle(request, in: context)
/// } catch is LifetimeScopeClosedError {
///     // the request's scope closed first: nothing to answer
/// }
/// ```
///
/// A *synchronous* resolve through a closed scope cannot throw. From a cancelled task, or
/// from the body of an async build that its scope's close ended, it builds an instance for
/// that caller alone (nobody keeps it) instead of stopping, so that no cancellation race
/// can end the process; from anywhere else it stops with the same message, as every
/// misuse does. <doc:AsyncFactories> has the rules.
///
/// **Property wrappers never stop** (a ``Lazy`` thunk is not one: its first call through a
/// closed scope stops, as calling the factory would). `@LazyInjected`, `@WeakLazyInjected` and
/// `@DynamicInjected` keep the container they were made in — a view's lifetime scope, for
/// a view model built by `@ScopedObject` — and their first access may come after that
/// scope closed without any programming error at hand: a `.task` resuming after its screen
/// was popped, a Combine sink. Factory, which has no lifetime scopes, never stops there,
/// so neither does Scoped, in debug or release: the access gets an instance for that
/// caller alone, kept by nobody (released when the wrapper drops it; `@WeakLazyInjected`
/// holds it weakly, so at once), and it is reported — a ``LifecycleEvent`` of kind
/// ``LifecycleEvent/Kind-swift.enum/misuse`` (reason
/// ``LifecycleEvent/Misuse/Reason-swift.enum/resolvedAfterScopeClosed``) to observers, and
/// a fault in the log (`os_log` on Apple platforms, standard error elsewhere):
///
/// ```
/// #31 misuse cart (Cart) scoped in checkout#7: cart (Cart) was resolved through a property wrapper
/// (@LazyInjected, @WeakLazyInjected, @DynamicInjected) after its lifetime scope checkout#7 closed …
/// ```
public struct LifetimeScopeClosedError: Error, Sendable, CustomStringConvertible {
    /// The registration that was resolved, as messages name it:
    /// `requestContext (RequestContext)`.
    public let registration: String
    /// The closed lifetime scope (or container), as messages name it: `request#1943`.
    public let scope: String
    /// The lifetime the registration asked for: `scoped`, `cached`, …
    let lifetime: String
    /// Whether the closed container is a root (a container, not a lifetime scope).
    let isRoot: Bool
    /// Whether the scope closed while the build was in flight: the caller resolved in time.
    let closedDuringBuild: Bool

    /// Resolving `key` as `lifetime` through the closed container `name`; `duringBuild`:
    /// it closed while the build the caller awaited was in flight.
    package init(_ key: StorageKey, as lifetime: Scope, in name: String, isRoot: Bool, duringBuild: Bool = false) {
        registration = "\(key)"
        self.lifetime = lifetime.name
        scope = name
        self.isRoot = isRoot
        closedDuringBuild = duringBuild
    }

    /// `cannot resolve requestContext (RequestContext) as .scoped: lifetime scope
    /// request#1943 is closed (resolve it before close(), or from an open child)`; for the
    /// callers of a build in flight when it closed, `… lifetime scope request#1943 closed
    /// while the build was in flight (close() ends the builds in flight in its scope)`.
    public var description: String {
        // A closed root has no open child to resolve from.
        let what = isRoot ? "container" : "lifetime scope"
        if closedDuringBuild {
            return "cannot resolve \(registration) as .\(lifetime): \(what) \(scope) closed while the build was in flight "
                + "(close() ends the builds in flight in its scope)"
        }
        let hint = isRoot ? "(resolve it before close())" : "(resolve it before close(), or from an open child)"
        return "cannot resolve \(registration) as .\(lifetime): \(what) \(scope) is closed \(hint)"
    }
}
