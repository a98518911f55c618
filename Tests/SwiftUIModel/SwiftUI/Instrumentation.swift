// Instrumentation, not a SwiftUI rule. ScopedDemo (Sources/ScopedDemo) runs its screens on
// this model and prints a trace of what the graph does: a node made or destroyed, its
// dynamic properties installed, its body run, a `Text` showing a new string, a node
// appearing or disappearing. An observer is told of each as it happens; nothing here
// changes what the graph does or in which order (the rules are in the other files).
// SwiftUI offers no such hooks: an app sees only its own `init`, `body`, `onAppear`…

/// Instrumentation: one node of the graph, as an observer sees it.
public struct GraphNodeInfo: Equatable, Sendable {
    /// The node's number in its graph, from 1, in the order nodes were made.
    public let id: Int
    /// The view's type name without generic arguments (`ItemListView`), a modifier's for a
    /// node of a `ViewModifier` with a body (`LifetimeScopeModifier`); for the graph's own
    /// building blocks (`Text`, `VStack`, `.sheet`, `.task`), the nearest ancestor's.
    public let name: String
    /// Whether the graph renders it itself: a building block, no body of the app's.
    public let isPrimitive: Bool
}

/// Instrumentation: told of what the graph does, as it does it (see the file's header).
@MainActor
public protocol ViewGraphObserver: AnyObject {
    /// A node was made (before its properties are installed and its body runs).
    func graphDidMake(_ node: GraphNodeInfo)
    /// The node's dynamic properties are about to be installed (`StateObject` thunks of a new
    /// node run now); `graphDidInstall` follows.
    func graphWillInstall(_ node: GraphNodeInfo)
    func graphDidInstall(_ node: GraphNodeInfo)
    /// The node's `body` (or a modifier's `body(content:)`) is about to run; `graphDidRunBody` follows.
    func graphWillRunBody(_ node: GraphNodeInfo)
    func graphDidRunBody(_ node: GraphNodeInfo)
    /// A building block is about to make a child's description itself, after its
    /// parent's body returned (a `ForEach` row, a sheet's content); `graphDidMakeChild` follows.
    func graphWillMakeChild(of node: GraphNodeInfo)
    func graphDidMakeChild(of node: GraphNodeInfo)
    /// A `Text` node shows a string it did not show before.
    func graphDidShowText(_ node: GraphNodeInfo, _ string: String)
    /// The node appeared (before its `onAppear` action and its `.task` start).
    func graphDidAppear(_ node: GraphNodeInfo)
    /// The node disappeared (before its `onDisappear` action).
    func graphDidDisappear(_ node: GraphNodeInfo)
    /// The node's identity ended (its children's first); its storage goes right after.
    func graphWillDestroy(_ node: GraphNodeInfo)
    /// A `State` of an existing node kept its stored value; `dropped` is the new
    /// description's initial value, which is not used.
    func graphDidKeepState(_ node: GraphNodeInfo, kept: Any, dropped: Any)
    /// A `StateObject` of an existing node kept its object; the new description's thunk is
    /// not run.
    func graphDidKeepStateObject(_ node: GraphNodeInfo, kept: AnyObject)
}

extension ViewGraphObserver {
    public func graphWillMakeChild(of node: GraphNodeInfo) {}
    public func graphDidMakeChild(of node: GraphNodeInfo) {}
    public func graphDidKeepState(_ node: GraphNodeInfo, kept: Any, dropped: Any) {}
    public func graphDidKeepStateObject(_ node: GraphNodeInfo, kept: AnyObject) {}
}

/// Instrumentation: a view or modifier of the app's that observers see as a building block
/// (its node reported under its parent's name, its body runs not reported), as the graph's
/// own `Text` or `.task`. The graph runs it as any other view.
public protocol InstrumentedBuildingBlock {}

extension GraphNode {
    /// Instrumentation: this node as observers see it.
    var info: GraphNodeInfo {
        GraphNodeInfo(id: serial, name: displayName, isPrimitive: isPrimitive || isBuildingBlock)
    }

    private var isBuildingBlock: Bool {
        if view is any InstrumentedBuildingBlock { return true }
        return (view as? any ModifiedView)?.modifierValue is any InstrumentedBuildingBlock
    }

    /// The view's name, a body modifier's name, or for a building block its parent's.
    var displayName: String {
        if !isPrimitive, !isBuildingBlock {
            if let modified = view as? any ModifiedView { return GraphNode.name(of: type(of: modified.modifierValue)) }
            return typeName
        }
        return parent?.displayName ?? typeName
    }
}

extension ViewGraph {
    /// Instrumentation: what a `Text` node shows, reported when it changes.
    func reportText(of node: GraphNode) {
        guard let text = node.view as? Text, text.string != node.shownText else { return }
        node.shownText = text.string
        observer?.graphDidShowText(node.info, text.string)
    }

    /// Instrumentation: a pass over the nodes that are on screen, in tree order, for a
    /// driver that looks for a view (a button by its title, a presented sheet).
    public func onScreen<T>(_ find: (any View, GraphNodeInfo) -> T?) -> T? {
        var found: T?
        func visit(_ node: GraphNode) {
            guard found == nil, node.isOnScreen else { return }
            found = find(node.view, node.info)
            node.children.forEach(visit)
        }
        if let root { visit(root) }
        return found
    }
}
