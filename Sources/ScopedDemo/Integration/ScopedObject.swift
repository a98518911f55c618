import Scoped
import ScopedSwiftUI

/// ScopedSwiftUI's `@ScopedObject`, as the simulation runs it: like the real wrapper
/// (Sources/ScopedSwiftUI/SwiftUI/ScopedObject.swift) it keeps a `ViewModelSlot` in
/// `@StateObject` — made in the autoclosure, so only for a new node — and reads the
/// `@Environment(\.scopedContainers)` when `body` reads the view model.
///
/// Apple: `StateObject` "creates a new instance of the model object only once during the
/// lifetime of the container that declares the state object"; that object is the slot,
/// which resolves nothing until read. The simulated renderer installs nested dynamic
/// properties (`_containers`, `_slot`) as SwiftUI does.
@MainActor
@propertyWrapper
struct ScopedObject<T: AnyObject>: DynamicProperty {
    @Environment(\.scopedContainers) private var containers
    @StateObject private var slot: ViewModelSlot<T>

    /// Resolves `factory` from the nearest `Container`.
    init(_ factory: KeyPath<Container, Factory<T>>) {
        _slot = StateObject(wrappedValue: ViewModelSlot(factory))
    }

    /// Resolves `factory` with `parameter` from the nearest `Container`.
    init<P>(_ factory: KeyPath<Container, ParameterFactory<P, T>>, _ parameter: P) {
        _slot = StateObject(wrappedValue: ViewModelSlot(factory, parameter))
    }

    /// Resolves a main-actor factory from the nearest `Container`.
    init(_ factory: KeyPath<Container, MainActorFactory<T>>) where T: Sendable {
        _slot = StateObject(wrappedValue: ViewModelSlot(factory))
    }

    /// Resolves a main-actor parameter factory with `parameter` from the nearest `Container`.
    init<P>(_ factory: KeyPath<Container, MainActorParameterFactory<P, T>>, _ parameter: P) where T: Sendable {
        _slot = StateObject(wrappedValue: ViewModelSlot(factory, parameter))
    }

    /// Resolves with `resolve` from the nearest `Container` (factory functions).
    init(_ resolve: @escaping (Container) -> T) {
        _slot = StateObject(wrappedValue: ViewModelSlot(resolve))
    }

    /// The view model, resolved on first read.
    var wrappedValue: T {
        slot.value(in: containers)
    }

    /// The real wrapper's `update()`: marks the installed slot, which may now resolve.
    func install(in node: ViewNode, key: String) {
        slot.markInstalled()
    }
}

/// The simulated `@StateObject` holds `ObservableObject`s; the slot is one here (the real
/// layer keeps the slot in `State` and a forwarder of `objectWillChange` in `@StateObject`).
extension ViewModelSlot: ObservableObject {}
