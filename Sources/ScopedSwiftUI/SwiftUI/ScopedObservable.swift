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
public struct ScopedObservable<T: AnyObject & Observable>: ViewModelWrapper {
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

    /// Wraps the slot that `slot` makes (``ViewModelWrapper``, whose initialisers resolve
    /// from a factory, a parameter factory or a closure).
    public init(slot: @autoclosure @escaping () -> ViewModelSlot<T>, file: StaticString, line: UInt) {
        installation = State(wrappedValue: Installation())
        _holder = StateObject(wrappedValue: ObjectWillChangeForwarder(slot(), site: "\(file):\(line)"))
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
