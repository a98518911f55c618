import Foundation
import Scoped

/// Runs a list of ``ModelOperation``s against Scoped and the ``ReferenceModel`` side by
/// side and compares them after every step: the identity (and body, parameter and
/// dependencies) of every instance handed out, the set of live instances, how many
/// instances each container holds, which containers are closed, and which are gone.
///
/// Each run has a tracker and two root containers of its own, in one of two worlds:
/// - ``World/isolated``: a container world of its own, so `Scope.x.reset()` and
///   singletons reach only this run's world whatever other tests do in parallel; every
///   operation is generated. Resolves take the library's general path.
/// - ``World/production``: the process's own containers, where resolves take the
///   library's fast path (while no container world is active anywhere in the process).
///   Only resets that touch nothing of other tests are generated: `Scope.x.reset()` is
///   `Scope.modelSession.reset()` (only `ModelContainer` uses it), and the world's
///   singletons are dropped through the root's factory resets. Runs in this world must
///   not overlap (they share `ModelContainer`'s singletons and session scope).
struct ModelRunner {
    enum World {
        case isolated
        case production
    }

    struct Failure: Error, CustomStringConvertible {
        let step: Int
        let message: String
        var description: String { "step \(step): \(message)" }
    }

    struct Outcome {
        var failure: Failure?
        var steps = 0
        /// Steps skipped because the library would (rightly) stop the process there.
        var expectedStops = 0
        var created = 0
    }

    private static let heldLimit = 16
    private static let containerLimit = 10

    /// Runs `operations`; `trace` receives one line per step when given, `progress` is
    /// advanced after every step that agreed with the model.
    static func run(
        _ operations: [ModelOperation], in world: World = .isolated, trace: ((String) -> Void)? = nil,
        progress: ScenarioProgress? = nil
    ) -> Outcome {
        let tracker = Tracker()
        switch world {
        case .isolated:
            let world = WorldNode(name: "model", parent: nil)
            return Tracker.$current.withValue(tracker) {
                world.enter {
                    var runner = ModelRunner(tracker: tracker, world: world, trace: trace, progress: progress)
                    return runner.execute(operations)
                }
            }
        case .production:
            return Tracker.$current.withValue(tracker) {
                var runner = ModelRunner(tracker: tracker, world: nil, trace: trace, progress: progress)
                return runner.execute(operations)
            }
        }
    }

    private let tracker: Tracker
    /// nil: the production world.
    private let world: WorldNode?
    private let trace: ((String) -> Void)?
    private let progress: ScenarioProgress?
    private var model = ReferenceModel()
    private var containers: [ModelContainer?] = []
    private var managers: [WeakManager] = []
    private var confirmedGone: Set<Int> = []
    private var held: [RealHeld] = []
    private var outcome = Outcome()

    private enum RealHeld {
        case probe(Probe)
        case lazy(Lazy<Probe>)
    }

    private final class WeakManager {
        weak var manager: ContainerNode?
        init(_ manager: ContainerNode) { self.manager = manager }
    }

    private init(tracker: Tracker, world: WorldNode?, trace: ((String) -> Void)?, progress: ScenarioProgress?) {
        self.tracker = tracker
        self.world = world
        self.trace = trace
        self.progress = progress
    }

    private mutating func execute(_ operations: [ModelOperation]) -> Outcome {
        for _ in 0..<2 {
            let root = ModelContainer()
            containers.append(root)
            managers.append(WeakManager(root.manager.node.nodeInCurrentWorld()))
            _ = model.addRoot()
        }
        if world == nil {
            // The process's singletons of these registrations may be left by an earlier
            // run that stopped at a mismatch: start without them, as the model does.
            for registration in [ModelRegistration.singletonProbe, .singletonParam] {
                containers[0]!.resetFactory(registration)
            }
        }
        do {
            for (index, operation) in operations.enumerated() {
                let line = try perform(operation, step: index)
                model.endStep()
                trace?("\(index): \(operation)  \(line)")
                try verify(step: index)
                outcome.steps += 1
                progress?.advance()
            }
            try tearDown(step: operations.count)
        } catch let failure as Failure {
            trace?("MISMATCH at step \(failure.step): \(failure.message)")
            outcome.failure = failure
        } catch {
            outcome.failure = Failure(step: -1, message: "\(error)")
        }
        outcome.created = tracker.created
        return outcome
    }

    // MARK: Steps

