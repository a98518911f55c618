import SwiftUIModel

extension OnModel {
    /// `@State` as the demo's screens declare it. Built with Xcode 26 (the default) it *is*
    /// the model's `State`, the documented property wrapper: its initial value evaluated
    /// with every description, the first one kept (Tests/SwiftUIModel/SwiftUI/State.swift).
    /// Built with `--sdk 27` it is the demo's ASSUMPTION about Xcode 27's `@State` macro
    /// (StateSDK.swift): the initial-value expression kept unevaluated until the node's
    /// storage is made, once per identity — here as the model's `StateObject` thunk, which
    /// the model runs exactly so. No rule of the model changes; only which of its two
    /// storages the screen uses.
    ///
    /// The demo's view models stand for `@Observable` classes too (scenario 5's, 11.2's,
    /// 14's), but are not built with the macro, so the model's Observation tracking cannot
    /// see them: this `State` re-renders its view when the object it keeps announces a
    /// change (`objectWillChange`). The screens that keep one read it in their body, so they
    /// re-run exactly as Observation would make them.
    @MainActor
    @propertyWrapper
    struct State<Value>: SwiftUIModel.DynamicProperty {
        /// Xcode 26: the model's `State`, given the evaluated initial value (nil under 27).
        private let wrapper: SwiftUIModel.State<Value?>
        /// `--sdk 27`: the value made by the storage's thunk (empty under 26).
        @SwiftUIModel.StateObject private var macro: AssumedMacroStorage<Value>
        /// Re-renders the view when the kept object changes (see above).
        @SwiftUIModel.StateObject private var relay = StateChangeRelay()

        init(wrappedValue: @autoclosure @escaping () -> Value) {
            if GraphTracer.current?.stateSDK == .xcode27 {
                wrapper = SwiftUIModel.State(wrappedValue: nil)
                _macro = SwiftUIModel.StateObject(wrappedValue: AssumedMacroStorage(wrappedValue))
            } else {
                wrapper = SwiftUIModel.State(wrappedValue: wrappedValue())
                _macro = SwiftUIModel.StateObject(wrappedValue: AssumedMacroStorage(nil))
            }
        }

        var wrappedValue: Value {
            get {
                guard let value = wrapper.wrappedValue ?? macro.value else { preconditionFailure("ScopedDemo: @State read without a value") }
                relay.follow(value)
                return value
            }
            nonmutating set {
                if wrapper.wrappedValue != nil { wrapper.wrappedValue = newValue } else { macro.value = newValue }
            }
        }

        var projectedValue: SwiftUIModel.Binding<Value> {
            SwiftUIModel.Binding(get: { wrappedValue }, set: { wrappedValue = $0 })
        }
    }
}

/// `--sdk 27`'s `@State` storage (OnModel.State): made by the `StateObject` thunk, once per
/// identity; a change re-renders the view, as `State`'s does.
final class AssumedMacroStorage<Value>: CombineModel.ObservableObject {
    var value: Value? {
        willSet { objectWillChange.send() }
    }

    init(_ make: (() -> Value)?) {
        value = make?()
    }
}

/// Forwards the `objectWillChange` of the object a `State` keeps (OnModel.State).
final class StateChangeRelay: CombineModel.ObservableObject {
    private weak var followed: AnyObject?
    private var subscription: AnyCancellable?

    /// Follows `value` if it is an observable object it does not follow yet.
    func follow(_ value: Any) {
        guard let object = value as? any CombineModel.ObservableObject, followed !== object else { return }
        followed = object
        subscription = subscribe(to: object)
    }

    private func subscribe<Object: CombineModel.ObservableObject>(to object: Object) -> AnyCancellable? {
        (object.objectWillChange as? ObservableObjectPublisher)?.sink { [weak self] _ in self?.objectWillChange.send() }
    }
}

/// What the tracer reads from a kept `--sdk 27` storage.
protocol AssumedMacroKept {
    var keptValue: Any? { get }
}

extension AssumedMacroStorage: AssumedMacroKept {
    var keptValue: Any? { value }
}
