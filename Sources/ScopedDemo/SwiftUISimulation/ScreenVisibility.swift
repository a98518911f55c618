/// Fact modelled here: in a navigation stack only the top screen is on screen. Pushing a
/// destination covers the screen that holds the link: its views stay in the tree (their
/// state is kept, observed changes still re-render them) but they *disappear* — SwiftUI
/// runs their `onDisappear` actions and cancels their `.task`s, and runs `onAppear` (and
/// starts the `.task`s again) when the pushed screen is popped. A presented sheet covers
/// nothing: its presenter stays on screen and keeps its tasks running.
///
/// Apple's documentation: `onDisappear(perform:)` runs its action once "the view
/// disappears from the interface"
/// (https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)); a
/// `.task` is added "to perform before this view appears" (`task(priority:_:)`,
/// https://developer.apple.com/documentation/swiftui/view/task(priority:_:)); see
/// TimerTask.swift for what the simulation assumes about its cancellation.
@MainActor
enum ScreenVisibility {
    /// The mounted nodes that are on screen, parents before children: everything outside
    /// navigation stacks, and inside each stack its top screen — the root screen, or while
    /// one of its links is pushed, the pushed destination's screen, and so on.
    static func nodesOnScreen(from root: ViewNode?) -> [ViewNode] {
        root.map(topScreen) ?? []
    }

    /// The nodes on screen among the screens starting at `screen`: the last one pushed.
    private static func topScreen(_ screen: ViewNode) -> [ViewNode] {
        var screen = screen
        while true {
            var nodes: [ViewNode] = []
            var pushed: ViewNode?
            collect(screen, into: &nodes, pushed: &pushed)
            guard let destination = pushed else { return nodes }
            screen = destination
        }
    }

    /// Adds `node`'s subtree, stopping at a pushed link's destination (another screen),
    /// which it reports in `pushed`. A navigation stack stays on screen; its content is a
    /// set of screens of its own.
    private static func collect(_ node: ViewNode, into nodes: inout [ViewNode], pushed: inout ViewNode?) {
        nodes.append(node)
        if node.description is NavigationStack {
            for child in node.children.compactMap({ $0 }) { nodes += topScreen(child) }
            return
        }
        let link = node.description as? NavigationLink
        for (index, child) in node.children.enumerated() {
            guard let child else { continue }
            if let link, index == NavigationLink.destinationSlot {
                if link.isPushed, pushed == nil { pushed = child }
                continue
            }
            collect(child, into: &nodes, pushed: &pushed)
        }
    }
}
