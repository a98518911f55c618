// Rules modelled here — sheets and tabs:
// - view/sheet(ispresented:ondismiss:content:) (developer.apple.com/documentation/swiftui/
//   view/sheet(ispresented:ondismiss:content:)): "Presents a sheet when a binding to a
//   Boolean value that you provide is true"; `onDismiss`: "The closure to execute when
//   dismissing the sheet." The sheet's content is a place of the presenting view: built
//   when the binding turns true, destroyed (storage, identity) when it turns false, a new
//   identity at the next presentation. The presenter stays on screen. Apple's page does
//   not say which environment the content sees; the model passes the presenter's.
// - tabview (…/swiftui/tabview): "A view that switches between multiple child views using
//   interactive user interface elements." Apple documents nothing about when a tab's
//   content is built or released, and no seed article (/work/shared/seeds/) observed it:
//   the model builds a tab when it is first selected and keeps it (its storage, its
//   navigation) while another tab is shown, off screen — an assumption, said as such.

extension View {
    /// view/sheet(ispresented:ondismiss:content:).
    nonisolated public func sheet<Content>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View where Content: View {
        modifier(SheetModifier(isPresented: isPresented, onDismiss: onDismiss, content: content))
    }
}

struct SheetModifier<SheetContent: View> {
    let isPresented: Binding<Bool>
    let onDismiss: (() -> Void)?
    let content: () -> SheetContent
    func body(content: Content) -> Never { fatalError() }
    @MainActor func children(content presenter: any View, in node: GraphNode) -> [ChildSpec] {
        let presented = isPresented.wrappedValue
        node.sheet = presented ? PresentedSheet(isPresented: isPresented, onDismiss: onDismiss) : nil
        var specs = [ChildSpec(key: "content", make: { presenter })]
        if presented { specs.append(ChildSpec(key: "sheet", make: { self.content() })) }
        return specs
    }
}

/// A presented sheet, as the graph dismisses it.
struct PresentedSheet {
    let isPresented: Binding<Bool>
    let onDismiss: (() -> Void)?
}

/// tabview — `struct TabView<SelectionValue, Content>`; each view of its content is a tab.
public struct TabView<SelectionValue, Content> where SelectionValue: Hashable, Content: View {
    let content: Content
    public var body: Never { fatalError() }
    @MainActor func children(in node: GraphNode) -> [ChildSpec] {
        let tabs = (content as? any TupleViewElements)?.tupleElements ?? [content]
        let selection = node.stored("selection") { TabSelection() }
        selection.tabCount = tabs.count
        selection.built.insert(selection.selected)
        return tabs.indices.filter { selection.built.contains($0) }.map { index in
            ChildSpec(key: "tab:\(index)", make: { tabs[index] }, visible: index == selection.selected)
        }
    }
}

extension TabView where SelectionValue == Int {
    /// tabview/init(content:).
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

/// The selected tab and the tabs built so far, kept in the TabView's node.
final class TabSelection {
    var selected = 0
    var built: Set<Int> = []
    var tabCount = 0
}

@MainActor
protocol TupleViewElements {
    var tupleElements: [any View] { get }
}

extension TupleView: TupleViewElements {
    var tupleElements: [any View] { elements }
}

// The conformances, in extensions as in Apple's SDK interfaces: the main actor they bring
// covers `body`, not the initialisers.
extension SheetModifier: ViewModifier, PrimitiveModifier {}
extension TabView: View, PrimitiveView {}
