// The SwiftUI views and modifiers the documentation's examples use, so that the
// `<!-- snippet: swiftui -->` blocks of the articles type-check against this stub
// (.ci/doc_snippets.py). Same rules as SwiftUI.swift: each declaration names the page of
// Apple's documentation (developer.apple.com/documentation/swiftui/…) it was copied
// from. Where a page spells a builder parameter `@ContentBuilder` (the newest SDK) the
// stub uses `@ViewBuilder`, which every SDK since iOS 13 has; the two accept the same
// view content.


// viewbuilder/buildblock(_:) (variadic, iOS 17 SDK) — `static func buildBlock<each
// Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)> where
// repeat each Content : View`; viewbuilder/buildif(_:) — `static func buildIf<Content>(_
// content: Content?) -> Content? where Content : View`; viewbuilder/buildblock() —
// `static func buildBlock() -> EmptyView`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
    where repeat each Content: View {
        TupleView((repeat each content))
    }
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { content }
}

// tupleview — `@frozen struct TupleView<T>`; init(_:) — `init(_ value: T)`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct TupleView<T> {
    public var value: T
    public init(_ value: T) { self.value = value }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension TupleView: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// emptyview — `@frozen struct EmptyView`; init() — `init()`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct EmptyView {
    public init() {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension EmptyView: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// optional — SwiftUI conforms `Optional: View where Wrapped : View` (an `if` without
// `else` in a view builder).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// text — `@frozen struct Text`; text/init(_:)-9d1g4 — `init<S>(_ content: S) where S :
// StringProtocol`. (A string literal selects `init(_:tableName:bundle:comment:)` on
// Apple's SDK; here it selects this one — both make a Text.)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct Text {
    public init<S>(_ content: S) where S: StringProtocol {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Text: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// button — `struct Button<Label> where Label : View`; button/init(_:action:)-lpm7 —
// `@preconcurrency nonisolated init<S>(_ title: S, action: @escaping @MainActor () ->
// Void) where S : StringProtocol` (in an extension where `Label == Text`).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct Button<Label> where Label: View {
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Button: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Button where Label == Text {
    @preconcurrency nonisolated public init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S: StringProtocol {}
}

// textfield — `nonisolated struct TextField<Label> where Label : View`;
// textfield/init(_:text:)-2laoi — `@export(implementation) nonisolated init<S>(_ title: S,
// text: Binding<String>) where S : StringProtocol` (in an extension where `Label == Text`).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct TextField<Label> where Label: View {
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension TextField: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension TextField where Label == Text {
    @export(implementation) nonisolated public init<S>(_ title: S, text: Binding<String>) where S: StringProtocol {}
}

// horizontalalignment — `@frozen struct HorizontalAlignment`; …/center — `static let center: HorizontalAlignment`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct HorizontalAlignment: Sendable {
    public static let center = HorizontalAlignment()
}

// vstack — `@frozen nonisolated struct VStack<Content> where Content : View`;
// vstack/init(alignment:spacing:content:) — `nonisolated init(alignment:
// HorizontalAlignment = .center, spacing: CGFloat? = nil, @ContentBuilder content: () ->
// Content)`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct VStack<Content> where Content: View {
    nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension VStack: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// binding — `@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>`;
// binding/wrappedvalue — `var wrappedValue: Value { get nonmutating set }`;
// binding/projectedvalue — `var projectedValue: Binding<Value> { get }`;
// binding/subscript(dynamicmember:) — `subscript<Subject>(dynamicMember keyPath:
// WritableKeyPath<Value, Subject>) -> Binding<Subject> { get }`;
// binding/init(projectedvalue:) — `@export(implementation) init(projectedValue: Binding<Value>)`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    @export(implementation) public init(projectedValue: Binding<Value>) { self = projectedValue }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

// navigationpath — `struct NavigationPath`.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct NavigationPath {}

// navigationstack — `nonisolated struct NavigationStack<Data, Root> where Root : View`;
// navigationstack/init(root:) — `nonisolated init(@ContentBuilder root: () -> Root) where
// Data == NavigationPath`.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct NavigationStack<Data, Root> where Root: View {
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension NavigationStack: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension NavigationStack where Data == NavigationPath {
    nonisolated public init(@ViewBuilder root: () -> Root) {}
}

// navigationlink — `nonisolated struct NavigationLink<Label, Destination> where Label :
// View, Destination : View`; navigationlink/init(value:label:)-4jswo — `nonisolated
// init<P>(value: P?, @ContentBuilder label: () -> Label) where P : Hashable` (in an
// extension where `Destination == Never`).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct NavigationLink<Label, Destination> where Label: View, Destination: View {
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension NavigationLink: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension NavigationLink where Destination == Never {
    nonisolated public init<P>(value: P?, @ViewBuilder label: () -> Label) where P: Hashable {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    // view/sheet(ispresented:ondismiss:content:) — `nonisolated func sheet<Content>(
    // isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ContentBuilder content:
    // @escaping () -> Content) -> some View where Content : View`.
    nonisolated public func sheet<Content>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View where Content: View {
        ModifiedContent(content: self, modifier: _StubModifier())
    }

    // view/task(name:priority:file:line:_:) — `@export(implementation) nonisolated func
    // task(name: String? = nil, priority: TaskPriority = .userInitiated, file: String =
    // #fileID, line: Int = #line, _ action: sending @escaping @isolated(any) () async ->
    // Void) -> some View` (iOS 15, macOS 12, tvOS 15, watchOS 8); `@export` is left out: it
    // concerns code generation, which this stub never does. `@_inheritActorContext` is not on
    // the page but in SwiftUI's interface: a `.task` written in `body` runs on the main
    // actor, as SwiftUI's own `task` examples that set `@State` from it rely on.
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func task(
        name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID, line: Int = #line,
        @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View {
        ModifiedContent(content: self, modifier: _StubModifier())
    }

    // view/navigationdestination(for:destination:) — `nonisolated func
    // navigationDestination<D, C>(for data: D.Type, @ContentBuilder destination: @escaping
    // (D) -> C) -> some View where D : Hashable, C : View` (iOS 16).
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    nonisolated public func navigationDestination<D, C>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View where D: Hashable, C: View {
        ModifiedContent(content: self, modifier: _StubModifier())
    }
}
