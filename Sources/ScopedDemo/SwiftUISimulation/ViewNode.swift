import ScopedSwiftUIOnModel

/// Fact modelled here: node identity. The *real view* for one place in the tree. It is
/// created (mounted) when a description first appears at its place, keeps its identity —
/// and its `@State`/`@StateObject` storage — while descriptions of the same type keep
/// arriving there, and is destroyed when its place empties (sheet dismissed, `if` turns
/// false, navigation pops) or a description of another type takes it.
///
/// On each update the node swaps in the new description (the old one, and what it holds,
/// goes), installs its dynamic properties and runs its `body`.
///
/// Rule modelled here — why an instance that `@StateObject` or `@State` ignores lives
/// until the *next* render of the parent (scenarios 3 and 5, "max alive 3"): the node keeps
/// its newest description as its input until the next update replaces it. That
/// description carries the ignored instance — captured by the `@StateObject` thunk that
/// merely returns it, or stored as the `@State` initial value — so the instance lives
/// exactly as long as the description does. At the next parent render three exist at
/// once: the kept one (node storage), the newest description's, and the one the render
/// just built; swapping in the new description releases the middle one.
///
/// Evidence in Apple's documentation: a view value is compared "against its previous
/// value" (`EquatableView`, https://developer.apple.com/documentation/swiftui/equatableview;
/// `equatable()`), so SwiftUI holds the previous value between updates; state storage is
/// set up once per view identity and later initial values are not used — `@StateObject`
/// makes its object "only once during the lifetime of the container"
/// (https://developer.apple.com/documentation/swiftui/stateobject), `@State` initializes
/// its storage "only once for each container instance"
/// (https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)). Neither
/// page says when the previous value is released; the simulation takes the simplest
/// reading consistent with both (released when replaced), which reproduces the seeds'
/// counts.
///
/// Fact modelled here too: the environment. A node sees the environment its parent passes
/// down, which a modifier (``EnvironmentWriter``) may change for its subtree; it is read
/// when the node's `body` runs ("SwiftUI automatically updates any parts of MyView that
/// depend on the property when the associated environment value changes" — Apple,
/// `Environment.init(_:)`).
@MainActor
final class ViewNode {
    /// The node's number within the run.
    let id: Int
    /// Its own type name, or the nearest named ancestor's for building blocks (`.sheet`).
    let viewName: String
    /// Whether the log leaves out its mounts and renders.
    let isPrimitive: Bool
    /// Distance from the root.
    let depth: Int
    /// The renderer that owns the tree.
    unowned let renderer: Renderer
    /// The node whose `body` made this one.
    private weak var parent: ViewNode?
    /// The description it shows now.
    private(set) var description: any View
    private let viewType: ObjectIdentifier
    private(set) var children: [ViewNode?] = []
    private var storage: [(key: String, value: Any)] = []
    private var subscriptions: [ObservationRegistrar] = []
    private(set) var bodyCount = 0
    private(set) var isMounted = false
    /// Whether the node is on screen (see ScreenVisibility.swift): between its appear and
    /// disappear.
    private(set) var isOnScreen = false
    /// What a `Text` node shows.
    private(set) var shownText: String?

    init(_ description: any View, id: Int, parent: ViewNode?, renderer: Renderer) {
        let type = type(of: description)
        self.id = id
        self.description = description
        self.renderer = renderer
        viewType = ObjectIdentifier(type)
        isPrimitive = type.isPrimitive
        depth = (parent?.depth ?? -1) + 1
        self.parent = parent
        viewName = isPrimitive ? (parent?.viewName ?? String(describing: type)) : String(describing: type)
    }

    var trace: LifecycleTrace { renderer.trace }

    // MARK: Lifecycle

    /// Creates the real view: installs storage (running `@StateObject` autoclosures), renders.
    func mount() {
        isMounted = true
        if !isPrimitive { trace.log(.mount, viewName) }
        installDynamicProperties()
        render()
    }

    /// Takes the parent's newest description for this place and renders it.
    func update(with newDescription: any View) {
        description = newDescription
        installDynamicProperties()
        render()
    }

    /// Runs `body` and reconciles the children with what it returns.
    func render() {
        renderer.didRender(self)
        unsubscribeAll()
        if let text = description as? Text, text.string != shownText {
            shownText = text.string
            trace.log(.text, viewName, "\"\(text.string)\"")
        }
        bodyCount += 1
        if !isPrimitive { trace.log(.body, viewName, "body #\(bodyCount)") }
        let activity = RenderActivity(nodeID: id, viewName: viewName, phase: .body)
        let content = renderer.rendering(self) { trace.during(activity) { description.body } }
        reconcile(content)
    }

