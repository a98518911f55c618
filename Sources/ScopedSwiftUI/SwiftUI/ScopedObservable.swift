#if canImport(SwiftUI)
import Observation
import SwiftUI
import Scoped

/// An `@Observable` view model resolved from the view's nearest lifetime scope, once per
/// view identity, when the view first reads it.
///
/// ```swift
/// struct CounterSheet: View {
///     @ScopedObservable(\.counter) private var viewModel: CounterViewModel
///     var body: some View { Text("\(viewModel.count)") }
/// }
/// ```
///
/// `@State private var viewModel = CounterViewModel()` builds a view model with every
/// value of the view — every parent re-render — and keeps only the first. This wrapper
/// keeps a slot in `StateObject` storage instead: making a slot builds nothing, and only the
/// first value's slot is ever read. Observation tracks the properties `body` reads, as it
/// does for any `@Observable` object.
///
/// **Read it in `body` only**, as with ``ScopedObject``: a read before SwiftUI installed
/// the view (its `init`, a helper called from it, a type that is not a `View`) stops the
/// process in a debug build with a message naming the view model and the view (a release
/// build keeps it in a lifetime scope of the slot's own, reported as `misuse`).
///
/// `$viewModel.name` is a `Binding`, as with `@Bindable`:
///
/// ```swift
/// TextField("Name", text: $viewModel.name)
/// ```
///
/// Every initialiser takes `file:` and `line:`, defaulted to where the view declares the
/// wrapper: messages about the view model name the view by them.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@propertyWrapper
public struct ScopedObservable<T: AnyObject & Observable>: DynamicProperty {
    @Environment(\.scopedContainers) private var containers
    /// `State` storage held without the `@State` attribute: Apple's `State` page says
    /// `@State` becomes a macro with Xcode 27, and the layer should not depend on the names
    /// it generates. SwiftUI finds dynamic properties by their stored type, not the attribute.
    ///
    /// `nonisolated(unsafe)`: ``update()`` sets it off the main actor (SwiftUI promises no
    /// thread for it); `State.wrappedValue` is nonisolated, and `Installation.markInstalled()`
    /// is locked.
    nonisolated(unsafe) private var installation: State<Installation>
    /// The slot, made by `StateObject`'s thunk in SwiftUI's storage, never held by the view
    /// value (`ObjectWillChangeForwarder` says why); it forwards nothing here —
    /// Observation tracks what `body` reads.
    @StateObject private var holder: ObjectWillChangeForwarder<T>

    private init(slot: @autoclosure @escaping () -> ViewModelSlot<T>, file: StaticString, line: UInt) {
        installation = State(wrappedValue: Installation())
        _holder = StateObject(wrappedValue: ObjectWillChangeForwarder(slot(), site: "\(file):\(line)"))
    }

    /// Resolves `factory` from the nearest `Container`.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\.settings`).
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init(_ factory: KeyPath<Container, Factory<T>>, file: StaticString = #fileID, line: UInt = #line) {
        self.init(slot: ViewModelSlot(factory), file: file, line: line)
    }

    /// Resolves `factory` from the nearest container of the key path's root type.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\AppContainer.settings`).
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init<C: SharedContainer>(
        _ factory: KeyPath<C, Factory<T>>, file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(slot: ViewModelSlot(factory), file: file, line: line)
    }

    /// Resolves `factory` with `parameter` from the nearest `Container`. The view's first
    /// parameter is the one used; later values' are ignored, as SwiftUI ignores later
    /// initial values of its state.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\.detail`).
    ///   - parameter: Passed to the factory.
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init<P>(
        _ factory: KeyPath<Container, ParameterFactory<P, T>>, _ parameter: P, file: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.init(slot: ViewModelSlot(factory, parameter), file: file, line: line)
    }

    /// Resolves `factory` with `parameter` from the nearest container of the key path's root type.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\AppContainer.detail`).
    ///   - parameter: Passed to the factory.
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init<C: SharedContainer, P>(
        _ factory: KeyPath<C, ParameterFactory<P, T>>, _ parameter: P, file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(slot: ViewModelSlot(factory, parameter), file: file, line: line)
    }

