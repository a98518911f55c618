// The model's renderer and the driver tests use (tap, type, pop, dismiss, select a tab).
// Rules: GraphNode.swift (identity, when a body runs), DynamicProperty.swift (installation
// and `update()` before every body), Lifecycle.swift (appearance, tasks), Views.swift
// (rows after the parent's body), Presentation.swift and Navigation.swift.
//
// One update, as the model runs it: the scheduled nodes are updated shallowest first; a
// node's update installs its dynamic properties, calls `update()` on them, runs its body
// (a primitive lists its children instead), then reconciles its children place by place,
// in order: a place that goes is destroyed first, then each place is updated or built —
// a new child's whole subtree is built before the next place's description is made (so a
// ForEach row is made, and its row built, one at a time). Then appearance is settled:
// nodes that left the screen disappear (children first), nodes that came on screen appear
// (parents first). Actions (`onAppear`) that change state schedule another update.

/// The model of SwiftUI's view graph for one window: a root view, kept up to date.
///
/// ```swift
/// let graph = ViewGraph(ContentView())
/// graph.tap("Item 1")       // pushes the link titled "Item 1"
/// graph.pop()
/// ```
@MainActor
public final class ViewGraph {
    private(set) var root: GraphNode!
    var scheduled: [GraphNode] = []
    var renderingPath: [GraphNode] = []
    /// Every event, in order: `body Type`, `appear Type`, `disappear Type`.
    public private(set) var events: [String] = []
    private var bodyCounts: [String: Int] = [:]
    /// Instrumentation (Instrumentation.swift): nodes made so far, and who is told.
    var nodeCount = 0
    private(set) weak var observer: (any ViewGraphObserver)?

    /// Builds `rootView`'s graph and shows it; `observer` (instrumentation, not a SwiftUI
    /// rule: Instrumentation.swift) is told of each step.
    public init<Root: View>(
        _ rootView: Root, environment: EnvironmentValues = EnvironmentValues(), observer: (any ViewGraphObserver)? = nil
    ) {
        self.observer = observer
        root = GraphNode(key: "root", view: rootView, environment: environment, parent: nil, graph: self)
        observer?.graphDidMake(root.info)
        render(root)
        settle()
    }

    /// How many times bodies of views named `name` (the type's name without its generic
    /// arguments) ran.
    public func bodyCount(_ name: String) -> Int { bodyCounts[name, default: 0] }

    /// The strings of the `Text`s on screen, in tree order.
    public var texts: [String] {
        onScreenNodes().compactMap { ($0.view as? Text)?.string }
    }

    /// Taps the on-screen button or navigation link titled `title`, then updates.
    public func tap(_ title: String) {
        guard tap(firstTitled: { $0 == title }) != nil else {
            fatalError("model: nothing titled \"\(title)\" on screen; on screen: \(onScreenNodes().map(\.typeName))")
        }
    }

    /// Taps the first on-screen button or navigation link whose title `matches`, then
    /// updates; returns the title tapped (nil: none matched, nothing happened).
    /// `willTap` (instrumentation) is told the title before the tap.
    @discardableResult
    public func tap(firstTitled matches: (String) -> Bool, willTap: (String) -> Void = { _ in }) -> String? {
        guard let tapped = performTap(matches, willTap: willTap) else { return nil }
        // The update runs after the action returned, the tapped view's value let go (as
        // SwiftUI updates after the event handler, not inside it): a model holding it
        // would outlive its description.
        flush()
        return tapped
    }

    private func performTap(_ matches: (String) -> Bool, willTap: (String) -> Void) -> String? {
        for node in onScreenNodes() {
            if let button = node.view as? any TitledAction, matches(button.title) {
                willTap(button.title)
                button.perform(in: node)
                return button.title
            }
        }
        return nil
    }

    /// Types `text` into the on-screen text field titled `title`, then updates.
    public func type(_ text: String, into title: String) {
        guard let field = onScreenNodes().lazy.compactMap({ $0.view as? TextField<Text> }).first(where: { $0.title == title })
        else { fatalError("model: no text field \"\(title)\" on screen") }
        field.text.wrappedValue = text
        flush()
    }

    /// Pops the top view of the innermost on-screen navigation stack that has one pushed.
    /// `willPop` (instrumentation) is told what pushed it first (`"Item 2"`, the link's
    /// title, or `value 2`).
    public func pop(willPop: (String) -> Void = { _ in }) {
        guard let model = onScreenNodes().compactMap({ $0.navigationModel }).last(where: { !$0.isEmpty })
        else { fatalError("model: no pushed view on screen") }
        willPop(model.topCaption)
        model.pop()
        flush()
    }

