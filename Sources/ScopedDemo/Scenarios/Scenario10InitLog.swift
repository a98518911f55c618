import Scoped
import SwiftUIModel

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
                    script: Script.initLog
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.bottomBarRoot(stage)
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
                    script: Script.initLog
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.observedBottomBarRoot(stage)
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
                    script: Script.initLog
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.packageBarRoot(stage)
                },
            ])
    }
}

/// The app's root in scenario 10: shows the home view until "Close".
extension OnModel {
    /// Scenario 10's app: the home screen until "Close" removes it.
    struct InitLogAppView: View {
        let content: () -> any View
        @State private var showContent = true

        var body: some View {
            if showContent {
                AnyView(content())
            }
            Button("Close") { showContent = false }
        }
    }

    /// Seed 001's home screen: its view model refreshes every 2 s, re-running this body,
    /// which makes the bottom bar's description each time.
    struct HomeView: View {
        @StateObject private var viewModel: HomeViewModel
        let bottomBar: () -> any View

        init(numbers: RandomSource, bottomBar: @escaping () -> any View) {
            _viewModel = StateObject(wrappedValue: HomeViewModel(numbers: numbers))
            self.bottomBar = bottomBar
        }

        var body: some View {
            Text("number \(viewModel.number)")
                .task(every: 2) { viewModel.refresh() }
            AnyView(bottomBar())
        }
    }

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

    struct PackageBarView: View {
        @StateObject private var viewModel: PackageViewModel

        init(package: Package) {
            _viewModel = StateObject(wrappedValue: PackageViewModel(package: package))
        }

        var body: some View {
            Text("bar count \(viewModel.count)")
            Button("Bar +1") { viewModel.addItem() }
        }
    }

    struct ObservedBottomBarView: View {
        @ObservedObject var viewModel: BottomBarViewModel

        var body: some View {
            Text("bar count \(viewModel.count)")
            Button("Bar +1") { viewModel.increment() }
        }
    }

    /// 10.1 on the model of SwiftUI.
    @MainActor
    static func bottomBarRoot(_ stage: Stage) -> any View {
        let container = stage.makeContainer()
        return InitLogAppView {
            HomeView(numbers: stage.numbers) {
                BottomBarView(viewModel: BottomBarViewModel(entryStore: container.entryStore()))
            }
        }
    }

    /// 10.2 on the model of SwiftUI.
    @MainActor
    static func observedBottomBarRoot(_ stage: Stage) -> any View {
        let container = stage.makeContainer()
        return InitLogAppView {
            HomeView(numbers: stage.numbers) {
                ObservedBottomBarView(viewModel: BottomBarViewModel(entryStore: container.entryStore()))
            }
        }
    }

    /// 10.3 on the model of SwiftUI.
    @MainActor
    static func packageBarRoot(_ stage: Stage) -> any View {
        let package = Package()
        return InitLogAppView {
            HomeView(numbers: stage.numbers) {
                PackageBarView(package: package)
            }
        }
    }
}
