// Concurrency rule: validation runs on the calling thread; the observer it installs
// appends to a `Locked` list of events (resolves may hop threads inside factory bodies),
// read after the resolves return. No lock is held while a factory body runs.
import Scoped
import Testing

/// What ``validateGraph(roots:flows:views:resolving:sourceLocation:)`` found: the graph it
/// resolved and the problems in it, each already recorded as a test issue.
public struct GraphReport: Sendable {
    /// One thing wrong with the graph.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// What kind of problem.
        public enum Kind: Sendable, Equatable {
            /// A longer-lived instance holds a shorter-lived one past its scope.
            case captiveDependency
            /// A `.scoped` instance was built at the root, not in a lifetime scope.
            case scopedAtRoot
            /// A registration built a second instance in a container while the first was
            /// held there (resolved with two lifetimes).
            case builtMoreThanOnce
            /// A listed key path that is not a factory resolvable without a parameter (or,
            /// for the synchronous validation, an async factory).
            case notResolvable
            /// A build, or the async `resolving:` closure, threw.
            case threw
            /// Two listed members make one registration (a helper that does not forward its
            /// callers' `key:`, `file:`, `line:` and `column:`): they share instances.
            case mergedRegistrations
            /// Scoped did something other than what was asked, to keep the app running (a
            /// `LifecycleEvent` of kind `misuse`).
            case misuse
        }

        /// What kind of problem.
        public let kind: Kind
        /// The message recorded as the test issue, naming the registrations involved.
        public let message: String

        /// The message.
        public var description: String { message }
    }

    /// What the validation resolved.
    public let graph: ResolvedGraph
    /// The problems found, in the order found.
    public let problems: [Problem]
}

extension GraphReport: CustomStringConvertible {
    /// How many registrations were resolved and the problems, one per line: what
    /// `print(report)` shows.
    ///
    /// ```
    /// 4 registrations resolved, 1 problem:
    /// - detail (DetailModel) is .scoped but was built at the root (root), where it lives as long as …
    /// ```
    public var description: String {
        let registrations = graph.nodes.count == 1 ? "1 registration" : "\(graph.nodes.count) registrations"
        guard !problems.isEmpty else { return "\(registrations) resolved, no problems" }
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return "\(registrations) resolved, \(count):\n" + problems.map { "- \($0.message)" }.joined(separator: "\n")
    }
}

