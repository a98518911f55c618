import Scoped
import ScopedSwiftUIOnModel
import SwiftUIModel

/// The demo's screens, on the model of SwiftUI (Tests/SwiftUIModel); the Scoped rows' use
/// the shipped ScopedSwiftUI layer (`@ScopedObject`, `.lifetimeScope`, `.container`,
/// compiled unchanged into ScopedSwiftUIOnModel). Written as an app writes them, inside
/// this namespace: its names are the model's SwiftUI, and its `State` the demo's
/// (AssumedMacroState.swift: the model's, or `--sdk 27`'s assumption).
enum OnModel {
    typealias View = SwiftUIModel.View
    typealias ViewModifier = SwiftUIModel.ViewModifier
    typealias Text = SwiftUIModel.Text
    typealias Button<Label: View> = SwiftUIModel.Button<Label>
    typealias StateObject<ObjectType: CombineModel.ObservableObject> = SwiftUIModel.StateObject<ObjectType>
    typealias ObservedObject<ObjectType: CombineModel.ObservableObject> = SwiftUIModel.ObservedObject<ObjectType>
    typealias NavigationStack<Data, Root: View> = SwiftUIModel.NavigationStack<Data, Root>
    typealias NavigationLink<Label: View, Destination: View> = SwiftUIModel.NavigationLink<Label, Destination>
    typealias ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View> = SwiftUIModel.ForEach<Data, ID, Content>
    typealias AnyView = SwiftUIModel.AnyView
    typealias ViewBuilder = SwiftUIModel.ViewBuilder

    /// Why a Scoped row cannot run before macOS 11: the shipped `@ScopedObject` and
    /// `.lifetimeScope` keep their storage in `StateObject` (macOS 11, iOS 14).
    static let needsMacOS11 = "ScopedDemo: the Scoped rows run ScopedSwiftUI's @ScopedObject, which needs macOS 11 or newer"
}

extension SwiftUIModel.View {
    /// The articles' `.task { while true { try? await Task.sleep(for: .seconds(2)); … } }` on
    /// the simulated clock: `action` every `period` ticks while this view is on screen
    /// (Runtime/TaskLifetime.swift says what is modelled).
    func task(every period: Int, _ action: @escaping () -> Void) -> some SwiftUIModel.View {
        modifier(OnModel.TimerTask(period: period, action: action))
    }
}

extension OnModel {
    /// `.task(every:)`: started when the view appears, cancelled when it disappears, with
    /// the model's `onAppear`/`onDisappear` (their rules: Tests/SwiftUIModel/SwiftUI/Lifecycle.swift).
    /// The loop runs on the simulated clock, not in a Swift task (the demo runs no event loop).
    struct TimerTask: ViewModifier, InstrumentedBuildingBlock {
        let period: Int
        let action: () -> Void
        @State private var slot = TimerSlot()

        func body(content: Content) -> some View {
            content
                .onAppear { slot.start(period: period, action: action) }
                .onDisappear { slot.stop() }
        }
    }

    /// The running loop of one `.task(every:)`, kept in the view's storage; it keeps the
    /// first action, as a started task keeps running its closure.
    @MainActor
    final class TimerSlot {
        private var lifetime: TaskLifetime?

        func start(period: Int, action: @escaping () -> Void) {
            guard let tracer = GraphTracer.current else { return }
            let lifetime = self.lifetime ?? TaskLifetime(
                clock: tracer.clock, trace: tracer.trace, viewName: tracer.appearing?.name ?? "?", period: period, action: action)
            self.lifetime = lifetime
            lifetime.start()
        }

        func stop() {
            lifetime?.stop()
        }
    }

    // MARK: Counter sheet (scenario 6.3)

    /// ContentView.swift's screen on the model: a timer picks a number every 2 s, a button
    /// presents the counter sheet.
    struct ContentView: View {
        let numbers: RandomSource
        let counter: (Int) -> any View
        @State private var number = 0
        @State private var showingSheet = false

        var body: some View {
            Text("number \(number)")
                .task(every: 2) { number = numbers.next() }
            Button("Show counter") { showingSheet = true }
                .sheet(isPresented: $showingSheet) {
                    AnyView(counter(number))
                }
        }
    }

