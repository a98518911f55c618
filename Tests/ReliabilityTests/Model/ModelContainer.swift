import Scoped

/// The container the model-based test drives: one factory per scope kind, per-parameter
/// factories, and factories whose bodies resolve others (nested graphs, captive holders).
/// Only the model test uses this type, so its singletons are its own.
final class ModelContainer: SharedContainer {
    static let shared = ModelContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) {
        self.manager = manager
    }
}

extension Scope {
    /// A custom cached scope for the model ("log out" resets it alone).
    static let modelSession = Scope.Cached(name: "modelSession")
}

extension ModelContainer {
    var uniqueProbe: Factory<Probe> { self { Probe("unique") } }
    var graphed: Factory<Probe> { self { Probe("graphed") }.graph }
    var graphPair: Factory<Probe> { self { Probe("graphPair", deps: [self.graphed(), self.graphed()]) } }
    var sharedProbe: Factory<Probe> { self { Probe("shared") }.shared }
    var cachedProbe: Factory<Probe> { self { Probe("cached") }.cached }
    var sessionProbe: Factory<Probe> { self { Probe("session") }.scope(.modelSession) }
    var scopedProbe: Factory<Probe> { self { Probe("scoped") }.scoped }
    var singletonProbe: Factory<Probe> { self { Probe("singleton") }.singleton }
    /// A cached instance that captures a scoped and a shared one (a captive dependency).
    var holder: Factory<Probe> {
        self { Probe("holder", deps: [self.scopedProbe(), self.sharedProbe()]) }.cached
    }
    /// A scoped instance built from a cached one and a per-parameter scoped one.
    var scopedHolder: Factory<Probe> {
        self { Probe("scopedHolder", deps: [self.cachedProbe(), self.scopedParam(1)]) }.scoped
    }
    var scopedParam: ParameterFactory<Int, Probe> {
        self { Probe("scopedParam", parameter: $0) }.scoped.perParameter
    }
    var cachedParam: ParameterFactory<Int, Probe> {
        self { Probe("cachedParam", parameter: $0) }.cached.perParameter
    }
    var sharedParam: ParameterFactory<Int, Probe> {
        self { Probe("sharedParam", parameter: $0) }.shared.perParameter
    }
    /// Not per-parameter: the first resolve's parameter wins until the instance is dropped.
    var cachedAnyParam: ParameterFactory<Int, Probe> {
        self { Probe("cachedAnyParam", parameter: $0) }.cached
    }
    var singletonParam: ParameterFactory<Int, Probe> {
        self { Probe("singletonParam", parameter: $0) }.singleton.perParameter
    }
}

/// The model's registrations: what the reference model knows about each factory above.
enum ModelRegistration: Int, CaseIterable, CustomStringConvertible {
    case uniqueProbe, graphed, graphPair, sharedProbe, cachedProbe, sessionProbe, scopedProbe, singletonProbe
    case holder, scopedHolder, scopedParam, cachedParam, sharedParam, cachedAnyParam, singletonParam

    /// The lifetime the model gives it.
    enum Kind: Equatable { case unique, graph, shared, cached, session, scoped, singleton }

    var kind: Kind {
        switch self {
        case .uniqueProbe, .graphPair: return .unique
        case .graphed: return .graph
        case .sharedProbe, .sharedParam: return .shared
        case .cachedProbe, .holder, .cachedParam, .cachedAnyParam: return .cached
        case .sessionProbe: return .session
        case .scopedProbe, .scopedHolder, .scopedParam: return .scoped
        case .singletonProbe, .singletonParam: return .singleton
        }
    }

    /// The tag the declared body gives its probes.
    var tag: String {
        switch self {
        case .uniqueProbe: return "unique"
        case .sharedProbe: return "shared"
        case .cachedProbe: return "cached"
        case .sessionProbe: return "session"
        case .scopedProbe: return "scoped"
        case .singletonProbe: return "singleton"
        case .graphed: return "graphed"
        case .graphPair: return "graphPair"
        case .holder: return "holder"
        case .scopedHolder: return "scopedHolder"
        case .scopedParam: return "scopedParam"
        case .cachedParam: return "cachedParam"
        case .sharedParam: return "sharedParam"
        case .cachedAnyParam: return "cachedAnyParam"
        case .singletonParam: return "singletonParam"
        }
    }

    var takesParameter: Bool {
        switch self {
        case .scopedParam, .cachedParam, .sharedParam, .cachedAnyParam, .singletonParam: return true
        default: return false
        }
    }

    var perParameter: Bool { takesParameter && self != .cachedAnyParam }

