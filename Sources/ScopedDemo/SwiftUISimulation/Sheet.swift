/// Fact modelled here: `.sheet(isPresented:content:)` evaluates its content closure only
/// while presented — when presented, and again on every re-render of the view it is
/// attached to — and dismissing destroys the content's nodes.
struct SheetPresenter: View {
    static var isPrimitive: Bool { true }
    let base: any View
    let isPresented: Binding<Bool>
    let content: () -> ViewContent

    var body: ViewContent {
        return [base, isPresented.wrappedValue ? ViewGroup(content()) : nil]
    }

    /// The user swipes the sheet down.
    func dismiss() {
        isPresented.wrappedValue = false
    }
}

extension View {
    /// Presents `content` while `isPresented` is true.
    func sheet(isPresented: Binding<Bool>, @ViewBuilder content: @escaping () -> ViewContent) -> SheetPresenter {
        SheetPresenter(base: self, isPresented: isPresented, content: content)
    }
}
