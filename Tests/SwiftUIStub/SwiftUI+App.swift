// The SwiftUI declarations the sample app (Examples/ScopedSample.swiftpm/App) uses beyond
// the documentation's, so that the Apple type-check (.ci/steps/15-apple-typecheck.sh)
// compiles the app for iOS 17. Same rules as SwiftUI.swift: each declaration names the
// page of Apple's documentation (developer.apple.com/documentation/swiftui/…) it was
// copied from; `@ContentBuilder` on the newest pages is `@ViewBuilder` here, as in
// SwiftUI+Views.swift.

// app — `@MainActor @preconcurrency protocol App`; app/body-swift.property —
// `@SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }`; app/init() —
// `@MainActor @preconcurrency init()`; app/main() — `@MainActor @preconcurrency static
// func main()` (the default implementation `@main` calls).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    @MainActor @preconcurrency init()
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension App {
    @MainActor @preconcurrency public static func main() {}
}

// scene — `@MainActor @preconcurrency protocol Scene`; scene/body-swift.property —
// `@SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// never — SwiftUI makes `Never` a `Scene`, the body type of primitive scenes.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Never: Scene {}

// scenebuilder — `@resultBuilder struct SceneBuilder`; scenebuilder/buildblock(_:) —
// `static func buildBlock<Content>(_ content: Content) -> Content where Content : Scene`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene { content }
}

// windowgroup — `nonisolated struct WindowGroup<Content> where Content : View`;
// windowgroup/init(content:) — `nonisolated init(@ContentBuilder content: () -> Content)`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct WindowGroup<Content> where Content: View {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension WindowGroup: Scene {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// foreach — `struct ForEach<Data, ID, Content> where Data : RandomAccessCollection, ID :
// Hashable`, a `View` where `Content : View` (the content type of the list below).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ForEach: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// list — `struct List<SelectionValue, Content> where SelectionValue : Hashable, Content :
// View`; list/init(_:rowcontent:)-3vn6i — `nonisolated init<Data, RowContent>(_ data: Data,
// @ContentBuilder rowContent: @escaping (Data.Element) -> RowContent) where Content ==
// ForEach<Data, Data.Element.ID, RowContent>, Data : RandomAccessCollection, RowContent :
// View, Data.Element : Identifiable` (in an extension where `SelectionValue == Never`).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct List<SelectionValue, Content> where SelectionValue: Hashable, Content: View {
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension List: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension List where SelectionValue == Never {
    nonisolated public init<Data, RowContent>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data: RandomAccessCollection,
        RowContent: View, Data.Element: Identifiable {}
}

// `View.task(name:priority:file:line:_:)` is declared in SwiftUI+Views.swift.
