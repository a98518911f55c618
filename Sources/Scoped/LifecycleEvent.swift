/// One thing that happened to an instance or a lifetime scope, reported to the
/// observers installed with ``SharedContainer/observe(_:)-(LifecycleObserver)``.
///
/// Every resolve reports exactly one of ``Kind-swift.enum/created`` (the body ran) and
/// ``Kind-swift.enum/reused`` (a held instance was returned). Releases by a scope
/// (`close()`, `reset()`) report ``Kind-swift.enum/released``; the instance's `deinit`
/// runs right after, unless someone else still holds it.
///
/// ```swift
/// Container.shared.observe { event in
///     if event.kind == .captiveDependency { print("warning:", event) }
/// }
/// ```
public struct LifecycleEvent: Sendable, Equatable, CustomStringConvertible {
    /// The kinds of events: an instance created, reused or released, a reset, a captive
    /// dependency, a lifetime scope opened or closed, a stalled build, a leak.
    public enum Kind: String, Sendable, Equatable {
        /// A factory body ran and produced a new instance.
        case created
        /// A held instance was returned without running the body.
        case reused
        /// A scope let go of an instance (container, factory or scope reset; scope close),
        /// or did not keep one it had just built (the build was invalidated, or its scope
        /// closed meanwhile: `created` and `released` come together).
        case released
        /// A container (``LifecycleEvent/scope`` is `container`) or a scope was reset.
        case reset
        /// A longer-lived instance's body resolved a shorter-lived one, which it would keep
        /// alive past its scope. ``LifecycleEvent/dependency`` names the shorter-lived one.
        case captiveDependency
        /// A lifetime scope was opened with ``SharedContainer/child(_:)``.
        case scopeOpened
        /// A lifetime scope was closed (``SharedContainer/close()`` or its release).
        case scopeClosed
        /// An async factory's build is still running after
        /// ``LifecycleEvent/stalledBuildThreshold`` (10 seconds unless set), or a thread has
        /// waited that long for another thread's synchronous build: its callers are still
        /// waiting. ``LifecycleEvent/stall`` says how many, and which async builds among them
        /// are blocked on it. Reported once per build.
        case buildStalled
        /// Scoped did something other than what was asked, to keep the app running: a
        /// view model read before SwiftUI installed its view, a view model built under a
        /// closed lifetime scope or with no `.lifetimeScope` above its view, a property
        /// wrapper's first access after its scope closed. ``LifecycleEvent/misuse`` says
        /// which, what Scoped did instead and the fix. Also logged as a fault (`os_log` on
        /// Apple platforms, standard error elsewhere).
        case misuse
        /// An instance a scope released (``SharedContainer/close()``, a reset) is still alive
        /// after ``LifecycleEvent/leakGracePeriod``: something else keeps it — a closure, a
        /// `Task`, a delegate, a longer-lived object. ``LifecycleEvent/leak`` says how long
        /// it was given and which builds made it. Reported once per released instance.
        case leaked
    }

