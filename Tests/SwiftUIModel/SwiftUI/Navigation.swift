// Rules modelled here — navigation:
// - navigationstack (developer.apple.com/documentation/swiftui/navigationstack): "A view
//   that displays a root view and enables you to present additional views over the root
//   view." A pushed view is a place of the stack: built when pushed, destroyed when popped
//   (its storage and identity end); the views under the top are kept, off screen.
// - navigationlink (…/swiftui/navigationlink): "A view that controls a navigation
//   presentation." A link made with a destination view gets that view as a value, made
//   where the link is made — in the parent's body, every time it runs — and the pushed
//   place shows the link's newest destination. Apple's page does not say so; seed 004
//   (004_9e5b5de4fc80fb3e.txt) observed it: "NavigationLink creates the underlying
//   CounterView eagerly." The node (its `@StateObject`, Scoped's slot) is built on push only.
// - view/navigationdestination(for:destination:) (…/view/navigationdestination(for:
//   destination:)): "Associates a destination view with a presented data type for use
//   within a navigation stack." A value link pushes the value; the destination closure
//   runs when the stack shows it, never in the parent's body.

/// navigationpath — `struct NavigationPath`.
public struct NavigationPath {}

/// navigationstack — `struct NavigationStack<Data, Root> where Root : View`.
public struct NavigationStack<Data, Root> where Root: View {
    let root: Root
    public var body: Never { fatalError() }
    @MainActor func children(in node: GraphNode) -> [ChildSpec] {
        let model = node.stored("path") { NavigationModel() }
        model.stackNode = node
        let root = self.root
        let entries = model.entries
        var specs = [ChildSpec(key: "root", make: { root }, visible: entries.isEmpty,
                               environment: { $0[NavigationModelKey.self] = model })]
        for (index, entry) in entries.enumerated() {
            specs.append(ChildSpec(key: "entry:\(entry.id)", make: { model.view(for: entry.id) },
                                   visible: index == entries.count - 1,
                                   environment: { $0[NavigationModelKey.self] = model }))
        }
        return specs
    }
}

extension NavigationStack where Data == NavigationPath {
    /// navigationstack/init(root:).
    nonisolated public init(@ViewBuilder root: () -> Root) { self.root = root() }
}

/// The stack's path and its registered destinations, kept in the stack's node.
@MainActor
final class NavigationModel {
    enum Source { case view(link: ObjectIdentifier, view: any View), value(AnyHashable) }
    /// `caption` (instrumentation): what pushed it, as the driver names it when it pops.
    struct Entry { let id: Int; var source: Source; var caption: String }
    private(set) var entries: [Entry] = []
    private var nextID = 0
    var destinations: [ObjectIdentifier: (AnyHashable) -> any View] = [:]
    weak var stackNode: GraphNode?

    func push(_ source: Source, caption: String) {
        nextID += 1
        entries.append(Entry(id: nextID, source: source, caption: caption))
        stackNode?.invalidate()
    }

    func pop() {
        guard !entries.isEmpty else { return }
        entries.removeLast()
        stackNode?.invalidate()
    }

    /// What pushed the top entry (the link's title in quotes, `value 2`).
    var topCaption: String { entries.last?.caption ?? "" }

    var isEmpty: Bool { entries.isEmpty }

    /// A link re-rendered: the place it pushed shows its newest destination.
    func linkRendered(_ link: ObjectIdentifier, destination: any View, title: String) {
        for index in entries.indices {
            if case .view(link, _) = entries[index].source {
                entries[index].source = .view(link: link, view: destination)
                entries[index].caption = "\"\(title)\""
                stackNode?.invalidateUnlessRendering()
            }
        }
    }

    func view(for id: Int) -> any View {
        guard let entry = entries.first(where: { $0.id == id }) else { return EmptyView() }
        switch entry.source {
        case .view(_, let view): return view
        case .value(let value):
            guard let destination = destinations[ObjectIdentifier(type(of: value.base))] else {
                fatalError("model: no navigationDestination for \(type(of: value.base))")
            }
            return destination(value)
        }
    }
}

struct NavigationModelKey: EnvironmentKey {
    static let defaultValue: NavigationModel? = nil
}

/// navigationlink — `struct NavigationLink<Label, Destination>`; the graph taps it by title.
public struct NavigationLink<Label, Destination> where Label: View, Destination: View {
    let title: String
    let destination: Destination?
    let value: AnyHashable?
    public var body: Never { fatalError() }
    @MainActor func children(in node: GraphNode) -> [ChildSpec] {
        if let destination, let model = node.environment[NavigationModelKey.self] {
            model.linkRendered(ObjectIdentifier(node), destination: destination, title: title)
        }
        return []
    }

    @MainActor func activate(in node: GraphNode) {
        guard let model = node.environment[NavigationModelKey.self] else { fatalError("model: NavigationLink outside a NavigationStack") }
        if let destination { model.push(.view(link: ObjectIdentifier(node), view: destination), caption: "\"\(title)\"") }
        if let value { model.push(.value(value), caption: "value \(value.base)") }
    }
}

extension NavigationLink where Label == Text {
    /// navigationlink/init(_:destination:)-… — `init<S>(_ title: S, @ViewBuilder
    /// destination: () -> Destination)`: the destination is made here, eagerly.
    nonisolated public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
        self.title = String(title)
        self.destination = destination()
        value = nil
    }

    /// navigationlink/init(_:destination:) — the destination as a value.
    nonisolated public init<S: StringProtocol>(_ title: S, destination: Destination) {
        self.title = String(title)
        self.destination = destination
        value = nil
    }
}

extension NavigationLink where Label == Text, Destination == Never {
    /// navigationlink/init(_:value:) — pushes `value`; a `navigationDestination` shows it.
    nonisolated public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
        self.title = String(title)
        destination = nil
        self.value = value.map { AnyHashable($0) }
    }
}

extension View {
    /// view/navigationdestination(for:destination:).
    nonisolated public func navigationDestination<D, C>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View where D: Hashable, C: View {
        modifier(DestinationModifier(destination: destination))
    }
}

struct DestinationModifier<D: Hashable, C: View> {
    let destination: (D) -> C
    func body(content: Content) -> Never { fatalError() }
    @MainActor func children(content: any View, in node: GraphNode) -> [ChildSpec] {
        if let model = node.environment[NavigationModelKey.self] {
            let destination = self.destination
            model.destinations[ObjectIdentifier(D.self)] = { destination($0.base as! D) }
        }
        return [ChildSpec(key: "content", make: { content })]
    }
}

// The conformances, in extensions as in Apple's SDK interfaces: the main actor they bring
// covers `body`, not the initialisers.
extension NavigationStack: View, PrimitiveView {}
extension NavigationLink: View, PrimitiveView {}
extension DestinationModifier: ViewModifier, PrimitiveModifier {}