    private var heldNodes: [Int] { model.nodes.indices.filter { model.nodes[$0].heldByTest } }
    private var heldChildren: [Int] { heldNodes.filter { model.nodes[$0].parent != nil } }

    private mutating func perform(_ operation: ModelOperation, step: Int) throws -> String {
        let registration = ModelRegistration.allCases[operation.b % ModelRegistration.allCases.count]
        let parameter = operation.c % 3
        let nodes = heldNodes
        let node = nodes[operation.a % nodes.count]
        let subject = registration.takesParameter ? "\(registration)[\(parameter)]" : "\(registration)"
        switch operation.kind {
        case .resolve:
            var trial = model
            let expected: Int
            do throws(ModelStop) { expected = try trial.resolve(registration, parameter, via: node) } catch {
                outcome.expectedStops += 1
                return "resolve \(subject) via n\(node): skipped, would stop (\(error.message))"
            }
            let isNew = expected > model.lastID
            model = trial
            let probe = containers[node]!.resolve(registration, parameter)
            try check(probe, expected: expected, step: step, what: "resolve \(subject) via n\(node)")
            let keep = (operation.c / 3) % 2 == 0 && held.count < Self.heldLimit
            if keep {
                held.append(.probe(probe))
                model.held.append(.probe(expected))
            }
            return "resolve \(subject) via n\(node) → \(isNew ? "new" : "same") #\(expected)\(keep ? " (held)" : "")"
        case .makeLazy:
            guard held.count < Self.heldLimit else { return "lazy: too many held, no-op" }
            held.append(.lazy(containers[node]!.lazy(registration, parameter)))
            model.makeLazy(registration, parameter, via: node)
            return "lazy \(subject) via n\(node) → held[\(held.count - 1)]"
        case .callLazy:
            let lazies = held.indices.filter { if case .lazy = held[$0] { return true } else { return false } }
            guard !lazies.isEmpty else { return "call lazy: none held, no-op" }
            let index = lazies[operation.a % lazies.count]
            guard case .lazy(let thunk) = held[index] else { preconditionFailure() }
            var trial = model
            let expected: Int
            do throws(ModelStop) { expected = try trial.callLazy(at: index) } catch {
                outcome.expectedStops += 1
                return "call lazy held[\(index)]: skipped, would stop (\(error.message))"
            }
            model = trial
            let probe = thunk()
            try check(probe, expected: expected, step: step, what: "call lazy held[\(index)]")
            guard thunk.isResolved else { throw Failure(step: step, message: "lazy held[\(index)] not resolved after a call") }
            return "call lazy held[\(index)] → #\(expected)"
        case .dropHeld:
            guard !held.isEmpty else { return "drop: nothing held, no-op" }
            let index = operation.a % held.count
            held.remove(at: index)
            model.dropHeld(at: index)
            return "drop held[\(index)]"
        case .register:
            let variant = operation.c % 4
            do throws(ModelStop) { try model.register(registration, variant: variant, on: node) } catch {
                outcome.expectedStops += 1
                return "register \(registration) override o\(variant) on n\(node): skipped, would stop (\(error.message))"
            }
            containers[node]!.registerOverride(registration, variant: variant)
            return "register \(registration) override o\(variant) on n\(node)"
        case .resetFactory:
            containers[node]!.resetFactory(registration)
            model.resetFactory(registration, on: node)
            return "reset factory \(registration) on n\(node)"
        case .resetContainer:
            containers[node]!.reset()
            model.resetContainer(node)
            return "reset container n\(node)"
        case .resetScope:
            let scopes = world == nil ? Self.scopes.filter { $0.1 == .session } : Self.scopes
            let (scope, kind, name) = scopes[operation.b % scopes.count]
            scope.reset()
            model.resetScope(kind)
            return "Scope.\(name).reset()"
        case .openChild:
            guard nodes.count < Self.containerLimit else { return "open child: too many, no-op" }
            let child: Int
            do throws(ModelStop) { child = try model.openChild(of: node) } catch {
                outcome.expectedStops += 1
                return "open child of n\(node): skipped, would stop (\(error.message))"
            }
            let container = containers[node]!.child("n\(child)")
            containers.append(container)
            managers.append(WeakManager(container.manager.node))
            return "open child n\(child) of n\(node)"
        case .closeChild:
            let children = heldChildren
            guard !children.isEmpty else { return "close: no child, no-op" }
            let target = children[operation.a % children.count]
            containers[target]!.close()
            model.close(target)
            return "close n\(target)"
        case .raceBuild:
            return try raceBuild(registration, parameter, via: node, change: operation.c, step: step)
        case .dropChild:
            let children = heldChildren
            guard !children.isEmpty else { return "drop child: no child, no-op" }
            let target = children[operation.a % children.count]
            containers[target] = nil
            model.drop(target)
            return "drop child n\(target)"
        }
    }