    /// Increases by one with every event in the process: tells the order of events,
    /// also across threads.
    public let sequence: UInt64
    /// What happened: ``Kind-swift.enum/created``, ``Kind-swift.enum/reused``,
    /// ``Kind-swift.enum/released``, and so on.
    public let kind: Kind
    /// The registration's member name (`api`, `counter(initialValue:)`), if an instance is concerned.
    public let registration: String?
    /// The produced type's name, if an instance is concerned.
    public let typeName: String?
    /// Where the registration is declared, if an instance is concerned: the file, line and
    /// column of its `self { … }` call (`Checkout/Factories.swift:12:46`). Tells apart two
    /// overloads of one member (`session(user:)` taking an `Int` or a `String`), which
    /// share ``registration`` and may share ``typeName``.
    public let declaration: String?
    /// The parameter of a per-parameter instance (`detail[3]`), described.
    public let parameter: String?
    /// The scope's name (`cached`, `scoped`, `session`, …); `container` for a container reset.
    public let scope: String?
    /// What ``scope`` does with its instances, if an instance is concerned: the lifetime of
    /// a built-in scope, ``Scope/Lifetime-swift.enum/cached`` for a custom one. Read this, not the
    /// name, to tell what a scope keeps: a custom scope may be named `shared`.
    public let lifetime: Scope.Lifetime?
    /// The container or lifetime scope the event happened in (`root#1`, `checkout#7`).
    /// For ``Kind-swift.enum/captiveDependency``: the one that resolved the captured
    /// instance (a lifetime scope, for a `.scoped` one), not where the holder lives.
    public let container: String
    /// The instance's identity, when it is a class instance.
    public let instance: ObjectIdentifier?
    /// For ``Kind-swift.enum/captiveDependency``: the shorter-lived registration that was captured.
    public let dependency: String?
    /// For ``Kind-swift.enum/created`` and ``Kind-swift.enum/reused``: the registration
    /// whose body made this resolve (its build was in progress on the resolving thread), or
    /// nil for a resolve from outside any factory body. The edges of a ``ResolvedGraph``.
    public let resolvedBy: Reference?
    /// For ``Kind-swift.enum/captiveDependency``: the captured registration, as a reference
    /// (``dependency`` says the same in words, with its scope).
    public let captured: Reference?
    /// For ``Kind-swift.enum/captiveDependency``: the builds between the holder and
    /// ``captured``, outermost first — the `.unique` or `.graph` bodies through which the
    /// holder's body resolved it (`store → formatter → session`: `[formatter]`). Empty
    /// when the holder's own body resolved it.
    public let capturedThrough: [Reference]

    /// For ``Kind-swift.enum/buildStalled``: how long the build has run and who waits.
    public let stall: Stall?

    /// For ``Kind-swift.enum/misuse``: what was misused, and what Scoped did instead.
    public let misuse: Misuse?

    /// Something Scoped did other than what was asked, to keep the app running
    /// (``Kind-swift.enum/misuse``); nothing is left for the app's lifetime.
    public struct Misuse: Sendable, Equatable {
        /// What was misused.
        public enum Reason: String, Sendable, Equatable {
            /// A view model was read through `@ScopedObject` or `@ScopedObservable` before
            /// SwiftUI installed its view (in the view's `init`): it was built in a
            /// lifetime scope of its own, released with the slot that keeps it.
            case readBeforeInstallation
            /// A view model was built under a lifetime scope that was closed already (a
            /// view rendered once more after its flow closed): it was built in a lifetime
            /// scope of its own, a child of the nearest open container, released with the view.
            case resolvedUnderClosedScope
            /// A view model (or what it resolved) is `.scoped`, and no `.lifetimeScope` is
            /// above its view: it lives in a lifetime scope of the view's own, released
            /// with the view, not in the root for the app's lifetime.
            case noLifetimeScope
            /// A `.lifetimeScope` or `.container { }` opened under a lifetime scope that
            /// was closed: its scope was opened in the nearest open container instead.
            case openedUnderClosedScope
            /// A property wrapper (`@LazyInjected`, `@WeakLazyInjected`,
            /// `@DynamicInjected`) resolved a `.scoped` factory through a lifetime scope
            /// after that scope closed: it got an instance of its own, kept by nobody but
            /// the caller, instead of a stop (``LifetimeScopeClosedError``).
            case resolvedAfterScopeClosed
            /// A scope or time to live written as a statement at run time
            /// (`Container.shared.store.scope(.unique)`, `.timeToLive(60)`) for a factory
            /// whose declaration gives it another one: the declaration's wins, as in Factory,
            /// so the statement does not change what resolves of the declaration do.
            case declarationWins
        }

        /// What was misused.
        public let reason: Reason
        /// What happened, what Scoped did instead, and the fix.
        public let message: String
    }

    /// A build still running after ``LifecycleEvent/stalledBuildThreshold``.
    public struct Stall: Sendable, Equatable {
        /// How long the build had been running when it was reported, in seconds (the
        /// threshold at the time it started; for a synchronous build, at least that long:
        /// the threshold at the time a thread began to wait for it).
        public let seconds: Double
        /// How many callers were waiting for it (a synchronous build's builder among them).
        public let callers: Int
        /// The async builds among the callers, whose bodies are blocked on this one, as
        /// `feed (Feed)`, sorted.
        public let awaitingBuilds: [String]
    }