    /// What the declared body resolves, in order, through the container it was reached by.
    var dependencies: [(ModelRegistration, Int?)] {
        switch self {
        case .graphPair: return [(.graphed, nil), (.graphed, nil)]
        case .holder: return [(.scopedProbe, nil), (.sharedProbe, nil)]
        case .scopedHolder: return [(.cachedProbe, nil), (.scopedParam, 1)]
        default: return []
        }
    }

    var description: String { "\(rawValue):\(tag)" }
}

extension ModelContainer {
    /// Resolves `registration` (with `parameter` when it takes one) through this container.
    func resolve(_ registration: ModelRegistration, _ parameter: Int) -> Probe {
        switch registration {
        case .uniqueProbe: return uniqueProbe()
        case .graphed: return graphed()
        case .graphPair: return graphPair()
        case .sharedProbe: return sharedProbe()
        case .cachedProbe: return cachedProbe()
        case .sessionProbe: return sessionProbe()
        case .scopedProbe: return scopedProbe()
        case .singletonProbe: return singletonProbe()
        case .holder: return holder()
        case .scopedHolder: return scopedHolder()
        case .scopedParam: return scopedParam(parameter)
        case .cachedParam: return cachedParam(parameter)
        case .sharedParam: return sharedParam(parameter)
        case .cachedAnyParam: return cachedAnyParam(parameter)
        case .singletonParam: return singletonParam(parameter)
        }
    }

    /// A thunk over `registration`; it builds nothing until called.
    func lazy(_ registration: ModelRegistration, _ parameter: Int) -> Lazy<Probe> {
        switch registration {
        case .uniqueProbe: return uniqueProbe.lazy
        case .graphed: return graphed.lazy
        case .graphPair: return graphPair.lazy
        case .sharedProbe: return sharedProbe.lazy
        case .cachedProbe: return cachedProbe.lazy
        case .sessionProbe: return sessionProbe.lazy
        case .scopedProbe: return scopedProbe.lazy
        case .singletonProbe: return singletonProbe.lazy
        case .holder: return holder.lazy
        case .scopedHolder: return scopedHolder.lazy
        case .scopedParam: return scopedParam.lazy(parameter)
        case .cachedParam: return cachedParam.lazy(parameter)
        case .sharedParam: return sharedParam.lazy(parameter)
        case .cachedAnyParam: return cachedAnyParam.lazy(parameter)
        case .singletonParam: return singletonParam.lazy(parameter)
        }
    }

    /// Drops the factory's override here and what this container holds for it.
    func resetFactory(_ registration: ModelRegistration) {
        switch registration {
        case .uniqueProbe: uniqueProbe.reset()
        case .graphed: graphed.reset()
        case .graphPair: graphPair.reset()
        case .sharedProbe: sharedProbe.reset()
        case .cachedProbe: cachedProbe.reset()
        case .sessionProbe: sessionProbe.reset()
        case .scopedProbe: scopedProbe.reset()
        case .singletonProbe: singletonProbe.reset()
        case .holder: holder.reset()
        case .scopedHolder: scopedHolder.reset()
        case .scopedParam: scopedParam.reset()
        case .cachedParam: cachedParam.reset()
        case .sharedParam: sharedParam.reset()
        case .cachedAnyParam: cachedAnyParam.reset()
        case .singletonParam: singletonParam.reset()
        }
    }

    /// Registers override `variant` of `registration` here. Odd variants of factories
    /// with dependencies resolve them through *this* container (captured unowned: the
    /// override lives in this container's manager, so it is alive whenever it runs).
    func registerOverride(_ registration: ModelRegistration, variant: Int) {
        let tag = "\(registration.tag)/o\(variant)"
        let withDeps = variant % 2 == 1
        let dependencies = registration.dependencies
        let body: @Sendable (Int) -> Probe = { [unowned manager] parameter in
            let owner = ModelContainer(manager: manager)
            let deps = withDeps ? dependencies.map { owner.resolve($0.0, $0.1 ?? 0) } : []
            return Probe(tag, parameter: registration.takesParameter ? parameter : nil, deps: deps)
        }
        switch registration {
        case .uniqueProbe: uniqueProbe.register { body(0) }
        case .graphed: graphed.register { body(0) }
        case .graphPair: graphPair.register { body(0) }
        case .sharedProbe: sharedProbe.register { body(0) }
        case .cachedProbe: cachedProbe.register { body(0) }
        case .sessionProbe: sessionProbe.register { body(0) }
        case .scopedProbe: scopedProbe.register { body(0) }
        case .singletonProbe: singletonProbe.register { body(0) }
        case .holder: holder.register { body(0) }
        case .scopedHolder: scopedHolder.register { body(0) }
        case .scopedParam: scopedParam.register(body)
        case .cachedParam: cachedParam.register(body)
        case .sharedParam: sharedParam.register(body)
        case .cachedAnyParam: cachedAnyParam.register(body)
        case .singletonParam: singletonParam.register(body)
        }
    }
}
