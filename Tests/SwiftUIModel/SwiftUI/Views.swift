// The building blocks the screens use. Rule modelled here — rows are built after the
// parent's body, one at a time: foreach (developer.apple.com/documentation/swiftui/
// foreach) is "A structure that computes views on demand from an underlying collection of
// identified data"; list/init(_:rowcontent:) "Creates a list that computes its rows on
// demand". `ForEach`'s content closure is not called by the parent's body (which only
// makes the `ForEach` value); the graph calls it for each row when it reaches that row,
// and builds the row's subtree before calling it for the next row. Each row's identity is
// its element's id. A `List` shows every row here: the model has no screen size, so the
// laziness of a scrolled list (rows built as they scroll in) is not modelled.

/// text — `@frozen struct Text`.
public struct Text: Equatable {
    public let string: String
    public init<S: StringProtocol>(_ content: S) { string = String(content) }
    public var body: Never { fatalError() }
    @MainActor func children(in node: GraphNode) -> [ChildSpec] { [] }
}

/// button — `struct Button<Label> where Label : View`; the graph taps it by its title.
public struct Button<Label> where Label: View {
    let title: String
    let action: () -> Void
    public var body: Never { fatalError() }
    @MainActor func children(in node: GraphNode) -> [ChildSpec] { [] }
}

extension Button where Label == Text {
    /// button/init(_:action:).
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        self.title = String(title)
        self.action = action
    }
}

/// textfield — the graph types into it by its title.
public struct TextField<Label> where Label: View {
    let title: String
    let text: Binding<String>
    public var body: Never { fatalError() }
    @MainActor func children(in node: GraphNode) -> [ChildSpec] { [] }
}

extension TextField where Label == Text {
    /// textfield/init(_:text:).
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.title = String(title)
        self.text = text
    }
}

/// vstack — its content's views, each in its own place.
public struct VStack<Content> where Content: View {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { fatalError() }
}

/// group.
public struct Group<Content> where Content: View {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { fatalError() }
}

/// foreach — `struct ForEach<Data, ID, Content>`: rows made on demand, keyed by id.
public struct ForEach<Data, ID, Content>
where Data: RandomAccessCollection, ID: Hashable, Content: View {
    public var data: Data
    let id: KeyPath<Data.Element, ID>
    public var content: (Data.Element) -> Content
    public var body: Never { fatalError() }
    @MainActor func children(in node: GraphNode) -> [ChildSpec] {
        data.map { element in
            ChildSpec(key: "\(element[keyPath: id])", make: { content(element) })
        }
    }
}

extension ForEach {
    /// foreach/init(_:id:content:).
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.content = content
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// foreach/init(_:content:) for identifiable data.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = \.id
        self.content = content
    }
}

/// list — a `ForEach` of rows.
public struct List<SelectionValue, Content> where Content: View {
    let content: Content
    public var body: Never { fatalError() }
    @MainActor func children(in node: GraphNode) -> [ChildSpec] {
        let content = self.content
        return [ChildSpec(key: "rows", make: { content })]
    }
}

extension List where SelectionValue == Never {
    /// list/init(content:).
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    /// list/init(_:rowcontent:) — identifiable data.
    public init<Data, RowContent>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, Data.Element.ID, RowContent>, Data: RandomAccessCollection, RowContent: View,
          Data.Element: Identifiable {
        content = ForEach(data, content: rowContent)
    }

    /// list/init(_:id:rowcontent:).
    public init<Data, ID, RowContent>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent>, Data: RandomAccessCollection, ID: Hashable, RowContent: View {
        content = ForEach(data, id: id, content: rowContent)
    }
}

// The conformances, in extensions as in Apple's SDK interfaces: the main actor they bring
// covers `body`, not the initialisers.
extension Text: View, PrimitiveView {}
extension Button: View, PrimitiveView {}
extension TextField: View, PrimitiveView {}
extension VStack: View, PrimitiveView, ContentContainer {}
extension Group: View, PrimitiveView, ContentContainer {}
extension ForEach: View, PrimitiveView {}
extension List: View, PrimitiveView {}

/// A container whose children are its content's (VStack, Group).
@MainActor
protocol ContentContainer {
    associatedtype Content: View
    var content: Content { get }
}

extension ContentContainer {
    func children(in node: GraphNode) -> [ChildSpec] {
        let content = self.content
        return [ChildSpec(key: "content", make: { content })]
    }
}
