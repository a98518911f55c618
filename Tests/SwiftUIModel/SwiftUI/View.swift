// The executable model of SwiftUI's runtime (module SwiftUIModel, imported as `SwiftUI`
// through `-module-alias`; Tests/SwiftUIModel/README.md says why and lists every rule).
// This file: the view protocols and the view builder. Declarations are those of
// Tests/SwiftUIStub (each copied from Apple's page there); the bodies here run.
//
// Rule modelled here — a view is a description: "You create custom views by declaring
// types that conform to the View protocol. Implement the required body computed property
// to provide the content for your custom view" (developer.apple.com/documentation/
// swiftui/view). SwiftUI keeps, for each place of the description in the tree, a node
// (GraphNode.swift) that outlives the descriptions.

/// view — `@MainActor @preconcurrency protocol View`.
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// never/body — the body type of primitive views.
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// Not Apple's: a view the graph renders itself (Apple's primitives are `Body == Never`
/// too). It lists its children; the graph builds each one when it reaches it.
@MainActor
protocol PrimitiveView {
    @MainActor func children(in node: GraphNode) -> [ChildSpec]
}

/// One child place of a primitive view: its key (its identity among its siblings), how
/// to make its description (called when the graph reaches it: ForEach rows are made one
/// at a time, after the parent's body), and whether it is on screen.
struct ChildSpec {
    var key: String
    var make: () -> any View
    var visible = true
    var environment: ((inout EnvironmentValues) -> Void)?
}

/// viewbuilder — `@resultBuilder struct ViewBuilder`.
@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { content }
    public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
    where repeat each Content: View {
        TupleView((repeat each content))
    }
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { content }
    public static func buildOptional<Content>(_ content: Content?) -> Content? where Content: View { content }
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { .init(storage: .trueContent(first)) }
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { .init(storage: .falseContent(second)) }
}

/// tupleview — the views of a builder block; each element is its own place.
public struct TupleView<T> {
    public var value: T
    public init(_ value: T) { self.value = value }
    public var body: Never { fatalError() }
    @MainActor func children(in node: GraphNode) -> [ChildSpec] {
        Mirror(reflecting: value).children.enumerated().compactMap { index, child in
            guard let view = child.value as? any View else { return nil }
            return ChildSpec(key: "\(index)", make: { view })
        }
    }
    /// The elements, for containers (TabView) that treat each as one item.
    var elements: [any View] { Mirror(reflecting: value).children.compactMap { $0.value as? any View } }
}

/// `if`/`else` in a builder: the two branches are two places, so switching branch
/// destroys one identity and makes the other. Apple's API pages document
/// `_ConditionalContent` only as a builder result and say nothing of its identity; seed 000
/// (/work/shared/seeds/000_9356ae2794c95f44.txt) observed it: a view removed by "some
/// logical condition( if statements, switch cases, guard let , etc)" loses its
/// `StateObject` ("it's not hidden, it was destroyed").
public struct _ConditionalContent<TrueContent: View, FalseContent: View> {
    enum Storage { case trueContent(TrueContent), falseContent(FalseContent) }
    let storage: Storage
    public var body: Never { fatalError() }
    @MainActor func children(in node: GraphNode) -> [ChildSpec] {
        switch storage {
        case .trueContent(let view): [ChildSpec(key: "true", make: { view })]
        case .falseContent(let view): [ChildSpec(key: "false", make: { view })]
        }
    }
}

/// optional — `Optional: View where Wrapped : View`: an `if` without `else`; nil is an
/// empty place, so the view's identity ends when the condition turns false.
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension Optional: PrimitiveView where Wrapped: View {
    @MainActor func children(in node: GraphNode) -> [ChildSpec] {
        guard let view = self else { return [] }
        return [ChildSpec(key: "some", make: { view })]
    }
}

/// emptyview.
public struct EmptyView {
    public init() {}
    public var body: Never { fatalError() }
    @MainActor func children(in node: GraphNode) -> [ChildSpec] { [] }
}

/// AnyView — type erasure; the erased type is still part of the identity.
public struct AnyView {
    let view: any View
    public init<V: View>(_ view: V) { self.view = view }
    public var body: Never { fatalError() }
    @MainActor func children(in node: GraphNode) -> [ChildSpec] {
        let view = self.view
        return [ChildSpec(key: "\(type(of: view))", make: { view })]
    }
}

// The conformances, in extensions as in Apple's SDK interfaces: the main actor they bring
// covers `body`, not the initialisers.
extension TupleView: View, PrimitiveView {}
extension _ConditionalContent: View, PrimitiveView {}
extension EmptyView: View, PrimitiveView {}
extension AnyView: View, PrimitiveView {}
