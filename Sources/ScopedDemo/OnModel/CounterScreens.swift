import Scoped
import SwiftUIModel

/// The counter sheet's views (scenarios 1–6) on the model of SwiftUI; the parent screen is
/// `ContentView` (ModelScreens.swift), 6.3's `ScopedCounterView` is there too.
extension OnModel {
    /// Scenarios 1, 2 and 6.2: the sheet's view observes the instance it is handed.
    struct CounterView: View {
        @ObservedObject var viewModel: CounterViewModel

        var body: some View {
            Text("count \(viewModel.count)")
            Button("Increment") { viewModel.increment() }
        }
    }

    /// Scenario 3.1: `@StateObject` handed an instance the caller built.
    struct InjectedCounterView: View {
        @StateObject private var viewModel: CounterViewModel

        init(viewModel: CounterViewModel) {
            _viewModel = StateObject(wrappedValue: viewModel)
        }

        var body: some View {
            Text("count \(viewModel.count)")
            Button("Increment") { viewModel.increment() }
        }
    }

    /// Scenario 3.2: `@StateObject` handed an autoclosure, as a memberwise init does.
    struct AutoclosureCounterView: View {
        @StateObject private var viewModel: CounterViewModel

        init(viewModel: @autoclosure @escaping () -> CounterViewModel) {
            _viewModel = StateObject(wrappedValue: viewModel())
        }

        var body: some View {
            Text("count \(viewModel.count)")
            Button("Increment") { viewModel.increment() }
        }
    }

    /// Scenario 4: `@StateObject` built inside its autoclosure.
    struct StateObjectCounterView: View {
        @StateObject private var viewModel: CounterViewModel

        init(initialValue: Int) {
            _viewModel = StateObject(wrappedValue: CounterViewModel(initialValue: initialValue))
        }

        var body: some View {
            Text("count \(viewModel.count)")
            Button("Increment") { viewModel.increment() }
        }
    }

    /// Scenario 5: `@State` holding an `@Observable` view model, assigned in `init`.
    struct ObservableCounterView: View {
        @State private var viewModel: CounterViewModel

        init(initialValue: Int) {
            // The article writes `viewModel = CounterViewModel(initialValue: initialValue)`;
            // assigning a wrapped property in `init` calls `State(wrappedValue:)`, spelled out
            // here because the demo's `State` takes an autoclosure (AssumedMacroState.swift).
            _viewModel = State(wrappedValue: CounterViewModel(initialValue: initialValue))
        }

        var body: some View {
            Text("count \(viewModel.count)")
            Button("Increment") { viewModel.increment() }
        }
    }

    /// Scenario 6.1: the article's lazy view model, a closure over `.shared` called at each
    /// use. Nothing holds the result between calls.
    struct ClosureCounterView: View {
        private let viewModel: () -> CounterViewModel

        init(initialValue: Int, container: Container) {
            viewModel = { container.counter(initialValue: initialValue)() }
        }

        var body: some View {
            Text("count \(viewModel().count)")
            Button("Increment") { viewModel().increment() }
        }
    }

    /// Scenario 6.2: the article's closure where something else holds the instance: the
    /// body hands it to an `@ObservedObject` child, whose description keeps it alive.
    struct HeldClosureCounterView: View {
        private let viewModel: () -> CounterViewModel

        init(initialValue: Int, container: Container) {
            viewModel = { container.counter(initialValue: initialValue)() }
        }

        var body: some View {
            CounterView(viewModel: viewModel())
        }
    }
}
