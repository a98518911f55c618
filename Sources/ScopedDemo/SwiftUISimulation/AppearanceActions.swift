/// Fact modelled here: `.onAppear { … }` and `.onDisappear { … }`. Apple documents the
/// appear action as run before the view appears, completing before its first rendered
/// frame (`onAppear(perform:)`, https://developer.apple.com/documentation/swiftui/view/onappear(perform:)),
/// and the disappear action as run after the view disappears (`onDisappear(perform:)`,
/// https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)). The node
/// runs them when it comes on screen and when it leaves it (AppearanceObserver.swift,
/// ScreenVisibility.swift): a pushed screen appears on push and disappears on pop, however
/// many descriptions of it its parent made. Each run uses the newest description's action.
struct AppearanceActions: View {
    static var isPrimitive: Bool { true }
    let base: any View
    private let registration: AppearanceRegistration

    init(base: any View, onAppear: (() -> Void)?, onDisappear: (() -> Void)?) {
        self.base = base
        registration = AppearanceRegistration(onAppear: onAppear, onDisappear: onDisappear)
    }

    var body: ViewContent { return [base] }
}

extension View {
    /// Runs `action` when this view comes on screen.
    func onAppear(perform action: @escaping () -> Void) -> AppearanceActions {
        AppearanceActions(base: self, onAppear: action, onDisappear: nil)
    }

    /// Runs `action` when this view leaves the screen.
    func onDisappear(perform action: @escaping () -> Void) -> AppearanceActions {
        AppearanceActions(base: self, onAppear: nil, onDisappear: action)
    }
}

/// Gives the node its ``AppearanceHandlers`` and hands them each description's actions.
@MainActor
struct AppearanceRegistration: DynamicProperty {
    let onAppear: (() -> Void)?
    let onDisappear: (() -> Void)?

    func install(in node: ViewNode, key: String) {
        let handlers = node.storedValue(for: key) as? AppearanceHandlers ?? AppearanceHandlers()
        handlers.onAppear = onAppear
        handlers.onDisappear = onDisappear
        node.store(handlers, for: key)
    }
}

/// The appear and disappear actions of one node, from its newest description.
@MainActor
final class AppearanceHandlers: AppearanceObserver {
    var onAppear: (() -> Void)?
    var onDisappear: (() -> Void)?

    func didAppear(in node: ViewNode) { onAppear?() }
    func didDisappear(in node: ViewNode) { onDisappear?() }
}