    /// How long an async factory's build may run, or a thread wait for another thread's
    /// synchronous build, before it is logged as a fault and observers receive a
    /// ``Kind-swift.enum/buildStalled`` event; nil turns the report off (`.infinity` never
    /// reports either). 10 seconds unless set; a negative or NaN value stops the process with
    /// a message naming the setting.
    ///
    /// A build whose body never returns (a network call with no timeout, a continuation
    /// never resumed, a body blocked on a thread that waits for it) otherwise keeps its
    /// callers waiting, and nothing says why. The report covers async builds of caching
    /// scopes that start while an observer is installed or that a second caller joins (it
    /// costs one sleeping task per such build), and every synchronous build a thread waits
    /// for (a timed wait). Process-wide: set it once, at launch or in a test's setup.
    ///
    /// ```swift
    /// LifecycleEvent.stalledBuildThreshold = 5
    /// Container.shared.observe { event in
    ///     if event.kind == .buildStalled { print("warning:", event) }
    ///     // warning: #41 buildStalled session (Session) cached in root#1: running for 5.0 s, 3 callers
    /// }
    /// ```
    public static var stalledBuildThreshold: Double? {
        get { EventHub.stalledBuildThreshold.withLock { $0 } }
        set {
            let seconds = checkedSeconds(newValue, "stalledBuildThreshold")
            EventHub.stalledBuildThreshold.withLock { $0 = seconds }
        }
    }

    /// For ``Kind-swift.enum/leaked``: how long the instance was given, and which builds made it.
    public let leak: Leak?

    /// An instance still alive after its scope released it (``Kind-swift.enum/leaked``).
    public struct Leak: Sendable, Equatable {
        /// How long after its release it was found alive, in seconds: the grace period
        /// (``LifecycleEvent/leakGracePeriod`` when it was released), or 0 for a check made
        /// at once (ScopedTesting's `expectNoLeaks(after:)`).
        public let seconds: Double
        /// The builds whose bodies resolved it, outermost first: `checkout → cart` for a
        /// `cart` resolved by `checkout`'s body; empty when it was resolved from outside any
        /// factory body (a view, a test).
        public let builtThrough: [Reference]
    }

    /// How long an instance a scope released may stay alive before observers receive a
    /// ``Kind-swift.enum/leaked`` event; nil turns the check off. 2 seconds in debug builds,
    /// nil (off) in release builds, unless set; a negative or NaN value stops the process
    /// with a message naming the setting.
    ///
    /// When a lifetime scope closes, or a reset drops instances, every class instance it
    /// releases should deinit then. One that is still alive after this grace period is held
    /// by something else: a closure or a `Task` that captured it, a subscription, a delegate.
    /// The check covers releases by containers and scopes that have an observer: it keeps a
    /// weak reference to each released instance that outlives its release, and looks again
    /// once, on a Dispatch queue, after the grace period; observers receive the event on that
    /// queue. It costs nothing on the resolve path, and nothing at all while this is nil.
    /// Process-wide: set it once, at launch or in a test's setup.
    ///
    /// ```swift
    /// LifecycleEvent.leakGracePeriod = 1
    /// Container.shared.observe { event in
    ///     if event.kind == .leaked { print("warning:", event) }
    ///     // warning: #58 leaked detail (DetailViewModel) scoped in detail#4: alive 1.0 s after release
    /// }
    /// ```
    public static var leakGracePeriod: Double? {
        get { LeakCheck.gracePeriod }
        set { LeakCheck.gracePeriod = checkedSeconds(newValue, "leakGracePeriod") }
    }

    /// `seconds`, unless it is negative or NaN: then the process stops, naming the setting.
    private static func checkedSeconds(_ seconds: Double?, _ setting: String) -> Double? {
        guard let seconds, !(seconds >= 0) else { return seconds }
        ScopedFailure.stop("LifecycleEvent.\(setting) = \(seconds): give a number of seconds of 0 or more, or nil to turn it off")
    }

    /// A registration, with the parameter of a per-parameter instance: who resolved whom.
    public struct Reference: Sendable, Hashable, CustomStringConvertible {
        /// The registration's member name (`store`, `detail`).
        public let registration: String
        /// The produced type's name.
        public let typeName: String
        /// Where the registration is declared (see ``LifecycleEvent/declaration``).
        public let declaration: String?
        /// The parameter of a per-parameter instance, described.
        public let parameter: String?

