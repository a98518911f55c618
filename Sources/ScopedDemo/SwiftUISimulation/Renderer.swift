/// The simulated SwiftUI runtime: owns the tree of real views, re-renders invalidated
/// nodes (parents before children) when the stage flushes, and knows which node's `body`
/// is running, for observation.
@MainActor
final class Renderer {
    /// The run's trace.
    let trace: LifecycleTrace
    /// The run's simulated clock.
    let clock: SimulatedClock
    /// Which `@State` the simulated app is built with.
    let stateSDK: StateSDK
    /// The root node, once mounted.
    private(set) var root: ViewNode?

    private var nextNodeID = 0
    private var dirty: [ViewNode] = []
    private var renderingStack: [ViewNode] = []
    private var unmountedReads: [InstanceRecord]?

    init(trace: LifecycleTrace, clock: SimulatedClock, stateSDK: StateSDK) {
        self.trace = trace
        self.clock = clock
        self.stateSDK = stateSDK
    }

    /// The node whose `body` is running now.
    var renderingNode: ViewNode? { renderingStack.last }

    /// Mounts `view` as the root of the tree.
    func mountRoot(_ view: any View) {
        let node = makeNode(view, parent: nil)
        root = node
        node.mount()
        updateVisibility()
    }

    /// Unmounts the whole tree.
    func unmountRoot() {
        root?.unmount()
        root = nil
        dirty = []
    }

    func makeNode(_ view: any View, parent: ViewNode?) -> ViewNode {
        nextNodeID += 1
        return ViewNode(view, id: nextNodeID, parent: parent, renderer: self)
    }

    // MARK: Invalidation

    func invalidate(_ node: ViewNode) {
        if !dirty.contains(where: { $0 === node }) { dirty.append(node) }
    }

    func didRender(_ node: ViewNode) {
        dirty.removeAll { $0 === node }
    }

    /// Renders every invalidated node that is still mounted, shallowest first; a node
    /// rendered as part of its parent's render is not rendered again.
    func flush() {
        for _ in 0..<10_000 {
            dirty.removeAll { !$0.isMounted }
            guard let next = dirty.min(by: { ($0.depth, $0.id) < ($1.depth, $1.id) }) else {
                updateVisibility()
                return
            }
            next.render()
        }
        fatalError("ScopedDemo: the simulated renderer does not settle")
    }

    func rendering<R>(_ node: ViewNode, _ body: () -> R) -> R {
        renderingStack.append(node)
        defer { renderingStack.removeLast() }
        return body()
    }

    // MARK: Appear and disappear

    /// After the tree settled: nodes that left the screen disappear, nodes
    /// that came on screen appear (parents first). Removed nodes disappeared as they went.
    private func updateVisibility() {
        let onScreen = ScreenVisibility.nodesOnScreen(from: root)
        let shown = Set(onScreen.map(ObjectIdentifier.init))
        for node in nodes where node.isOnScreen && !shown.contains(ObjectIdentifier(node)) {
            node.disappear()
        }
        for node in onScreen where !node.isOnScreen { node.appear() }
    }

    // MARK: What a dismissal takes down

    func willUnmount(_ node: ViewNode, observing instances: [InstanceRecord]) {
        unmountedReads?.append(contentsOf: instances)
    }

    /// Runs `body` and returns the traced instances that the views it unmounted were showing.
    func collectingUnmountedReads(_ body: () -> Void) -> [InstanceRecord] {
        unmountedReads = []
        body()
        defer { unmountedReads = nil }
        return unmountedReads ?? []
    }

    // MARK: Queries

    /// Every mounted node, depth first.
    var nodes: [ViewNode] { root?.subtree ?? [] }

    /// The first `Text` (depth first) whose string starts with `prefix`.
    func firstText(startingWith prefix: String) -> String? {
        nodes.lazy.compactMap(\.shownText).first { $0.hasPrefix(prefix) }
    }
}

/// Where observation registrars find the renderer of the run that builds their object.
enum RenderContext {
    /// The renderer of the scenario variant running on this task, if any.
    @TaskLocal static var current: Renderer?
}