/// Resolves an app's graph in a fresh container world and fails the running test for
/// every captive dependency, every `.scoped` instance built at the root, and every
/// instance built more than once where its scope promises one — each with the chain of
/// registrations that led to it.
///
/// ```swift
/// @MainActor @Test func appGraphIsSound() {
///     validateGraph(roots: [\.store, \.settings], flows: [\.checkout, \.profile])
/// }
/// ```
///
/// `roots` are resolved at the world's `Container.shared`, as the app resolves app-wide
/// services; `flows` each through a fresh child lifetime scope (closed afterwards), as a
/// screen resolves its view models; `views` each as ScopedSwiftUI resolves a view model
/// (``ViewFlow``: through a scope a view opened, with its `.container { }` overrides, its
/// `@Injected` properties through the view's containers), which is where a root-held
/// service is built with the root's dependencies whoever resolves it first, and where
/// misuse Scoped works around is reported (``GraphReport/Problem/Kind-swift.enum/misuse``).
/// Key paths to factories that need a parameter, or to factory functions, go in
/// `resolving`, which receives the root:
/// `resolving: { root in _ = root.child("detail").detail(42) }`.
///
/// Misuse that stops the process (a cycle, a closed scope) still stops it: check those
/// with an exit test (`#expect(processExitsWith: .failure) { … }`).
///
/// - Parameters:
///   - roots: Factories resolved at the root.
///   - flows: Factories resolved each through its own child lifetime scope.
///   - views: Factories resolved as a view resolves its view model (``ViewFlow``).
///   - resolving: Resolves anything else, from the root.
///   - sourceLocation: Where the issues are reported.
/// - Returns: The resolved graph and the problems found.
@discardableResult
public func validateGraph(
    roots: [PartialKeyPath<Container>] = [],
    flows: [PartialKeyPath<Container>] = [],
    views: [ViewFlow<Container>] = [],
    resolving: ((Container) -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) -> GraphReport {
    validateGraph(
        Container.self, roots: roots, flows: flows, views: views, resolving: resolving, sourceLocation: sourceLocation)
}

/// A factory resolved the way ScopedSwiftUI resolves a view model: through a lifetime
/// scope that a view opened (`.lifetimeScope`, `.container { }`), with that view's
/// overrides, while the view's containers are the ones `@Injected` and friends resolve
/// through — for ``validateGraph(roots:flows:views:resolving:sourceLocation:)``.
///
/// ```swift
/// validateGraph(views: [ViewFlow(\.checkout) { $0.api.register { MockAPI() } }])
/// ```
public struct ViewFlow<C: SharedContainer> {
    let keyPath: PartialKeyPath<C>
    let overrides: (C) -> Void

    /// A view model's factory, resolved through a view's scope.
    ///
    /// - Parameters:
    ///   - keyPath: The view model's factory (`\.checkout`).
    ///   - overrides: What the view's `.container { }` registers, run on its scope first.
    public init(_ keyPath: PartialKeyPath<C>, overrides: @escaping (C) -> Void = { _ in }) {
        self.keyPath = keyPath
        self.overrides = overrides
    }
}

/// Validates the graph of a custom container type; see
/// ``validateGraph(roots:flows:views:resolving:sourceLocation:)``.
///
/// - Parameters:
///   - type: The container type whose `shared` world is validated.
///   - roots: Factories resolved at the root.
///   - flows: Factories resolved each through its own child lifetime scope.
///   - views: Factories resolved as a view resolves its view model (``ViewFlow``).
///   - resolving: Resolves anything else, from the root.
///   - sourceLocation: Where the issues are reported.
/// - Returns: The resolved graph and the problems found.
@discardableResult
public func validateGraph<C: SharedContainer>(
    _ type: C.Type,
    roots: [PartialKeyPath<C>] = [],
    flows: [PartialKeyPath<C>] = [],
    views: [ViewFlow<C>] = [],
    resolving: ((C) -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) -> GraphReport {
    withContainer(C.self) { _ in } operation: {
        let run = ValidationRun<C>()
        run.checkDistinctRegistrations(roots: roots, flows: flows)
        for keyPath in roots { run.resolve(keyPath, in: run.root) }
        for keyPath in flows {
            let flow = run.root.child("validation")
            run.resolve(keyPath, in: flow)
            flow.close()
        }
        for view in views {
            // As ScopedSwiftUI's `.container { }` and `ViewModelSlot` do it.
            let scope = run.root.child("view", viewBound: true)
            view.overrides(scope)
            InjectionContainers.resolving(through: [run.root, scope]) { run.resolve(view.keyPath, in: scope) }
            scope.close()
        }
        resolving?(run.root)
        return run.finish(sourceLocation: sourceLocation)
    }
}

/// Resolves an app's graph, async factories included, in a fresh container world and
/// fails the running test for every problem
/// ``validateGraph(roots:flows:views:resolving:sourceLocation:)`` finds, each with the chain of
/// registrations that led to it.
///
/// ```swift
/// @Test func appGraphIsSound() async {
///     await validateGraph(roots: [\.database, \.store], flows: [\.checkout]) { root in
///         let detail = root.child("detail")
///         _ = try await detail.entry(42)
///         detail.close()
///     }
/// }
/// ```
///
/// `roots` and `flows` may list `AsyncFactory` key paths (awaited) as well as
/// synchronous factories; key paths to factories that need a parameter, and to factory
/// functions, go in `resolving`, which may `await` and `throw`. An error a build or
/// `resolving` throws is a problem too (``GraphReport/Problem/Kind-swift.enum/threw``).
///
/// - Parameters:
///   - roots: Factories resolved at the root.
///   - flows: Factories resolved each through its own child lifetime scope.
///   - resolving: Resolves anything else, from the root.
///   - isolation: The actor to run on; the caller's by default (a `@MainActor` test
///     validates main-actor factories).
///   - sourceLocation: Where the issues are reported.
/// - Returns: The resolved graph and the problems found.
@discardableResult
public func validateGraph(
    roots: [PartialKeyPath<Container>] = [],
    flows: [PartialKeyPath<Container>] = [],
    resolving: ((Container) async throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> GraphReport {
    await validateGraph(
        Container.self, roots: roots, flows: flows, resolving: resolving, isolation: isolation,
        sourceLocation: sourceLocation)
}

/// Validates the graph of a custom container type, async factories included; see
/// ``validateGraph(roots:flows:resolving:isolation:sourceLocation:)``.
///
/// - Parameters:
///   - type: The container type whose `shared` world is validated.
///   - roots: Factories resolved at the root.
///   - flows: Factories resolved each through its own child lifetime scope.
///   - resolving: Resolves anything else, from the root.
///   - isolation: The actor to run on; the caller's by default.
///   - sourceLocation: Where the issues are reported.
/// - Returns: The resolved graph and the problems found.
@discardableResult
public func validateGraph<C: SharedContainer>(
    _ type: C.Type,
    roots: [PartialKeyPath<C>] = [],
    flows: [PartialKeyPath<C>] = [],
    resolving: ((C) async throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> GraphReport {
    await withContainer(isolation: isolation, C.self, { _ in }) {
        let run = ValidationRun<C>()
        run.checkDistinctRegistrations(roots: roots, flows: flows)
        for keyPath in roots { await run.resolve(keyPath, in: run.root, isolation: isolation) }
        for keyPath in flows {
            let flow = run.root.child("validation")
            await run.resolve(keyPath, in: flow, isolation: isolation)
            flow.close()
        }
        if let resolving {
            do {
                try await resolving(run.root)
            } catch {
                run.add(.threw, "graph validation: `resolving:` threw \(error)")
            }
        }
        return run.finish(sourceLocation: sourceLocation)
    }
}

/// One validation in progress: the world's root, the observers recording what it
/// resolves, and the problems its resolves met.
private final class ValidationRun<C: SharedContainer>: Sendable {
    let root: C
    let rootName: String
    let events = Locked<[LifecycleEvent]>([])
    let recorder = GraphRecorder()
    private let observations: [LifecycleObservation]
    private let problems = Locked<[GraphReport.Problem]>([])

    /// Starts recording at the current world's `C.shared`.
    init() {
        root = C.shared
        rootName = root.inspection.displayName
        let events = self.events
        observations = [root.observe(recorder.observer), root.observe { event in events.withLock { $0.append(event) } }]
    }

    func add(_ kind: GraphReport.Problem.Kind, _ message: String) {
        problems.withLock { $0.append(GraphReport.Problem(kind: kind, message: message)) }
    }

    /// Files every two listed members that make one registration: the mark of a helper
    /// that makes factories without forwarding its callers' `key:`, `file:`, `line:` and
    /// `column:` (each caller would get the others' instance).
    func checkDistinctRegistrations(roots: [PartialKeyPath<C>], flows: [PartialKeyPath<C>]) {
        var seen: [(label: String, keyPath: PartialKeyPath<C>, key: RegistrationKey)] = []
        let listed = roots.enumerated().map { ("roots[\($0.offset)]", $0.element) }
            + flows.enumerated().map { ("flows[\($0.offset)]", $0.element) }
        for (label, keyPath) in listed {
            let value = root[keyPath: keyPath]
            guard let key = (value as? any AnyFactoryValue)?.registrationKey
                ?? (value as? any AnyAsyncFactoryValue)?.registrationKey
            else { continue }
            if let first = seen.first(where: { $0.key == key && $0.keyPath != keyPath }) {
                add(.mergedRegistrations, "graph validation: \(first.label) and \(label) are one registration, \(key), "
                    + "made by the self { … } call at \(key.declaration ?? "?"); a helper that makes factories must "
                    + "forward its callers' key:, file:, line: and column:, or they all share one registration")
            }
            seen.append((label, keyPath, key))
        }
    }

    /// Resolves the factory at `keyPath` through `container`, or files why it cannot.
    func resolve(_ keyPath: PartialKeyPath<C>, in container: C) {
        let value = container[keyPath: keyPath]
        if let factory = value as? any AnyFactoryValue {
            guard factory.resolveDiscardingInstance() == nil else { return }
            add(.notResolvable, Self.name(of: value, key: factory.registrationKey) + ", which needs a parameter; "
                + "resolve it in `resolving:`")
        } else if let factory = value as? any AnyAsyncFactoryValue {
            add(.notResolvable, Self.name(of: value, key: factory.registrationKey) + ", which this synchronous "
                + "validateGraph cannot await; validate it with `await validateGraph(…)`, whose roots, flows and "
                + "`resolving:` are async")
        } else {
            add(.notResolvable, "graph validation: \(keyPath) (\(_typeName(Swift.type(of: value), qualified: false))) "
                + "is not a factory")
        }
    }

    /// Resolves (or awaits) the factory at `keyPath` through `container`, or files why it
    /// cannot.
    func resolve(_ keyPath: PartialKeyPath<C>, in container: C, isolation: isolated (any Actor)?) async {
        guard let factory = container[keyPath: keyPath] as? any AnyAsyncFactoryValue else {
            return resolve(keyPath, in: container)
        }
        do {
            guard try await factory.resolveDiscardingInstance(isolation: isolation) == nil else { return }
            add(.notResolvable, Self.name(of: factory, key: factory.registrationKey) + ", which needs a parameter; "
                + "resolve it in `resolving:`")
        } catch {
            add(.threw, "graph validation: \(factory.registrationKey) threw \(error)")
        }
    }

    /// `graph validation: detail (DetailViewModel) is a ParameterFactory<Int, DetailViewModel>`.
    private static func name(of factory: Any, key: RegistrationKey) -> String {
        let kind = _typeName(Swift.type(of: factory), qualified: false)
        let article = kind.first.map { "AEIOU".contains($0) } == true ? "an" : "a"
        return "graph validation: \(key) is \(article) \(kind)"
    }

    /// Stops recording, adds the problems the events show, and records each as an issue.
    func finish(sourceLocation: SourceLocation) -> GraphReport {
        for observation in observations { observation.cancel() }
        let graph = recorder.graph
        let problems = self.problems.withLock { $0 }
            + findProblems(in: events.withLock { $0 }, graph: graph, rootName: rootName)
        for problem in problems {
            Issue.record(Comment(rawValue: problem.message), sourceLocation: sourceLocation)
        }
        return GraphReport(graph: graph, problems: problems)
    }
}

/// The problems the recorded events show.
private func findProblems(in events: [LifecycleEvent], graph: ResolvedGraph, rootName: String) -> [GraphReport.Problem] {
    var problems: [GraphReport.Problem] = []
    var reported: Set<String> = []
    for event in events {
        switch event.kind {
        case .misuse:
            guard let misuse = event.misuse else { continue }
            problems.append(GraphReport.Problem(kind: .misuse, message: "misuse in \(event.container): \(misuse.message)"))
        case .captiveDependency:
            guard let holder = event.subject, let captured = event.captured else { continue }
            // Reported on every resolve of the captured instance, built or held: one problem.
            let path = ([holder] + event.capturedThrough.map(\.description) + [captured.description]).joined(separator: " → ")
            guard reported.insert("captive " + path).inserted else { continue }
            let chain = chain(to: event.registration ?? "", typeName: event.typeName ?? "", in: graph)
                + event.capturedThrough.map(\.description) + [captured.description]
            problems.append(GraphReport.Problem(
                kind: .captiveDependency,
                message: "captive dependency: \(holder) (.\(event.scope ?? "?")) holds \(event.dependency ?? captured.description), "
                    + "which it keeps alive past its scope; chain: \(chain.joined(separator: " → "))"))
        case .created:
            guard let subject = event.subject else { continue }
            if event.lifetime == .scoped, event.container == rootName, reported.insert("root " + subject).inserted {
                let chain = chain(to: event.registration ?? "", typeName: event.typeName ?? "", in: graph)
                problems.append(GraphReport.Problem(
                    kind: .scopedAtRoot,
                    message: "\(subject) is .scoped but was built at the root (\(rootName)), where it lives as long as "
                        + "the app; resolve it through a lifetime scope (`child(_:)`, `.lifetimeScope`); "
                        + "chain: \(chain.joined(separator: " → "))"))
            }
        default:
            continue
        }
    }
    let builds = events.compactMap { event -> BuildRecord? in
        guard let subject = event.subject, event.kind == .created || event.kind == .released else { return nil }
        return BuildRecord(
            released: event.kind == .released, subject: subject, scope: event.scope ?? "?",
            keepsInstances: event.lifetime?.keepsInstances ?? false, container: event.container)
    }
    return problems + builtMoreThanOnce(in: builds)
}

/// A `created` or `released` event, as the double-build check reads it.
struct BuildRecord {
    let released: Bool
    let subject: String
    let scope: String
    /// Whether the scope keeps its instance (``Scope/Lifetime/keepsInstances``).
    let keepsInstances: Bool
    let container: String
}

/// A safety net over Scoped's own promise (exactly one instance per container for the
/// scopes that hold one, even under concurrent first resolves): a second build of a
/// registration in a container while its first instance is held there.
func builtMoreThanOnce(in builds: [BuildRecord]) -> [GraphReport.Problem] {
    var problems: [GraphReport.Problem] = []
    var held: [String: String] = [:]   // "subject in container" → the scope of the held instance
    for build in builds where build.keepsInstances {
        let key = "\(build.subject) in \(build.container)"
        if build.released {
            held[key] = nil
        } else if let first = held[key] {
            problems.append(GraphReport.Problem(
                kind: .builtMoreThanOnce,
                message: "\(build.subject) was built again in \(build.container) (.\(build.scope)) while its first "
                    + "instance (.\(first)) was held there"))
        } else {
            held[key] = build.scope
        }
    }
    return problems
}

/// A path of registrations from one nothing else resolved down to `registration`.
private func chain(to registration: String, typeName: String, in graph: ResolvedGraph) -> [String] {
    guard var current = graph.nodes.firstIndex(where: { $0.registration == registration && $0.typeName == typeName }) else {
        return ["\(registration) (\(typeName))"]
    }
    var path = [current]
    while let edge = graph.edges.first(where: { $0.to == current && !path.contains($0.from) }) {
        current = edge.from
        path.append(current)
    }
    return path.reversed().map { graph.nodes[$0].name }
}
