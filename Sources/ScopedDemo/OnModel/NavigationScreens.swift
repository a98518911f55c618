import SwiftUIModel

/// Scenarios 7 and 14's item screens on the model of SwiftUI; the list and its stack are
/// in ModelScreens.swift.
extension OnModel {
    /// Scenario 7's item screen: it observes the view model its row's destination built.
    struct DetailView: View {
        @ObservedObject var viewModel: DetailViewModel

        var body: some View {
            Text("item \(viewModel.id)")
            Text("count \(viewModel.count)")
            Button("Increment") { viewModel.increment() }
        }
    }

    /// Scenario 14.1: the view model opens its work in `init` (every row's, shown or not).
    struct InitWorkDetailView: View {
        @State private var viewModel: WorkViewModel

        init(id: Int) {
            _viewModel = State(wrappedValue: WorkViewModel(id: id, startsWorkInInit: true))
        }

        var body: some View {
            Text("count \(viewModel.count)")
            Button("Increment") { viewModel.increment() }
        }
    }

    /// Scenario 14.2: the view opens its view model's work in `onAppear` and ends it in
    /// `onDisappear`.
    struct AppearWorkDetailView: View {
        @State private var viewModel: WorkViewModel

        init(id: Int) {
            _viewModel = State(wrappedValue: WorkViewModel(id: id, startsWorkInInit: false))
        }

        var body: some View {
            Text("count \(viewModel.count)")
                .onAppear { viewModel.startWork() }
                .onDisappear { viewModel.stopWork() }
            Button("Increment") { viewModel.increment() }
        }
    }

    /// Scenario 7 on the model of SwiftUI.
    @MainActor
    static func eagerDetailRoot(_ stage: Stage) -> any View {
        ItemsStackView(numbers: stage.numbers) { id in
            DetailView(viewModel: DetailViewModel(id: id))
        }
    }

    /// Scenario 14.1 on the model of SwiftUI.
    @MainActor
    static func initWorkRoot(_ stage: Stage) -> any View {
        ItemsStackView(numbers: stage.numbers) { id in
            InitWorkDetailView(id: id)
        }
    }

    /// Scenario 14.2 on the model of SwiftUI.
    @MainActor
    static func appearWorkRoot(_ stage: Stage) -> any View {
        ItemsStackView(numbers: stage.numbers) { id in
            AppearWorkDetailView(id: id)
        }
    }
}
