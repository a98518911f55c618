import Scoped

/// Three independent container types for cross-container nesting: the test wires their
/// factories to each other with `register` (capturing the peers unowned, so the
/// overrides make no retain cycle).
final class TrioA: SharedContainer {
    static let shared = TrioA()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
}

final class TrioB: SharedContainer {
    static let shared = TrioB()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
}

final class TrioC: SharedContainer {
    static let shared = TrioC()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
}

extension TrioA {
    var x: Factory<Probe> { self { Probe("a.x") }.cached }
    var w: Factory<Probe> { self { Probe("a.w") }.cached }
    var chain: Factory<Probe> { self { Probe("a.chain") }.cached }
}

extension TrioB {
    var y: Factory<Probe> { self { Probe("b.y") }.cached }
    var y2: Factory<Probe> { self { Probe("b.y2") }.cached }
    var chain: Factory<Probe> { self { Probe("b.chain") }.cached }
}

extension TrioC {
    var z: Factory<Probe> { self { Probe("c.z") }.cached }
    var z2: Factory<Probe> { self { Probe("c.z2") }.cached }
    var chain: Factory<Probe> { self { Probe("c.chain") }.scoped }
}

/// A tracked instance that runs `onDeinit` when it is released (before reporting its
/// release to the tracker).
final class Hook: Sendable {
    let id: Int
    private let tracker: Tracker
    private let onDeinit: @Sendable () -> Void

    init(_ tag: String, onDeinit: @escaping @Sendable () -> Void) {
        guard let tracker = Tracker.current else { fatalError("Hook(\(tag)) made outside Tracker.$current.withValue") }
        self.tracker = tracker
        self.onDeinit = onDeinit
        id = tracker.born(tag)
    }

    deinit {
        onDeinit()
        tracker.died(id)
    }
}

/// A main-actor view model for the main-actor scenarios.
@MainActor final class ScreenModel {
    let probe: Probe
    let deps: [Probe]

    init(_ tag: String, deps: [Probe]) {
        probe = Probe(tag)
        self.deps = deps
    }
}

/// Factories whose instances resolve from the container in their `deinit`, whose bodies
/// hop to other threads, and main-actor factories.
final class HookContainer: SharedContainer {
    static let shared = HookContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
}

extension HookContainer {
    var plain: Factory<Probe> { self { Probe("plain") }.cached }
    var other: Factory<Probe> { self { Probe("other") }.cached }
    var item: ParameterFactory<Int, Probe> { self { Probe("item", parameter: $0) }.scoped.perParameter }
    /// Cached; its deinit resolves `plain` and `other` from the same container (weakly
    /// captured: the instance lives in that container, so a strong capture would be a cycle).
    var hooked: Factory<Hook> {
        self {
            Hook("hooked") { [weak self] in
                _ = self?.plain()
                _ = self?.other()
            }
        }.cached
    }
    /// Scoped; its deinit resolves `plain` (cached: the root's) and `hooked` through the
    /// lifetime scope that owned it — which is closing, or closed, when the deinit runs.
    var scopedHook: Factory<Hook> {
        self {
            Hook("scopedHook") { [weak self] in
                _ = self?.plain()
                _ = self?.hooked()
            }
        }.scoped
    }
    /// Overridden by the tests with bodies that hop to other threads.
    var relay: Factory<Probe> { self { Probe("relay") }.cached }
    var relay2: Factory<Probe> { self { Probe("relay2") }.cached }

    @MainActor var screen: MainActorFactory<ScreenModel> {
        self { @MainActor in ScreenModel("screen", deps: [self.plain(), self.other()]) }.cached
    }
    @MainActor var detailScreen: MainActorParameterFactory<Int, ScreenModel> {
        self { @MainActor id in ScreenModel("detailScreen", deps: [self.item(id), self.plain()]) }.scoped.perParameter
    }
}
