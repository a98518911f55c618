// Concurrency rule: `state` (a `Locked`) guards the graph being built and the index of
// its nodes and edges. Events arrive on whatever thread resolved; each is folded in under
// the lock, which is never held while user code runs (the recorder calls none).

/// Records the graph a container and its lifetime scopes resolve, from their event
/// stream: a ``ResolvedGraph`` you can print as DOT or Mermaid.
///
/// It is an observer: it costs nothing until installed, and what any observer costs while
/// it is.
///
/// ```swift
/// let recorder = GraphRecorder(recording: Container.shared)
/// let flow = Container.shared.child("checkout")
/// _ = flow.cart()
/// print(recorder.graph.dot())
/// recorder.stop()
/// ```
public final class GraphRecorder: Sendable {
    private struct State {
        var graph = ResolvedGraph()
        var nodeIndex: [String: Int] = [:]
        var edgeIndex: [EdgeKey: Int] = [:]
    }

    private struct EdgeKey: Hashable {
        let from: Int
        let to: Int
    }

    private let state = Locked(State())
    private let observation = Locked<LifecycleObservation?>(nil)

    /// A recorder that is not installed anywhere: install ``observer`` yourself.
    public init() {}

    /// A recorder installed on `container` and its lifetime scopes until ``stop()``.
    ///
    /// - Parameter container: The root or lifetime scope to record.
    public convenience init<C: SharedContainer>(recording container: C) {
        self.init()
        let installed = container.observe(observer)
        observation.withLock { $0 = installed }
    }

    /// The observer that feeds this recorder, for ``SharedContainer/observe(_:)-(LifecycleObserver)``.
    public var observer: LifecycleObserver {
        LifecycleObserver { [weak self] event in self?.record(event) }
    }

    /// The graph recorded so far.
    public var graph: ResolvedGraph {
        state.withLock { $0.graph }
    }

    /// Removes the observer that ``init(recording:)`` installed; the graph stays readable.
    public func stop() {
        // Cancelled after unlocking: cancelling takes the container's lock.
        observation.withLock { $0.take() }?.cancel()
    }

    // A recorder dropped without `stop()` leaves no observer behind (each would cost every
    // resolve of the container an event for nobody).
    deinit { stop() }

    /// Starts a new graph; the recorder keeps recording.
    public func clear() {
        state.withLock { $0 = State() }
    }

    private func record(_ event: LifecycleEvent) {
        switch event.kind {
        case .created, .reused, .released, .captiveDependency, .leaked:
            break
        case .reset, .scopeOpened, .scopeClosed, .buildStalled, .misuse:
            return
        }
        guard let registration = event.registration, let typeName = event.typeName else { return }
        let subject = LifecycleEvent.Reference(
            registration: registration, typeName: typeName, declaration: event.declaration, parameter: nil)
        state.withLock { state in
            let node = Self.node(for: subject, in: &state)
            switch event.kind {
            case .created, .reused:
                Self.update(&state.graph.nodes[node], with: event)
                if let parent = event.resolvedBy {
                    let edge = Self.edge(from: Self.node(for: parent, in: &state), to: node, in: &state)
                    state.graph.edges[edge].count += 1
                }
            case .released:
                state.graph.nodes[node].released += 1
            case .leaked:
                state.graph.nodes[node].leaked += 1
            case .captiveDependency:
                // `subject` is the holder; `captured` the shorter-lived instance it resolved.
                if let captured = event.captured {
                    let edge = Self.edge(from: node, to: Self.node(for: captured, in: &state), in: &state)
                    state.graph.edges[edge].captive = true
                }
            case .reset, .scopeOpened, .scopeClosed, .buildStalled, .misuse:
                break
            }
        }
    }

    private static func update(_ node: inout ResolvedGraph.Node, with event: LifecycleEvent) {
        if event.kind == .created { node.built += 1 } else { node.reused += 1 }
        if let scope = event.scope, !node.scopes.contains(scope) { node.scopes.append(scope) }
        if let lifetime = event.lifetime, !node.lifetimes.contains(lifetime) { node.lifetimes.append(lifetime) }
        if event.kind == .created, !node.containers.contains(event.container) { node.containers.append(event.container) }
    }

    private static func node(for reference: LifecycleEvent.Reference, in state: inout State) -> Int {
        // Overloads of one member share a name: the declaration tells them apart.
        let name = "\(reference.registration) (\(reference.typeName)) \(reference.declaration ?? "")"
        if let index = state.nodeIndex[name] { return index }
        state.graph.nodes.append(
            ResolvedGraph.Node(
                registration: reference.registration, typeName: reference.typeName, declaration: reference.declaration))
        state.nodeIndex[name] = state.graph.nodes.count - 1
        return state.graph.nodes.count - 1
    }

    private static func edge(from: Int, to: Int, in state: inout State) -> Int {
        let key = EdgeKey(from: from, to: to)
        if let index = state.edgeIndex[key] { return index }
        state.graph.edges.append(ResolvedGraph.Edge(from: from, to: to))
        state.edgeIndex[key] = state.graph.edges.count - 1
        return state.graph.edges.count - 1
    }
}
