import Scoped
import SwiftUIModel

extension Scenario {
    /// 11. The NavigationLink matrix: the same list (three rows, re-rendered by its feed
    /// every 2 seconds, pushed over or not) with four ways to give the pushed screen its view
    /// model — `@StateObject` built in the autoclosure (lazy), `@State` + `@Observable` set
    /// in `init` (eager with Xcode 26), an `@ObservedObject` resolved from `.shared` (eager,
    /// one per row, held by the list's descriptions), and value-based navigation, which makes
    /// the destination only for a pushed value.
    static var navigationMatrix: Scenario {
        Scenario(
            number: 11, name: "navigationlink-matrix",
            explanation: "NavigationLink matrix: @StateObject (lazy), @State + @Observable (eager), .shared (eager, per row), value-based (on push only)",
            group: .navigationLink, usesScoped: true,
            variants: [
                Variant(
                    label: "@StateObject, built in autoclosure",
                    code: CardCode.itemList(destination: #"StateObjectDetailView(id: id)"#) + "\n" + #"""
                    struct StateObjectDetailView: View {
                        @StateObject private var viewModel: DetailViewModel
                        init(id: Int) {
                            _viewModel = StateObject(wrappedValue: DetailViewModel(id: id))
                        }
                    """# + "\n" + CardCode.detailBody,
                    verdict: .use("descriptions are still made per row, but the view model is built on push only and kept", brief: "built on push only"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): @StateObject under NavigationLink",
                    script: Script.navigation
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.stateObjectDetailRoot(stage)
                },
                Variant(
                    label: "@State + @Observable, built in init",
                    code: CardCode.itemList(destination: #"ObservableDetailView(id: id)"#) + "\n" + #"""
                    // DetailViewModel is @Observable here
                    struct ObservableDetailView: View {
                        @State private var viewModel: DetailViewModel
                        init(id: Int) {
                            viewModel = DetailViewModel(id: id)
                        }
                    """# + "\n" + CardCode.detailBody,
                    verdict: .avoid("every list render builds a view model per row; only the pushed one is kept", brief: "a VM per row per render"),
                    verdictOnXcode27: .use("IF Xcode 27's @State macro evaluates the initial value lazily (assumed, unconfirmed): on push only", brief: "once, lazily (assumed)"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): @Observable under NavigationLink",
                    script: Script.navigation,
                    root: OnModel.observableDetailRoot),
                Variant(
                    label: "@ObservedObject from Scoped .shared",
                    code: CardCode.itemList(destination: #"DetailView(viewModel: container.sharedDetail(id))"#) + "\n" + #"""
                    extension Container {
                        var sharedDetail: MainActorParameterFactory<Int, DetailViewModel> {
                            self { @MainActor id in DetailViewModel(id: id) }.shared.perParameter
                        }
                    }
                    // DetailView: @ObservedObject var viewModel: DetailViewModel (scenario 7)
                    """#,
                    verdict: .avoid("resolved for every row on every render and held by the list: never released while it shows", brief: "eager, held by the list"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): .shared, \"view models are still eager\"",
                    script: Script.navigation
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.sharedDetailRoot(stage)
                },
                Variant(
                    label: "NavigationLink(value:) + destination",
                    code: #"""
                    struct ItemsValueStackView: View {
                        @StateObject private var feed: ItemFeed
                        var body: some View {
                            NavigationStack {
                                ValueItemListView(feed: feed)
                                    .navigationDestination(for: Int.self) { id in
                                        AnyView(destination(id))
                                    }
                            }
                            .task { while true { try? await Task.sleep(for: .seconds(2)); feed.refresh() } }
                        }
                    }
                    struct ValueItemListView: View {
                        @ObservedObject var feed: ItemFeed
                        var body: some View {
                            Text("number \(feed.number)")
                            ForEach(1...3, id: \.self) { id in
                                NavigationLink("Item \(id)", value: id)
                            }
                        }
                    }
                    // destination(id), made only for the pushed id:
                    StateObjectDetailView(id: id)
                    """#,
                    verdict: .use("rows carry only values: the destination and its view model exist only once pushed", brief: "rows hold values only"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): NavigationLink eagerness, avoided",
                    script: Script.navigation
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.valueDetailRoot(stage)
                },
            ])
    }
}

extension OnModel {
    /// 11.1 and 11.4's item screen: its view model built in the `@StateObject` autoclosure.
    struct StateObjectDetailView: View {
        @StateObject private var viewModel: DetailViewModel

        init(id: Int) {
            _viewModel = StateObject(wrappedValue: DetailViewModel(id: id))
        }

        var body: some View {
            Text("item \(viewModel.id)")
            Text("count \(viewModel.count)")
            Button("Increment") { viewModel.increment() }
        }
    }

    /// 11.2's item screen: an `@Observable` view model in `@State`, assigned in `init`.
    struct ObservableDetailView: View {
        @State private var viewModel: DetailViewModel

        init(id: Int) {
            _viewModel = State(wrappedValue: DetailViewModel(id: id))
        }

        var body: some View {
            Text("item \(viewModel.id)")
            Text("count \(viewModel.count)")
            Button("Increment") { viewModel.increment() }
        }
    }

    /// 11.4's stack: value links, the destination made from the pushed value only.
    struct ItemsValueStackView: View {
        @StateObject private var feed: ItemFeed
        let destination: (Int) -> any View

        init(numbers: RandomSource, destination: @escaping (Int) -> any View) {
            _feed = StateObject(wrappedValue: ItemFeed(numbers: numbers))
            self.destination = destination
        }

        var body: some View {
            NavigationStack {
                ValueItemListView(feed: feed)
                    .navigationDestination(for: Int.self) { id in
                        AnyView(destination(id))
                    }
            }
            .task(every: 2) { feed.refresh() }
        }
    }

    /// 11.4's list: each row a `NavigationLink(_:value:)`.
    struct ValueItemListView: View {
        @ObservedObject var feed: ItemFeed

        var body: some View {
            Text("number \(feed.number)")
            ForEach(1...3, id: \.self) { id in
                NavigationLink("Item \(id)", value: id)
            }
        }
    }

    /// 11.1 on the model of SwiftUI.
    @MainActor
    static func stateObjectDetailRoot(_ stage: Stage) -> any View {
        ItemsStackView(numbers: stage.numbers) { id in
            StateObjectDetailView(id: id)
        }
    }

    /// 11.2 on the model of SwiftUI.
    @MainActor
    static func observableDetailRoot(_ stage: Stage) -> any View {
        ItemsStackView(numbers: stage.numbers) { id in
            ObservableDetailView(id: id)
        }
    }

    /// 11.3 on the model of SwiftUI.
    @MainActor
    static func sharedDetailRoot(_ stage: Stage) -> any View {
        let container = stage.makeContainer()
        return ItemsStackView(numbers: stage.numbers) { id in
            DetailView(viewModel: container.sharedDetail(id))
        }
    }

    /// 11.4 on the model of SwiftUI.
    @MainActor
    static func valueDetailRoot(_ stage: Stage) -> any View {
        ItemsValueStackView(numbers: stage.numbers) { id in
            StateObjectDetailView(id: id)
        }
    }
}
