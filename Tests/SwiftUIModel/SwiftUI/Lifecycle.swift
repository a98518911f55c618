// Rules modelled here — appearance, tasks and explicit identity:
// - view/onappear(perform:) (developer.apple.com/documentation/swiftui/view/
//   onappear(perform:)): "Adds an action to perform before this view appears."
// - view/ondisappear(perform:): "Adds an action to perform after this view disappears."
// - view/task(name:priority:file:line:_:): "Adds an asynchronous task to perform before
//   this view appears." The page's words on cancellation are not quoted here (not
//   verified in the docs corpus); the model cancels the task when the view disappears (a
//   pushed screen covered or popped, a sheet dismissed, a tab left, an identity ended), as
//   issue #39 specifies, and restarts it when the view appears again. A cancelled task's
//   closure, and the view value it captured, live until the task returns.
// - view/id(_:) (…/view/id(_:)): "Binds a view's identity to the given proxy value";
//   "When the proxy value specified by the id parameter changes, the identity of the view
//   — for example, its state — is reset." The model ends the old identity (its storage
//   goes, it disappears) and makes a new one.
// Appearance is decided after each update (ViewGraph.swift): a node is on screen when no
// container hides it (a covered navigation entry, an unselected tab). Apple documents no
// order between the appearance of a parent and of its children; the model runs them in
// tree order, parent first, and disappearances children first.

extension View {
    /// view/onappear(perform:).
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        modifier(AppearanceModifier(onAppear: action, onDisappear: nil, task: nil))
    }

    /// view/ondisappear(perform:).
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        modifier(AppearanceModifier(onAppear: nil, onDisappear: action, task: nil))
    }

    /// view/task(name:priority:file:line:_:).
    nonisolated public func task(
        name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID, line: Int = #line,
        @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View {
        modifier(AppearanceModifier(onAppear: nil, onDisappear: nil, task: TaskAction(priority: priority, action: action)))
    }

    /// view/id(_:).
    nonisolated public func id<ID>(_ id: ID) -> some View where ID: Hashable {
        modifier(IdentityModifier(id: AnyHashable(id)))
    }
}

/// The work of a `.task`.
struct TaskAction: @unchecked Sendable {  // read on the main actor only, where the graph runs
    let priority: TaskPriority
    let action: @isolated(any) () async -> Void
}

/// Not Apple's: the modifier behind `onAppear`, `onDisappear` and `task`.
struct AppearanceModifier {
    let onAppear: (() -> Void)?
    let onDisappear: (() -> Void)?
    let task: TaskAction?
    func body(content: Content) -> Never { fatalError() }
    @MainActor func children(content: any View, in node: GraphNode) -> [ChildSpec] {
        node.appearance = self
        return [ChildSpec(key: "content", make: { content })]
    }
}

/// Not Apple's: the modifier behind `.id(_:)`: the content's key is the id.
struct IdentityModifier {
    let id: AnyHashable
    func body(content: Content) -> Never { fatalError() }
    @MainActor func children(content: any View, in node: GraphNode) -> [ChildSpec] {
        [ChildSpec(key: "id:\(id)", make: { content })]
    }
}

// The conformances, in extensions as in Apple's SDK interfaces: the main actor they bring
// covers `body`, not the initialisers.
extension AppearanceModifier: ViewModifier, PrimitiveModifier {}
extension IdentityModifier: ViewModifier, PrimitiveModifier {}