    /// A resolve of `registration` through `node` that builds: one thread builds (its
    /// body stops at a gate once its dependencies are resolved), a second one waits for
    /// that build, and a change picked by `change` lands meanwhile — a `register`, a reset
    /// of the factory, the container or the scope, or the close of `node`. Both threads get
    /// the build's instance, and the model states the outcome as the resolve followed by
    /// the change (the change wins: the instance is not kept). A no-op unless the resolve
    /// builds an instance of a caching scope other than singletons (whose storage belongs
    /// to the world, not to a container this runner can watch).
    private mutating func raceBuild(
        _ registration: ModelRegistration, _ parameter: Int, via node: Int, change: Int, step: Int
    ) throws -> String {
        let subject = registration.takesParameter ? "\(registration)[\(parameter)]" : "\(registration)"
        guard [.shared, .cached, .session, .scoped].contains(registration.kind) else { return "race \(subject): no build, no-op" }
        var trial = model
        let expected: Int
        do throws(ModelStop) { expected = try trial.resolve(registration, parameter, via: node) } catch {
            outcome.expectedStops += 1
            return "race \(subject) via n\(node): skipped, would stop (\(error.message))"
        }
        guard expected > model.lastID, let tag = trial.object(expected)?.tag else {
            return "race \(subject) via n\(node): held, no build, no-op"
        }
        let container = containers[node]!
        let isChild = model.nodes[node].parent != nil
        let apply: () -> Void
        let said: String
        switch change % 5 {
        case 0:
            let variant = (change / 5) % 4
            do throws(ModelStop) { try trial.register(registration, variant: variant, on: node) } catch {
                outcome.expectedStops += 1
                return "race \(subject) via n\(node), register: skipped, would stop (\(error.message))"
            }
            apply = { container.registerOverride(registration, variant: variant) }
            said = "register o\(variant) on n\(node)"
        case 1:
            trial.resetFactory(registration, on: node)
            apply = { container.resetFactory(registration) }
            said = "reset factory on n\(node)"
        case 2 where world != nil || registration.kind == .session:
            let (scope, kind, name) = Self.scopes.first { $0.1 == registration.kind }!
            trial.resetScope(kind)
            apply = { scope.reset() }
            said = "Scope.\(name).reset()"
        case 3 where isChild:
            trial.close(node)
            apply = { container.close() }
            said = "close n\(node)"
        default:
            trial.resetContainer(node)
            apply = { container.reset() }
            said = "reset container n\(node)"
        }
        let gate = BuildGate()
        tracker.arm(gate, for: tag)
        // The threads reach the container through a box emptied once both are done: a
        // finished `Thread` may keep its closure a while, and must not keep a child alive.
        let target = Locked<ModelContainer?>(container)
        let resolve: @Sendable () -> Probe = { [world, tracker] in
            let container = target.withLock { $0 }!
            return Tracker.$current.withValue(tracker) {
                world.map { world in world.enter { container.resolve(registration, parameter) } }
                    ?? container.resolve(registration, parameter)
            }
        }
        let builder = Self.onNewThread(resolve)
        var waiter: (() -> Probe)?
        // Every live container, those the test let go of but a child keeps included (an
        // override there holds the instance).
        let watched = managers.compactMap(\.manager)
        var waited = false
        gate.whileBuilding {
            waiter = Self.onNewThread(resolve)
            let deadline = ContinuousClock.now + .seconds(60)
            while !waited, ContinuousClock.now < deadline {
                waited = watched.contains { $0.storage.state.withLock { $0.waiters } > 0 }
                if !waited { Platform.yieldThread() }
            }
            apply()
        }
        let built = builder()
        let joined = waiter!()
        target.withLock { $0 = nil }
        guard waited else { throw Failure(step: step, message: "race \(subject): the second thread never waited for the build") }
        guard built === joined else {
            throw Failure(step: step, message: "race \(subject) via n\(node), \(said): the waiting thread got #\(joined.id), "
                + "the build made #\(built.id)")
        }
        model = trial
        try check(built, expected: expected, step: step, what: "race \(subject) via n\(node)")
        return "race \(subject) via n\(node) → #\(expected) to both threads, \(said) meanwhile"
    }

