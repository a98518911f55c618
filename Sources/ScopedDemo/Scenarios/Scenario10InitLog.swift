import Scoped

extension Scenario {
    /// 10. `@StateObject` vs `@ObservedObject` across three body evaluations of the home
    /// view, with a view model that needs a store from the container
    /// (`init(entryStore:)`): the init log of each.
    static var initLog: Scenario {
        Scenario(
            number: 10, name: "init-log",
            explanation: "@StateObject vs @ObservedObject over three body evaluations, init(entryStore:) from the container: the init log of each; and seed 001's KVO-backed view model",
            group: .initLog, usesScoped: true,
            variants: [
                Variant(
                    label: "@StateObject, VM as an autoclosure",
                    code: #"""
                    struct HomeView: View {
                        @StateObject private var viewModel: HomeViewModel
                        var body: some View {
                            Text("number \(viewModel.number)")
                                .task { while true { try? await Task.sleep(for: .seconds(2)); viewModel.refresh() } }
                            BottomBarView(viewModel: BottomBarViewModel(entryStore: container.entryStore()))
                        }
                    }
                    // The memberwise init of a view with @StateObject var viewModel takes this same autoclosure:
                    struct BottomBarView: View {
                        @StateObject private var viewModel: BottomBarViewModel
                        init(viewModel: @autoclosure @escaping () -> BottomBarViewModel) {
                            _viewModel = StateObject(wrappedValue: viewModel())
                        }
                        var body: some View {
                            Text("bar count \(viewModel.count)")
                            Button("Bar +1") { viewModel.increment() }
                        }
                    }
                    """#,
                    verdict: .use("the view model (and its store resolve) is built once, when the bar is created", brief: "built once, on mount"),
                    seed: "001 (\"@StateObject and MVVM in SwiftUI\", the init log): \"BottomBarView uses @StateObject\"",
                    script: Script.initLog) { stage in
                    let container = stage.makeContainer()
                    return InitLogAppView {
                        HomeView(numbers: stage.numbers) {
                            BottomBarView(viewModel: BottomBarViewModel(entryStore: container.entryStore()))
                        }
                    }
                },
                Variant(
                    label: "@ObservedObject, VM passed in",
                    code: #"""
                    struct HomeView: View {
                        @StateObject private var viewModel: HomeViewModel
                        var body: some View {
                            Text("number \(viewModel.number)")
                                .task { while true { try? await Task.sleep(for: .seconds(2)); viewModel.refresh() } }
                            ObservedBottomBarView(viewModel: BottomBarViewModel(entryStore: container.entryStore()))
                        }
                    }
                    struct ObservedBottomBarView: View {
                        @ObservedObject var viewModel: BottomBarViewModel
                        var body: some View {
                            Text("bar count \(viewModel.count)")
                            Button("Bar +1") { viewModel.increment() }
                        }
                    }
                    """#,
                    verdict: .avoid("a new view model and a store resolve on every body evaluation of the parent; state lost", brief: "rebuilt on every body run"),
                    seed: "001 (\"@StateObject and MVVM in SwiftUI\", the init log): \"BottomBarView uses @ObservableObject\"",
                    script: Script.initLog) { stage in
                    let container = stage.makeContainer()
                    return InitLogAppView {
                        HomeView(numbers: stage.numbers) {
                            ObservedBottomBarView(viewModel: BottomBarViewModel(entryStore: container.entryStore()))
                        }
                    }
                },
                Variant(
                    label: "@StateObject VM over a KVO model",
                    code: #"""
                    struct PackageBarView: View {
                        @StateObject private var viewModel: PackageViewModel
                        init(package: Package) {
                            _viewModel = StateObject(wrappedValue: PackageViewModel(package: package))
                        }
                        var body: some View {
                            Text("bar count \(viewModel.count)")
                            Button("Bar +1") { viewModel.addItem() }   // view → view model → model
                        }
                    }
                    // PackageViewModel observes package.contents (KVO) in init; the observation goes with it
                    // In HomeView's body, re-evaluated every 2 s:
                    PackageBarView(package: package)
                    """#,
                    verdict: .use("one view model and one KVO observation per bar; model changes reach the view through it", brief: "built once; KVO drives it"),
                    seed: "001 (the KVO article): a view model observing a KVO-compliant model, held with @StateObject",
                    script: Script.initLog) { stage in
                    let package = Package()
                    return InitLogAppView {
                        HomeView(numbers: stage.numbers) {
                            PackageBarView(package: package)
                        }
                    }
                },
            ])
    }
}

/// The app's root in scenario 10: shows the home view until "Close".
struct InitLogAppView: View {
    let content: () -> any View
    @State private var showContent = true

    init(content: @escaping () -> any View) {
        self.content = content
    }

    var body: ViewContent {
        if showContent {
            content()
        }
        Button("Close") { showContent = false }
    }
}

/// The seed article's `ContentView`: owns its view model with `@StateObject`; the view
/// model refreshes every 2 seconds, re-evaluating this body, which makes the bottom bar's
/// description (`bottomBar`, the variant's line) each time.
struct HomeView: View {
    @StateObject private var viewModel: HomeViewModel
    let bottomBar: () -> any View

    init(numbers: RandomSource, bottomBar: @escaping () -> any View) {
        _viewModel = StateObject(wrappedValue: HomeViewModel(numbers: numbers))
        self.bottomBar = bottomBar
    }

    var body: ViewContent {
        Text("number \(viewModel.number)")
            .task(every: 2) { viewModel.refresh() }
        bottomBar()
    }
}

/// The bottom bar owning its view model; the argument is forwarded as an autoclosure, so
/// the view model — and the store resolve — happen only when the bar is created.
struct BottomBarView: View {
    @StateObject private var viewModel: BottomBarViewModel

    init(viewModel: @autoclosure @escaping () -> BottomBarViewModel) {
        _viewModel = StateObject(wrappedValue: viewModel())
    }

    var body: ViewContent {
        Text("bar count \(viewModel.count)")
        Button("Bar +1") { viewModel.increment() }
    }
}

/// Seed 001's KVO form: the bar's view model observes a KVO-compliant model.
struct PackageBarView: View {
    @StateObject private var viewModel: PackageViewModel

    init(package: Package) {
        _viewModel = StateObject(wrappedValue: PackageViewModel(package: package))
    }

    var body: ViewContent {
        Text("bar count \(viewModel.count)")
        Button("Bar +1") { viewModel.addItem() }
    }
}

/// The bottom bar observing the view model each description was given.
struct ObservedBottomBarView: View {
    @ObservedObject var viewModel: BottomBarViewModel

    var body: ViewContent {
        Text("bar count \(viewModel.count)")
        Button("Bar +1") { viewModel.increment() }
    }
}