    /// Dismisses the innermost presented sheet (the user swipes it down). `willDismiss`
    /// (instrumentation) is told first the name of the view that presented it.
    public func dismissSheet(willDismiss: (String) -> Void = { _ in }) {
        guard let node = onScreenNodes().last(where: { $0.sheet != nil }), let sheet = node.sheet
        else { fatalError("model: no sheet presented") }
        willDismiss(node.displayName)
        sheet.isPresented.wrappedValue = false
        flush()
        sheet.onDismiss?()
        flush()
    }

    /// Selects tab `index` of the first on-screen TabView.
    public func selectTab(_ index: Int) {
        guard let node = onScreenNodes().first(where: { $0.tabSelection != nil }), let selection = node.tabSelection
        else { fatalError("model: no TabView on screen") }
        precondition(index < selection.tabCount, "model: no tab \(index)")
        selection.selected = index
        node.invalidate()
        flush()
    }

    /// Ends the window: every node goes (as when the scene closes).
    public func tearDown() {
        guard let root else { return }
        unmount(root)
        self.root = nil
    }

    /// Runs the scheduled updates, then settles appearance, until nothing is scheduled.
    public func flush() {
        var rounds = 0
        repeat {
            while let node = nextScheduled() {
                update(node, view: node.view, environment: node.environment, force: true)
            }
            settle()
            rounds += 1
            precondition(rounds < 100, "model: updates never settle")
        } while !scheduled.isEmpty
    }

    /// Waits until the tasks started by `.task` have run as far as they can.
    public func runTasks() async {
        for _ in 0..<20 { await Task.yield() }
        flush()
    }

    // MARK: Updating

    private func nextScheduled() -> GraphNode? {
        scheduled.removeAll { !$0.isMounted || !$0.isDirty }
        guard let index = scheduled.indices.min(by: { scheduled[$0].depth < scheduled[$1].depth }) else { return nil }
        return scheduled.remove(at: index)
    }

    private func update(_ node: GraphNode, view: any View, environment: EnvironmentValues, force: Bool) {
        let inputsChanged = !sameInput(node.view, view)
        let readsChanged = node.readsChange(in: environment)
        let environmentChanged = !sameEnvironment(node.environment, environment)
        node.view = view
        node.environment = environment
        if force || node.isDirty || inputsChanged || readsChanged || node.isPrimitive {
            render(node)
        } else if environmentChanged {
            // The body is skipped; the child still sees the new environment.
            for child in node.children { update(child, view: child.view, environment: environment, force: false) }
        }
    }

    func render(_ node: GraphNode) {
        renderingPath.append(node)
        defer { renderingPath.removeLast() }
        node.isDirty = false
        reportText(of: node)
        let specs: [ChildSpec]
        if let primitive = node.view as? any PrimitiveView {
            specs = primitive.children(in: node)
        } else if let modified = node.view as? any ModifiedView,
                  let primitive = modified.modifierValue as? any PrimitiveModifier {
            specs = primitive.children(content: modified.contentView, in: node)
        } else if let modified = node.view as? any ModifiedView {
            let modifier = modified.modifierValue
            observer?.graphWillInstall(node.info)
            install(propertiesOf: modifier, in: node, prefix: "")
            observer?.graphDidInstall(node.info)
            countBody(of: node, name: GraphNode.name(of: Swift.type(of: modifier)))
            observer?.graphWillRunBody(node.info)
            let body = node.tracked { modifier.erasedBody(content: modified.contentView) }
            observer?.graphDidRunBody(node.info)
            specs = [ChildSpec(key: "body", make: { body })]
        } else {
            observer?.graphWillInstall(node.info)
            install(propertiesOf: node.view, in: node, prefix: "")
            observer?.graphDidInstall(node.info)
            countBody(of: node, name: node.typeName)
            let view = node.view
            observer?.graphWillRunBody(node.info)
            let body = node.tracked { bodyOf(view) }
            observer?.graphDidRunBody(node.info)
            specs = [ChildSpec(key: "body", make: { body })]
        }
        reconcile(node, specs)
    }

    private func countBody(of node: GraphNode, name: String) {
        bodyCounts[name, default: 0] += 1
        events.append("body \(name)")
    }

    /// Installs the dynamic properties of `value`, nested ones first, and calls `update()`
    /// on each (DynamicProperty.swift).
    private func install(propertiesOf value: Any, in node: GraphNode, prefix: String) {
        for child in Mirror(reflecting: value).children {
            guard let property = child.value as? any DynamicProperty else { continue }
            let key = prefix + (child.label ?? "?")
            install(propertiesOf: property, in: node, prefix: key + ".")
            (property as? any InstallableProperty)?.install(in: node, key: key)
            var installed = property
            installed.update()
        }
    }

