// Concurrency rule: the grace period (`settings`) and a `LeakCollector`'s watches are leaf locks; whether anything is
// checked is two switches (Atomics.swift). A released instance is watched through a weak reference made before its
// scope lets go of it and read only after every lock is released, so no `deinit` runs under a lock of Scoped's.
// Observers get a leak on the delayed check's Dispatch queue (or the asking thread), no lock held.
import Dispatch

/// The leak check at release (``LifecycleEvent/leakGracePeriod``): a class instance still alive after its grace period
/// is reported `.leaked` by the container that released it.
package enum LeakCheck {
    /// The grace period; nil: off. 2 s in debug builds unless set (the switch starts on there).
    private static let settings = Locked<Double?>(Switches.now.contains(.leakGracePeriod) ? 2 : nil)
    @TaskLocal static var collector: LeakCollector?
    @TaskLocal private static var gracePeriodHere: Double?
    package static var gracePeriod: Double? {
        get { settings.withLock { $0 } }
        set {
            settings.withLock { grace in
                Switches.set(.leakGracePeriod, on: newValue != nil)
                grace = newValue
            }
        }
    }
    package static func chain(in context: ResolutionContext) -> [StorageKey] { context.frames.map(\.storageKey) }
    /// Runs `flow`, then reports and returns the instances released during it still alive.
    package static func collecting<R>(_ flow: () throws -> R) rethrows -> (result: R, leaks: [Leak]) {
        let collector = LeakCollector([])
        Switches.count(.leakTests, by: 1)
        defer { Switches.count(.leakTests, by: -1) }
        let result = try $collector.withValue(collector) { try flow() }
        return (result, report(collector.withLock { $0 }, seconds: 0))
    }
    package static func collecting<R>(
        isolation: isolated (any Actor)? = #isolation, _ flow: () async throws -> R
    ) async rethrows -> (result: R, leaks: [Leak]) {
        let collector = LeakCollector([])
        Switches.count(.leakTests, by: 1)
        defer { Switches.count(.leakTests, by: -1) }
        let result = try await $collector.withValue(collector) { try await flow() }
        return (result, report(collector.withLock { $0 }, seconds: 0))
    }
    /// A leak found by an immediate check.
    package typealias Leak = (
        event: LifecycleEvent.Leak, subject: String, scope: String, container: String, instance: ObjectIdentifier
    )
    /// For tests of the delayed check, running beside others.
    package static func withGracePeriod<R>(_ seconds: Double, _ body: () throws -> R) rethrows -> R {
        Switches.count(.leakTests, by: 1)
        defer { Switches.count(.leakTests, by: -1) }
        return try $gracePeriodHere.withValue(seconds) { try body() }
    }
    private static func report(_ watches: [LeakWatch], seconds: Double) -> [Leak] {
        watches.compactMap { watch in
            guard let identity = watch.aliveIdentity else { return nil }
            let leak = LifecycleEvent.Leak(seconds: seconds, builtThrough: watch.builtThrough.map(\.reference))
            (watch.node ?? watch.root)?.emit(
                .leaked, key: watch.key, scope: watch.scope, instance: identity, leak: leak, containerName: watch.container)
            return (
                event: leak, subject: watch.key.description, scope: watch.scope.name, container: watch.container,
                instance: identity)
        }
    }
    package struct Batch {
        private var watches: [LeakWatch] = []
        private let releaser: ContainerNode?
        private let root: ContainerNode
        private let container: String
        private let grace: Double?
        private let collector: LeakCollector?
        /// Nil when nothing is to be checked. A `dying` node reports through its root.
        package init?(releasedBy node: ContainerNode, dying: Bool) {
            guard let reporter = dying ? (node.isRoot ? nil : node.root) : node else { return nil }
            collector = LeakCheck.collector
            grace =
                collector == nil && reporter.isObservedInChain ? (LeakCheck.gracePeriodHere ?? LeakCheck.gracePeriod) : nil
            guard collector != nil || grace != nil else { return nil }
            releaser = dying ? nil : node
            root = node.root
            container = node.displayName
        }
        /// Only class instances held strongly (others keep a `.shared` one on purpose).
        package mutating func watch(_ entry: StoredEntry) {
            guard case .strong(let payload) = entry.holding else { return }
            guard let object = (payload as? AnyInstanceBox).map(\.classInstance) ?? payload else { return }
            watches.append(LeakWatch(
                object: object, key: entry.key, scope: entry.scope, builtThrough: entry.builtThrough,
                container: container, node: releaser, root: root))
        }
        package func finish() {
            let alive = watches.filter { $0.aliveIdentity != nil }
            guard !alive.isEmpty else { return }
            collector?.withLock { $0 += alive }
            guard collector == nil, let grace else { return }
            let due = LeakCollector(alive)  // Sendable: carries the watches to the queue
            let milliseconds = Int(min(grace, 86_400) * 1_000)  // fits 32-bit watchOS's `Int` (nanoseconds did not past 2.1 s)
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
                _ = LeakCheck.report(due.withLock { $0 }, seconds: grace)
            }
        }
    }
}

/// One released instance, watched weakly; reported by `node` (nil: from its `deinit`) or `root`.
struct LeakWatch {
    weak var object: AnyObject?
    let key: StorageKey
    let scope: Scope
    let builtThrough: [StorageKey]
    let container: String
    weak var node: ContainerNode?
    weak var root: ContainerNode?
    /// Nil once gone (the weak load's strong reference ends here).
    var aliveIdentity: ObjectIdentifier? { object.map(ObjectIdentifier.init) }
}

/// The released instances a leak test collects, or a delayed check carries to its queue.
typealias LeakCollector = Locked<[LeakWatch]>