        /// `detail[3] (DetailViewModel)`.
        public var description: String {
            "\(registration)\(parameter.map { "[\($0)]" } ?? "") (\(typeName))"
        }
    }

    /// The registration with its parameter and type: `detail[3] (DetailViewModel)`.
    public var subject: String? {
        guard let registration else { return nil }
        let parameterPart = parameter.map { "[\($0)]" } ?? ""
        return "\(registration)\(parameterPart) (\(typeName ?? "?"))"
    }

    /// One readable line: `#12 created detail[3] (DetailViewModel) scoped in checkout#7`,
    /// followed by `for store (EntryStore)` when another factory's body made the resolve.
    /// A captive dependency reads `#4 captiveDependency store (Store) cached captures
    /// detail[3] (DetailViewModel) scoped in checkout#7`; a leak `#9 leaked detail[3]
    /// (DetailViewModel) scoped in checkout#7: alive 2.0 s after release`.
    public var description: String {
        var line = "#\(sequence) \(kind.rawValue)"
        if let subject { line += " \(subject)" }
        if let scope { line += " \(scope)" }
        // A captive dependency happens where the captured instance is resolved, which is
        // not where its holder lives: the container follows the captured one.
        if let dependency { line += " captures \(dependency)" }
        line += " in \(container)"
        if !capturedThrough.isEmpty { line += " through \(capturedThrough.map(\.description).joined(separator: " → "))" }
        if let resolvedBy { line += " for \(resolvedBy)" }
        if let stall {
            line += ": running for \(stall.seconds) s, \(stall.callers) caller\(stall.callers == 1 ? "" : "s")"
            if !stall.awaitingBuilds.isEmpty { line += ", awaited by \(stall.awaitingBuilds.joined(separator: ", "))" }
        }
        if let misuse { line += ": \(misuse.message)" }
        if let leak { line += ": alive \(leak.seconds) s after release" }
        return line
    }
}

/// Receives ``LifecycleEvent``s. Install one with ``SharedContainer/observe(_:)-(LifecycleObserver)``.
///
/// Observers run on the thread that caused the event, after Scoped has released its
/// locks: an observer may resolve, but keep it quick. Events raised by what an observer
/// does (its own resolves) are not delivered, so an observer never re-enters itself.
///
/// ```swift
/// Container.shared.observe(.print)   // one readable line per event
/// ```
public struct LifecycleObserver: Sendable {
    let receive: @Sendable (LifecycleEvent) -> Void

    /// Makes an observer that calls `receive` with every event.
    ///
    /// - Parameter receive: Called on the thread that caused the event.
    public init(_ receive: @escaping @Sendable (LifecycleEvent) -> Void) {
        self.receive = receive
    }

    /// Prints each event's ``LifecycleEvent/description`` on its own line.
    public static var print: LifecycleObserver {
        LifecycleObserver { Swift.print("[Scoped] \($0)") }
    }

    /// Sends each event's ``LifecycleEvent/description`` to `write`, one line per event.
    ///
    /// - Parameter write: Receives one line per event, such as a logger's `info`.
    /// - Returns: The observer.
    public static func lines(_ write: @escaping @Sendable (String) -> Void) -> LifecycleObserver {
        LifecycleObserver { write($0.description) }
    }
}

/// An installed observer. ``cancel()`` removes it; it also goes with its container.
///
/// Dropping the observation does **not** remove the observer, so the one-line
/// `Container.shared.observe(.print)` keeps working.
public final class LifecycleObservation: Sendable {
    private weak let node: ContainerNode?
    private let id: UInt64

    init(node: ContainerNode, id: UInt64) {
        self.node = node
        self.id = id
    }

    /// Removes the observer. Calling it again does nothing.
    ///
    /// Events raised after `cancel()` returns are not delivered to it; a delivery that
    /// another thread had already begun may still be running, or start its call, after
    /// it returns (observers run with no lock held). An observer that uses something you
    /// tear down right after cancelling must tolerate that call.
    public func cancel() {
        if let node { EventHub.remove(id, from: node) }
    }
}