    /// The node came on screen: `onAppear`, and its `.task`s start.
    func appear() {
        guard isMounted, !isOnScreen else { return }
        isOnScreen = true
        if !isPrimitive { trace.log(.appear, viewName, "onAppear") }
        for observer in storage.compactMap({ $0.value as? AppearanceObserver }) { observer.didAppear(in: self) }
    }

    /// The node left the screen (covered by a push, or about to be removed): `onDisappear`,
    /// and its `.task`s are cancelled.
    func disappear() {
        guard isOnScreen else { return }
        isOnScreen = false
        if !isPrimitive { trace.log(.disappear, viewName, "onDisappear") }
        for observer in storage.compactMap({ $0.value as? AppearanceObserver }) { observer.didDisappear(in: self) }
    }

    /// Destroys the real view: it disappears, then its children go, then its last
    /// description, then its storage.
    func unmount() {
        guard isMounted else { return }
        disappear()
        if !isPrimitive { trace.log(.unmount, viewName) }
        renderer.willUnmount(self, observing: subscriptions.compactMap(\.observedInstance))
        for child in children.reversed() { child?.unmount() }
        children = []
        unsubscribeAll()
        isMounted = false
        description = EmptyView()
        while !storage.isEmpty { _ = storage.removeLast() }
    }

    /// Marks the node for rendering at the next flush.
    func invalidate() {
        if isMounted { renderer.invalidate(self) }
    }

    private func reconcile(_ content: ViewContent) {
        var next: [ViewNode?] = []
        for index in 0..<max(children.count, content.count) {
            let old = index < children.count ? children[index] : nil
            let new = index < content.count ? content[index] : nil
            if let old, let new, old.viewType == ObjectIdentifier(type(of: new)) {
                old.update(with: new)
                next.append(old)
                continue
            }
            old?.unmount()
            if let new {
                let node = renderer.makeNode(new, parent: self)
                next.append(node)
                node.mount()
            } else {
                next.append(nil)
            }
        }
        children = next
    }

    private func installDynamicProperties() {
        let activity = RenderActivity(nodeID: id, viewName: viewName, phase: .mounting)
        trace.during(activity) {
            install(propertiesOf: description, prefix: "")
        }
    }

    /// Installs the dynamic properties of `value` and, as SwiftUI does, those nested in
    /// them (`@ScopedObject` holds an `@Environment` and a `@StateObject`): the nested ones
    /// first, so that a property's own install (SwiftUI's `update()`) reads them installed.
    private func install(propertiesOf value: Any, prefix: String) {
        for child in Mirror(reflecting: value).children {
            guard let property = child.value as? any DynamicProperty else { continue }
            let key = prefix + (child.label ?? "")
            install(propertiesOf: property, prefix: key + ".")
            property.install(in: self, key: key)
        }
    }

    // MARK: Environment

    /// The Scoped containers of this node's environment: what its parent passes down.
    var containers: ContainerEnvironment {
        parent?.containersForChildren ?? ContainerEnvironment()
    }

    /// What this node passes down: its own environment, or what its description writes.
    private var containersForChildren: ContainerEnvironment {
        (description as? EnvironmentWriter)?.containers ?? containers
    }

    // MARK: Storage and observation

    /// The value a dynamic property stored under `key`.
    func storedValue(for key: String) -> Any? {
        storage.first { $0.key == key }?.value
    }

    /// Stores `value` under `key`, replacing (and dropping) what was there.
    func store(_ value: Any, for key: String) {
        if let index = storage.firstIndex(where: { $0.key == key }) {
            storage[index].value = value
        } else {
            storage.append((key, value))
        }
    }

    /// Called by a registrar when this node's `body` reads its object.
    func didSubscribe(to registrar: ObservationRegistrar) {
        subscriptions.append(registrar)
    }

    private func unsubscribeAll() {
        for registrar in subscriptions { registrar.unsubscribe(self) }
        subscriptions = []
    }

    // MARK: Queries for the script

    /// This node and its mounted descendants, depth first.
    var subtree: [ViewNode] {
        [self] + children.compactMap { $0 }.flatMap(\.subtree)
    }
}
