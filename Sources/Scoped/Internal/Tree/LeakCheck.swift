// Concurrency rule: the grace period (`settings`) and a `LeakCollector`'s watches are
// leaf locks; whether anything is checked at all is two process-wide switches
// (Atomics.swift), read without a lock where instances are stored and released. A
// released instance is watched through a weak reference made before its scope lets go of
// it and read only after every lock is released, so no `deinit` runs under a lock of
// Scoped's. Observers receive a leak on the delayed check's Dispatch queue (or, for
// ScopedTesting's immediate check, on the thread that asks), with no lock held.
import Dispatch

/// The leak check at release (``LifecycleEvent/leakGracePeriod``): every class instance a
/// scope releases is watched for its grace period; one still alive then is reported as
/// ``LifecycleEvent/Kind-swift.enum/leaked`` by the container that released it.
package enum LeakCheck {
    /// The grace period; nil: off. 2 s in debug builds unless set: the `leakGracePeriod`
    /// switch starts on there, and only the setter below changes it, after this is made.
    private static let settings = Locked<Double?>(Switches.now.contains(.leakGracePeriod) ? 2 : nil)

    package static var gracePeriod: Double? {
        get { settings.withLock { $0 } }
        set {
            settings.withLock { grace in
                Switches.set(.leakGracePeriod, on: newValue != nil)
                grace = newValue
            }
        }
    }

    /// The builds on this thread making the instance being stored, outermost first: what a
    /// leak report names. Asked while ``Switches/recordsLeakChains``.
    package static func chain(in context: ResolutionContext) -> [StorageKey] {
        context.frames.map(\.storageKey)
    }

    // MARK: Immediate checks (ScopedTesting)

    @TaskLocal package static var collector: LeakCollector?

    /// Runs `flow`, then checks at once every class instance a scope released during it
    /// (on this thread, or in this task and its child tasks): each one still alive is
    /// reported as ``LifecycleEvent/Kind-swift.enum/leaked`` (0 seconds), and returned.
    package static func collecting<R>(_ flow: () throws -> R) rethrows -> (result: R, leaks: [Leak]) {
        let collector = LeakCollector()
        Switches.count(.leakTests, by: 1)
        defer { Switches.count(.leakTests, by: -1) }
        let result = try $collector.withValue(collector) { try flow() }
        return (result, report(collector.take(), seconds: 0))
    }

    /// ``collecting(_:)`` for an async flow.
    package static func collecting<R>(
        isolation: isolated (any Actor)? = #isolation, _ flow: () async throws -> R
    ) async rethrows -> (result: R, leaks: [Leak]) {
        let collector = LeakCollector()
        Switches.count(.leakTests, by: 1)
        defer { Switches.count(.leakTests, by: -1) }
        let result = try await $collector.withValue(collector) { try await flow() }
        return (result, report(collector.take(), seconds: 0))
    }

    /// A leak found by an immediate check.
    package struct Leak: Sendable {
        package let event: LifecycleEvent.Leak
        package let subject: String
        package let scope: String
        package let container: String
        package let instance: ObjectIdentifier
    }

    /// A grace period for the releases made in `body` (and its child tasks) instead of
    /// ``gracePeriod``: for tests of the delayed check, running beside others.
    package static func withGracePeriod<R>(_ seconds: Double, _ body: () throws -> R) rethrows -> R {
        Switches.count(.leakTests, by: 1)
        defer { Switches.count(.leakTests, by: -1) }
        return try $gracePeriodHere.withValue(seconds) { try body() }
    }

    @TaskLocal private static var gracePeriodHere: Double?

    // MARK: Delayed checks

    /// Checks `watches` again after `seconds`, on a Dispatch queue.
    fileprivate static func schedule(_ watches: [LeakWatch], after seconds: Double) {
        let due = LeakCollector()  // Sendable: carries the watches to the queue
        due.add(watches)
        let nanoseconds = Int(min(seconds, 86_400) * 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
            _ = report(due.take(), seconds: seconds)
        }
    }

    /// Reports each watched instance still alive, and returns them.
    private static func report(_ watches: [LeakWatch], seconds: Double) -> [Leak] {
        var leaks: [Leak] = []
        for watch in watches {
            guard let identity = watch.aliveIdentity else { continue }
            let leak = LifecycleEvent.Leak(seconds: seconds, builtThrough: watch.builtThrough.map(\.reference))
            watch.reporter?.emit(
                .leaked, key: watch.key, scope: watch.scope, instance: identity, leak: leak, containerName: watch.container)
            leaks.append(Leak(
                event: leak, subject: watch.key.description, scope: watch.scope.name, container: watch.container,
                instance: identity))
        }
        return leaks
    }

    /// The watches of one release (a close, a reset): made before the instances go.
    package struct Batch {
        private var watches: [LeakWatch] = []
        private let releaser: ContainerNode?
        private let root: ContainerNode
        private let container: String
        private let grace: Double?
        private let collector: LeakCollector?

        /// The batch for a release by `node`, or nil when nothing is to be checked: no test
        /// collects here, and no grace period is set or nobody observes `node`. A node
        /// releasing from its `deinit` (`dying`) reports through its root.
        package init?(releasedBy node: ContainerNode, dying: Bool) {
            let reporter = dying ? (node.isRoot ? nil : node.root) : node
            guard let reporter else { return nil }
            let collector = LeakCheck.collector
            let grace =
                collector == nil && reporter.isObservedInChain ? (LeakCheck.gracePeriodHere ?? LeakCheck.gracePeriod) : nil
            guard collector != nil || grace != nil else { return nil }
            self.releaser = dying ? nil : node
            self.root = node.root
            self.container = node.displayName
            self.grace = grace
            self.collector = collector
        }

        /// Watches `entry`'s instance, if it is a class instance the scope holds strongly
        /// (a `.shared` one is held weakly: others keep it on purpose).
        package mutating func watch(_ entry: StoredEntry) {
            guard case .strong(let payload) = entry.holding else { return }
            let box = payload as? AnyInstanceBox
            guard let object = box == nil ? payload : box?.classInstance else { return }
            watches.append(LeakWatch(
                object: object, key: entry.key, scope: entry.scope, builtThrough: entry.builtThrough,
                container: container, node: releaser, root: root))
        }

        /// After the release: hands what is still alive to the test's collector or to a
        /// delayed check.
        package func finish() {
            let alive = watches.filter { $0.aliveIdentity != nil }
            guard !alive.isEmpty else { return }
            if let collector {
                collector.add(alive)
            } else if let grace {
                LeakCheck.schedule(alive, after: grace)
            }
        }
    }
}

/// One released instance, watched weakly.
struct LeakWatch {
    weak var object: AnyObject?
    let key: StorageKey
    let scope: Scope
    let builtThrough: [StorageKey]
    /// How events name the container that released it.
    let container: String
    /// The container that released it (nil: released from its `deinit`), and its root.
    weak var node: ContainerNode?
    weak var root: ContainerNode?

    /// The instance's identity while it is alive (the weak load's strong reference goes
    /// before this returns).
    var aliveIdentity: ObjectIdentifier? { object.map(ObjectIdentifier.init) }

    /// Who reports the leak: the container that released it, or its root once it is gone.
    var reporter: ContainerNode? { node ?? root }
}

/// The watches an immediate check (``LeakCheck/collecting(_:)``) gathers, or a delayed
/// check carries to its queue.
package final class LeakCollector: Sendable {
    private let watches = Locked<[LeakWatch]>([])

    func add(_ more: [LeakWatch]) { watches.withLock { $0 += more } }

    func take() -> [LeakWatch] {
        watches.withLock { watches in
            defer { watches = [] }
            return watches
        }
    }
}