    /// Resolves a main-actor factory from the nearest `Container`.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\.settings`).
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init(
        _ factory: KeyPath<Container, MainActorFactory<T>>, file: StaticString = #fileID, line: UInt = #line
    ) where T: Sendable {
        self.init(slot: ViewModelSlot(factory), file: file, line: line)
    }

    /// Resolves a main-actor factory from the nearest container of the key path's root type.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\AppContainer.settings`).
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init<C: SharedContainer>(
        _ factory: KeyPath<C, MainActorFactory<T>>, file: StaticString = #fileID, line: UInt = #line
    ) where T: Sendable {
        self.init(slot: ViewModelSlot(factory), file: file, line: line)
    }

    /// Resolves a main-actor parameter factory with `parameter` from the nearest `Container`.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\.detail`).
    ///   - parameter: Passed to the factory.
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init<P>(
        _ factory: KeyPath<Container, MainActorParameterFactory<P, T>>, _ parameter: P, file: StaticString = #fileID,
        line: UInt = #line
    ) where T: Sendable {
        self.init(slot: ViewModelSlot(factory, parameter), file: file, line: line)
    }

    /// Resolves a main-actor parameter factory with `parameter` from the nearest container
    /// of the key path's root type.
    ///
    /// - Parameters:
    ///   - factory: The factory's key path (`\AppContainer.detail`).
    ///   - parameter: Passed to the factory.
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init<C: SharedContainer, P>(
        _ factory: KeyPath<C, MainActorParameterFactory<P, T>>, _ parameter: P, file: StaticString = #fileID,
        line: UInt = #line
    ) where T: Sendable {
        self.init(slot: ViewModelSlot(factory, parameter), file: file, line: line)
    }

    /// Resolves with `resolve` from the nearest `Container` — for factory functions.
    ///
    /// ```swift
    /// _viewModel = .init { $0.counter(initialValue: start)() }
    /// ```
    ///
    /// - Parameters:
    ///   - resolve: Resolves the view model from that container.
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init(file: StaticString = #fileID, line: UInt = #line, _ resolve: @escaping (Container) -> T) {
        self.init(slot: ViewModelSlot(resolve), file: file, line: line)
    }

    /// Resolves with `resolve` from the nearest container of type `type` — for factory
    /// functions.
    ///
    /// - Parameters:
    ///   - type: The container type.
    ///   - resolve: Resolves the view model from that container.
    ///   - file: Where the view declares the wrapper (defaulted): messages name the view by it.
    ///   - line: The line of that declaration (defaulted).
    public init<C: SharedContainer>(
        in type: C.Type, file: StaticString = #fileID, line: UInt = #line, _ resolve: @escaping (C) -> T
    ) {
        self.init(slot: ViewModelSlot(in: type, resolve), file: file, line: line)
    }

    /// The view model, resolved on first read.
    public var wrappedValue: T {
        holder.slot(installed: installation.wrappedValue).value(in: containers)
    }

    /// Bindings to the view model's properties — `$viewModel.name` — as `@Bindable` gives them.
    public var projectedValue: Bindable<T> {
        Bindable(wrappedValue)
    }

    /// Marks the view's storage installed: SwiftUI calls this on the installed copy of the
    /// property before each `body`, and from then on the view model may resolve.
    ///
    /// Apple (`DynamicProperty.update()`,
    /// developer.apple.com/documentation/swiftui/dynamicproperty/update()): "SwiftUI calls
    /// this function before rendering a view's body to ensure the view has the most recent
    /// value." The page and the protocol promise no thread (`DynamicProperty` is not
    /// isolated to the main actor), so this never assumes the main actor: it only marks the
    /// slot installed, which is safe from any thread.
    public nonisolated mutating func update() {
        installation.wrappedValue.markInstalled()
    }
}
#endif
