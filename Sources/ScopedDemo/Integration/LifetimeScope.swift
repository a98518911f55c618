import Scoped
import ScopedSwiftUI

/// ScopedSwiftUI's `.lifetimeScope(_:)`, as the simulation runs it. The real modifier
/// (Sources/ScopedSwiftUI/SwiftUI/LifetimeScopeModifier.swift) is this, line for line: an
/// `@Environment(\.scopedContainers)` read, a `LifetimeScopeOwner` kept in `@State`, and a
/// body that opens the owner's scope in the nearest `Container` and writes it into the
/// subtree's environment. So the counts the scenarios measure test the library's own
/// core types.
///
/// ```swift
/// NavigationLink("Item 2", destination: ScopedDetailView(id: 2).lifetimeScope("detail"))
/// ```
///
/// Apple: "SwiftUI initializes the state's storage only once for each container instance
/// that you declare" (`State.init(wrappedValue:)`) — the owner of the first description is
/// the node's; the owners later descriptions bring are dropped without opening a scope.
struct LifetimeScope: View {
    @Environment(\.scopedContainers) private var containers
    @State private var owner: LifetimeScopeOwner<Container>
    let content: any View

    init(_ name: String, content: any View) {
        _owner = State(wrappedValue: LifetimeScopeOwner(name))
        self.content = content
    }

    var body: ViewContent {
        return [EnvironmentWriter(containers: containers.with(owner.scope(in: containers[Container.self])), content: content)]
    }
}

/// ScopedSwiftUI's `.container(_:)`: hands the subtree a container (here, each scenario's
/// own root).
struct ContainerProvider: View {
    static var isPrimitive: Bool { true }
    @Environment(\.scopedContainers) private var containers
    let container: Container
    let content: any View

    var body: ViewContent {
        return [EnvironmentWriter(containers: containers.with(container), content: content)]
    }
}

extension View {
    /// Gives this view a lifetime scope of its own, bound to its node.
    func lifetimeScope(_ name: String) -> LifetimeScope {
        LifetimeScope(name, content: self)
    }

    /// Makes `container` the nearest `Container` of this view's subtree.
    func container(_ container: Container) -> ContainerProvider {
        ContainerProvider(container: container, content: self)
    }
}