    private func reconcile(_ node: GraphNode, _ specs: [ChildSpec]) {
        let keys = Set(specs.map(\.key))
        for child in node.children.reversed() where !keys.contains(child.key) { unmount(child) }
        var existing = Dictionary(uniqueKeysWithValues: node.children.filter { keys.contains($0.key) }.map { ($0.key, $0) })
        var next: [GraphNode] = []
        for spec in specs {
            var environment = node.environment
            spec.environment?(&environment)
            let makesItself = node.isPrimitive
            if makesItself { observer?.graphWillMakeChild(of: node.info) }
            let view = spec.make()
            if makesItself { observer?.graphDidMakeChild(of: node.info) }
            if let child = existing[spec.key], child.accepts(view) {
                child.isVisibleInParent = spec.visible
                update(child, view: view, environment: environment, force: false)
                next.append(child)
            } else {
                if let replaced = existing.removeValue(forKey: spec.key) { unmount(replaced) }
                let child = GraphNode(key: spec.key, view: view, environment: environment, parent: node, graph: self)
                child.isVisibleInParent = spec.visible
                next.append(child)
                observer?.graphDidMake(child.info)
                render(child)
            }
        }
        node.children = next
    }

    /// Ends a node's identity: it disappears, its children go, then its storage.
    private func unmount(_ node: GraphNode) {
        guard node.isMounted else { return }
        for child in node.children.reversed() { unmount(child) }
        if node.isOnScreen { disappear(node) }
        observer?.graphWillDestroy(node.info)
        node.children = []
        node.isMounted = false
        node.releaseStorage()
    }

    private func sameEnvironment(_ a: EnvironmentValues, _ b: EnvironmentValues) -> Bool {
        a.values.count == b.values.count
            && a.values.allSatisfy { key, value in b.values[key].map { sameInput(value, $0) } ?? false }
    }

    // MARK: Appearance

    private func settle() {
        guard let root else { return }
        var appeared: [GraphNode] = []
        var disappeared: [GraphNode] = []
        func visit(_ node: GraphNode, parentOnScreen: Bool) {
            let onScreen = parentOnScreen && node.isVisibleInParent
            if onScreen, !node.isOnScreen { appeared.append(node) }
            for child in node.children { visit(child, parentOnScreen: onScreen) }
            if !onScreen, node.isOnScreen { disappeared.append(node) }
        }
        visit(root, parentOnScreen: true)
        for node in disappeared { disappear(node) }
        for node in appeared { appear(node) }
    }

    private func appear(_ node: GraphNode) {
        node.isOnScreen = true
        if !node.isPrimitive { events.append("appear \(node.typeName)") }
        observer?.graphDidAppear(node.info)
        node.appearance?.onAppear?()
        if let task = node.appearance?.task {
            node.runningTask = Task(priority: task.priority) { await task.action() }
        }
    }

    private func disappear(_ node: GraphNode) {
        node.isOnScreen = false
        if !node.isPrimitive { events.append("disappear \(node.typeName)") }
        observer?.graphDidDisappear(node.info)
        node.runningTask?.cancel()
        node.runningTask = nil
        node.appearance?.onDisappear?()
    }

    private func onScreenNodes() -> [GraphNode] {
        var found: [GraphNode] = []
        func visit(_ node: GraphNode) {
            guard node.isOnScreen else { return }
            found.append(node)
            node.children.forEach(visit)
        }
        if let root { visit(root) }
        return found
    }
}

@MainActor private func bodyOf<V: View>(_ view: V) -> any View { view.body }

extension GraphNode {
    /// Whether the graph renders it itself (no body of the user's).
    var isPrimitive: Bool {
        if view is any PrimitiveView { return true }
        if let modified = view as? any ModifiedView { return modified.modifierValue is any PrimitiveModifier }
        return false
    }

    var navigationModel: NavigationModel? {
        view is any NavigationStackMarker ? stored("path") { NavigationModel() } : nil
    }

    var tabSelection: TabSelection? {
        view is any TabViewMarker ? stored("selection") { TabSelection() } : nil
    }
}

protocol NavigationStackMarker {}
extension NavigationStack: NavigationStackMarker {}
protocol TabViewMarker {}
extension TabView: TabViewMarker {}

/// A view the driver taps by its title.
@MainActor
protocol TitledAction {
    var title: String { get }
    func perform(in node: GraphNode)
}

extension Button: TitledAction {
    func perform(in node: GraphNode) { action() }
}

extension NavigationLink: TitledAction {
    func perform(in node: GraphNode) { activate(in: node) }
}