    /// Runs `resolve` on a thread of its own; the closure returned waits for its result
    /// and takes it (the finished thread keeps nothing of it).
    private static func onNewThread(_ resolve: @escaping @Sendable () -> Probe) -> () -> Probe {
        let result = Locked<Probe?>(nil, waitable: true)
        Thread {
            result.withLock { $0 = resolve() }
            result.broadcast()
        }.start()
        return {
            result.wait { $0 == nil }
            return result.withLock { probe in
                defer { probe = nil }
                return probe!
            }
        }
    }

    private static let scopes: [(Scope, ModelRegistration.Kind, String)] = [
        (.cached, .cached, "cached"), (.shared, .shared, "shared"), (.scoped, .scoped, "scoped"),
        (.modelSession, .session, "modelSession"), (.singleton, .singleton, "singleton"),
    ]

    /// The instance handed out is the one the model expects (and, when new, was made by
    /// the expected body, with the expected parameter and dependencies).
    private func check(_ probe: Probe, expected: Int, step: Int, what: String) throws {
        guard probe.id == expected else {
            throw Failure(step: step, message: "\(what): got #\(probe.id) (\(probe.tag)), model expects #\(expected)")
        }
        guard let object = model.object(expected) else { return }
        let deps = probe.deps.map(\.id)
        guard probe.tag == object.tag, probe.parameter == object.parameter, deps == object.deps else {
            throw Failure(step: step, message: "\(what): #\(probe.id) is \(probe.tag)[\(probe.parameter ?? -1)] deps \(deps), "
                + "model expects \(object.tag)[\(object.parameter ?? -1)] deps \(object.deps)")
        }
    }

    // MARK: Checks

    private mutating func verify(step: Int) throws {
        let alive = model.reachable()
        let actual = tracker.alive
        guard tracker.created == model.lastID else {
            throw Failure(step: step, message: "\(tracker.created) probes created, model expects \(model.lastID)")
        }
        guard actual == alive else {
            throw Failure(step: step, message: "alive \(actual.sorted()), model expects \(alive.sorted()) "
                + "(unexpectedly alive: \(actual.subtracting(alive).sorted()), "
                + "unexpectedly released: \(alive.subtracting(actual).sorted()))")
        }
        guard tracker.anomalies.isEmpty else {
            throw Failure(step: step, message: "released twice: \(tracker.anomalies)")
        }
        for index in model.nodes.indices where !confirmedGone.contains(index) {
            let manager = managers[index].manager
            let expected = model.nodes[index]
            guard let manager else {
                guard !expected.alive else { throw Failure(step: step, message: "container n\(index) is gone, model keeps it") }
                confirmedGone.insert(index)
                continue
            }
            guard expected.alive else { throw Failure(step: step, message: "container n\(index) is still alive") }
            guard manager.isClosed == expected.closed else {
                throw Failure(step: step, message: "n\(index).isClosed is \(manager.isClosed), model: \(expected.closed)")
            }
            let count = manager.storage.count
            let expectedCount = model.heldCount(index, alive: alive)
            guard count == expectedCount else {
                throw Failure(step: step, message: "n\(index) holds \(count) instances, model expects \(expectedCount)")
            }
        }
        if let world, world.singletons.count != model.singletonCount {
            throw Failure(step: step, message: "\(world.singletons.count) singletons held, model expects \(model.singletonCount)")
        }
        model.forget(allBut: alive)
    }

    /// Drops everything and resets everything: nothing may stay alive.
    private mutating func tearDown(step: Int) throws {
        while !held.isEmpty {
            held.removeLast()
            model.dropHeld(at: model.held.count - 1)
        }
        for child in heldChildren {
            containers[child] = nil
            model.drop(child)
        }
        for root in 0..<2 {
            containers[root]!.reset()
            model.resetContainer(root)
        }
        if world == nil {
            for registration in [ModelRegistration.singletonProbe, .singletonParam] {
                containers[0]!.resetFactory(registration)
                model.resetFactory(registration, on: 0)
            }
        } else {
            Scope.singleton.reset()
            model.resetScope(.singleton)
        }
        try verify(step: step)
        guard tracker.alive.isEmpty else {
            throw Failure(step: step, message: "alive after dropping and resetting everything: \(tracker.alive.sorted())")
        }
        if let index = (2..<managers.count).first(where: { managers[$0].manager != nil }) {
            throw Failure(step: step, message: "child container n\(index) outlived everything")
        }
    }
}
