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
    @MainActor
    @propertyWrapper
    struct State<Value>: SwiftUIModel.DynamicProperty {
        /// Xcode 26: the model's `State`, given the evaluated initial value (nil under 27).
        private let wrapper: SwiftUIModel.State<Value?>
        /// `--sdk 27`: the value made by the storage's thunk (empty under 26).
        @SwiftUIModel.StateObject private var macro: AssumedMacroStorage<Value>

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

/// What the tracer reads from a kept `--sdk 27` storage.
protocol AssumedMacroKept {
    var keptValue: Any? { get }
}

extension AssumedMacroStorage: AssumedMacroKept {
    var keptValue: Any? { value }
}