    /// A counter view whose view model is resolved from the environment's container on
    /// first read; the first description's `initialValue` is the one used.
    @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)  // the shipped @ScopedObject's (the demo builds at the package's floor)
    struct ScopedCounterView: View {
        @ScopedObject private var viewModel: CounterViewModel

        init(initialValue: Int) {
            _viewModel = ScopedObject { $0.counter(initialValue: initialValue)() }
        }

        var body: some View {
            Text("count \(viewModel.count)")
            Button("Increment") { viewModel.increment() }
        }
    }

    // MARK: Item list (scenarios 8, 16)

    /// ItemsStackView.swift's screen on the model: a navigation stack holding the item
    /// list; its `.task` refreshes the feed every 2 s.
    struct ItemsStackView: View {
        @StateObject private var feed: ItemFeed
        let destination: (Int) -> AnyView

        init(numbers: RandomSource, destination: @escaping (Int) -> any View) {
            _feed = StateObject(wrappedValue: ItemFeed(numbers: numbers))
            self.destination = { AnyView(destination($0)) }
        }

        var body: some View {
            NavigationStack {
                ItemListView(feed: feed, destination: destination)
            }
            .task(every: 2) { feed.refresh() }
        }
    }

    /// ItemListView.swift's screen on the model: the feed's number, its own `.task`, and
    /// three rows, each a `NavigationLink` whose destination is made eagerly.
    struct ItemListView: View {
        @ObservedObject var feed: ItemFeed
        let destination: (Int) -> AnyView
        @State private var secondsOnScreen = 0

        var body: some View {
            Text("number \(feed.number)")
            Text("on screen \(secondsOnScreen)s")
                .task(every: 2) { secondsOnScreen += 2 }
            ForEach(1...3, id: \.self) { id in
                NavigationLink("Item \(id)", destination: destination(id))
            }
        }
    }

    /// An item screen whose view model is resolved from its lifetime scope, on first read.
    @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)  // the shipped @ScopedObject's (the demo builds at the package's floor)
    struct ScopedDetailView: View {
        @ScopedObject private var viewModel: DetailViewModel

        init(id: Int) {
            _viewModel = ScopedObject(\.detail, id)
        }

        var body: some View {
            Text("item \(viewModel.id)")
            Text("count \(viewModel.count)")
            Button("Increment") { viewModel.increment() }
        }
    }

    /// Scenario 16's item screen: its view model subscribes to the app-wide feed.
    @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)  // the shipped @ScopedObject's (the demo builds at the package's floor)
    struct FeedDetailView: View {
        @ScopedObject private var viewModel: FeedDetailViewModel

        init(id: Int, weakly: Bool) {
            _viewModel = ScopedObject { $0.feedDetail(weakly: weakly)(id) }
        }

        var body: some View {
            Text("item \(viewModel.id)")
            Text("count \(viewModel.count)")
            Button("Increment") { viewModel.increment() }
        }
    }

    // MARK: Multilevel (scenario 9.3)

    /// The parent screen has a lifetime scope of its own (`.lifetimeScope("parentScreen")`
    /// where it is presented); its view model and its children's are `.scoped` there.
    @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)  // the shipped @ScopedObject's (the demo builds at the package's floor)
    struct ScopedParentScreen: View {
        @ScopedObject(\.parentViewModel) private var viewModel: ParentViewModel
        @State private var showChildren = true

        var body: some View {
            Text("number \(viewModel.number) · total \(viewModel.total)")
                .task(every: 2) { viewModel.pickNumber() }
            Button("Toggle children") { showChildren.toggle() }
            if showChildren {
                ScopedChildView(label: "A")
                ScopedChildView(label: "B")
            }
        }
    }

    /// A child view whose view model is resolved from the nearest lifetime scope — the
    /// parent screen's — on first read.
    @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)  // the shipped @ScopedObject's (the demo builds at the package's floor)
    struct ScopedChildView: View {
        @ScopedObject private var viewModel: ChildViewModel

        init(label: String) {
            _viewModel = ScopedObject(\.childViewModel, label)
        }

        var body: some View {
            Text("\(viewModel.label) count \(viewModel.count)")
            Text("\(viewModel.label) sees \(viewModel.parentNumber)")
            Button("\(viewModel.label) +1") { viewModel.increment() }
        }
    }
}
