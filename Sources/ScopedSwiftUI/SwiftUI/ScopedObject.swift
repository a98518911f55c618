#if canImport(SwiftUI)
import Combine
import SwiftUI
import Scoped

/// An `ObservableObject` view model resolved from the view's nearest lifetime scope, once
/// per view identity, when the view first reads it.
///
/// ```swift
/// struct DetailScreen: View {
///     @ScopedObject private var viewModel: DetailViewModel
///
///     init(id: Int) {
///         _viewModel = ScopedObject(\.detail, id)
///     }
///
///     var body: some View { Text(viewModel.title) }
/// }
/// ```
///
/// The resolve runs when `body` first reads the view model — never in `init`, so a parent
/// that re-renders (and makes new `DetailScreen` values) builds nothing, and a
/// `NavigationLink` destination made up front builds nothing until it is shown. The view
/// keeps its first view model until it leaves the hierarchy, and re-renders when the view
/// model's `objectWillChange` fires. Where the instance lives is the factory's scope:
/// `.scoped` in the nearest lifetime scope, `.shared` while any view holds it, and so on.
///
/// **Read it in `body` only.** SwiftUI gives a dynamic property its installed storage and
/// environment in ``update()``, before `body`. A read before that — in the view's `init`,
/// in a helper called from it, or from a type that is not a `View` — would resolve from
/// `Container.shared`, not the view's scope: it stops the process in a debug build with a
/// message naming the view model and the view (a release build builds it in a lifetime
/// scope of the slot's own, released with the slot, and reports a `misuse` event and a
/// fault in the log; ``ViewModelSlot`` says where a view model lives when no open
/// lifetime scope is above the view).
///
/// `$viewModel.name` is a `Binding` to the view model's property, as with `@StateObject`:
///
/// ```swift
/// TextField("Name", text: $viewModel.name)
/// ```
///
/// While the view model is built, its `@Injected` properties resolve through the view's
/// containers, so the overrides of `.container { $0.api.register { MockAPI() } }` reach them;
/// a service the root holds that it resolves first is built as the root builds it, never
/// with the view's overrides or `.scoped` instances.
///
/// Apple: `StateObject` "creates a new instance of the model object only once during the
/// lifetime of the container that declares the state object" — here that object is a
/// slot that resolves lazily, so the view model itself follows the same rule.
///
/// Every initialiser takes `file:` and `line:`, defaulted to where the view declares the
/// wrapper: messages about the view model name the view by them.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor
@propertyWrapper
public struct ScopedObject<T: ObservableObject>: ViewModelWrapper {
    @Environment(\.scopedContainers) private var containers
    /// Whether SwiftUI installed the view, in `State` storage: `nonisolated(unsafe)`
    /// because ``update()`` sets it off the main actor (SwiftUI promises no thread for it);
    /// `State.wrappedValue` is nonisolated, and `Installation.markInstalled()` is locked.
    nonisolated(unsafe) private var installation: State<Installation>
    /// The slot, made by `StateObject`'s thunk in SwiftUI's storage — never held by the
    /// view value (see `ObjectWillChangeForwarder`) — and forwarding the view model's
    /// `objectWillChange`, so the view re-renders.
    @StateObject private var forwarder: ObjectWillChangeForwarder<T>

    /// Wraps the slot that `slot` makes (``ViewModelWrapper``, whose initialisers resolve
    /// from a factory, a parameter factory or a closure).
    public init(slot: @autoclosure @escaping () -> ViewModelSlot<T>, file: StaticString, line: UInt) {
        installation = State(wrappedValue: Installation())
        _forwarder = StateObject(wrappedValue: ObjectWillChangeForwarder(slot(), site: "\(file):\(line)"))
    }

    /// The view model, resolved on first read.
    public var wrappedValue: T {
        let slot = forwarder.slot(installed: installation.wrappedValue)
        let value = slot.value(in: containers)
        forwarder.forward(value)
        return value
    }

    /// Bindings to the view model's properties — `$viewModel.name` — as `@StateObject` and
    /// `@ObservedObject` give them.
    public var projectedValue: ObservedObject<T>.Wrapper {
        ObservedObject(wrappedValue: wrappedValue).projectedValue
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

/// The `@StateObject` storage of ``ScopedObject`` and ``ScopedObservable``: holds the
/// view's slot, and forwards the view model's `objectWillChange` once the view has read it
/// (for ``ScopedObject``), so the view re-renders.
///
/// Why `StateObject` and not `State`: a `State`'s initial value is held by the view value
/// that brought it, and the first one becomes the storage — so an eager
/// `NavigationLink(_:destination:)`, which keeps the destination value its parent's body
/// made, would keep the slot (and the view model) after the pop, until the parent
/// re-renders. `StateObject` takes a thunk, and Apple: "SwiftUI creates only one instance
/// of the state object for each container instance that you declare"
/// (`StateObject.init(wrappedValue:)`) — the thunk runs for SwiftUI's storage, not for
/// each view value, so the view value holds the thunk (the key path and parameter it
/// captured), never the slot; the slot goes with the storage.
final class ObjectWillChangeForwarder<T>: ObservableObject {
    /// Declared, not synthesised: Combine's default publisher relies on `@Published`
    /// properties to hold it, and this class has none.
    let objectWillChange = ObservableObjectPublisher()
    private let heldSlot: ViewModelSlot<T>
    private var forwarding: AnyCancellable?

    init(_ slot: ViewModelSlot<T>, site: String) {
        slot.site = site
        heldSlot = slot
    }

    /// The slot, marked installed once SwiftUI ran the wrapper's `update()` on its
    /// installed storage (`installation`).
    func slot(installed installation: Installation) -> ViewModelSlot<T> {
        if installation.isInstalled { heldSlot.markInstalled() }
        return heldSlot
    }

    /// Starts forwarding `object`'s changes (once: a slot's view model never changes).
    func forward<Object: ObservableObject>(_ object: Object) {
        guard forwarding == nil else { return }
        forwarding = object.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
    }
}

/// Whether SwiftUI has installed a view's wrapper: set by the wrapper's `update()`, which
/// SwiftUI runs on the installed storage before `body`, from any thread (locked). Holds
/// nothing else, so the view value that brought it keeps nothing alive.
final class Installation: Sendable {
    private let installed = Locked(false)

    /// Marks the wrapper installed.
    func markInstalled() {
        installed.withLock { $0 = true }
    }

    /// Whether ``markInstalled()`` ran.
    var isInstalled: Bool { installed.withLock { $0 } }
}
#endif
