import Scoped

/// Ties a Scoped lifetime scope to a place in the view tree: the scope opens when the
/// view's node is created (a pushed screen, a presented sheet) and closes when the node
/// is destroyed, releasing every `.scoped` instance resolved through it.
///
/// Written the way an app would write it in SwiftUI: the scope is opened inside a
/// `@StateObject` autoclosure, so re-created descriptions open nothing.
///
/// ```swift
/// NavigationLink("Item 2", destination: LifetimeScope("detail", in: container) { flow in
///     ScopedDetailView(viewModel: flow.detail.lazy(2))
/// })
/// ```
struct LifetimeScope: View {
    @StateObject private var owner: LifetimeScopeOwner
    private let content: (Container) -> any View

    /// A view whose `content` resolves in a child scope of `parent` named `name`.
    init(_ name: String, in parent: Container, content: @escaping (Container) -> any View) {
        _owner = StateObject(wrappedValue: LifetimeScopeOwner(flow: parent.child(name)))
        self.content = content
    }

    var body: ViewContent {
        return [content(owner.flow)]
    }
}

/// Owns a child lifetime scope and closes it when the owning node's storage goes.
@MainActor
final class LifetimeScopeOwner: ObservableObject {
    /// The lifetime scope.
    let flow: Container

    init(flow: Container) {
        self.flow = flow
    }

    deinit {
        flow.close()
    }
}
