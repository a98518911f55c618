// Rule modelled here — a modifier is a view of its own in the graph:
// viewmodifier (developer.apple.com/documentation/swiftui/viewmodifier): "A modifier that
// you apply to a view or another view modifier, producing a different version of the
// original value"; its dynamic properties (`@Environment`, `@State`) are installed and
// updated like a view's, and `body(content:)` runs where a view's `body` would, with
// `content` standing for the modified view (viewmodifier/content: "The content view type
// passed to body()"). modifiedcontent: "If content is a View and modifier is a
// ViewModifier, the result is a View."

/// viewmodifier — `@MainActor @preconcurrency protocol ViewModifier`.
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
    typealias Content = _ViewModifier_Content<Self>
}

/// viewmodifier/content — stands for the modified view in `body(content:)`.
public struct _ViewModifier_Content<Modifier> where Modifier: ViewModifier {
    let content: any View
    public var body: Never { fatalError() }
    @MainActor func children(in node: GraphNode) -> [ChildSpec] {
        let content = self.content
        return [ChildSpec(key: "content", make: { content })]
    }
}

/// modifiedcontent — `@frozen struct ModifiedContent<Content, Modifier>`.
@frozen
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    nonisolated public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// Not Apple's: how the graph reads a `ModifiedContent` without knowing its types.
@MainActor
protocol ModifiedView {
    var contentView: any View { get }
    var modifierValue: any ViewModifier { get }
}

extension ModifiedContent: ModifiedView where Content: View, Modifier: ViewModifier {
    var contentView: any View { content }
    var modifierValue: any ViewModifier { modifier }
}

/// Not Apple's: a modifier the graph runs itself (environment writers, lifecycle events,
/// presentation, navigation destinations, `.id`).
@MainActor
protocol PrimitiveModifier {
    @MainActor func children(content: any View, in node: GraphNode) -> [ChildSpec]
}

extension ViewModifier {
    /// The modifier's body for `content`, type-erased.
    func erasedBody(content: any View) -> any View {
        body(content: _ViewModifier_Content<Self>(content: content))
    }
}

extension View {
    /// view/modifier(_:).
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

// The conformances, in extensions as in Apple's SDK interfaces: the main actor they bring
// covers `body`, not the initialisers.
extension _ViewModifier_Content: View, PrimitiveView {}
