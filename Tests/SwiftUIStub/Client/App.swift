// A compile-only client of ScopedSwiftUI, written as an app would write it: checks that
// the public spellings the docs show type-check against the stub (Swift 6, warnings as
// errors). It never runs.
import Observation
import Scoped
import ScopedSwiftUI
import SwiftUI

@MainActor
final class DetailViewModel: ObservableObject {
    let id: Int
    @Published var name = ""
    @Injected(\.api) var api: any API   // resolves through the view's scope when built for it
    init(id: Int) { self.id = id }
}

@MainActor
final class SettingsViewModel: ObservableObject {}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@Observable
final class CounterViewModel {
    var count: Int
    var note = ""
    init(count: Int) { self.count = count }
}

protocol API: Sendable {}
struct LiveAPI: API {}
struct MockAPI: API {}

final class AppContainer: SharedContainer {
    static let shared = AppContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
}

extension AppContainer {
    @MainActor var settings: MainActorFactory<SettingsViewModel> { self { @MainActor in SettingsViewModel() }.scoped }
}

extension Container {
    var api: Factory<any API> { self { LiveAPI() }.singleton }
    @MainActor var detail: MainActorParameterFactory<Int, DetailViewModel> {
        self { @MainActor id in DetailViewModel(id: id) }.scoped.perParameter
    }
    @MainActor var settings: MainActorFactory<SettingsViewModel> { self { @MainActor in SettingsViewModel() }.scoped }
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    @MainActor func counter(initialValue: Int) -> MainActorFactory<CounterViewModel> {
        self { @MainActor in CounterViewModel(count: initialValue) }.shared
    }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
struct DetailScreen: View {
    @ScopedObject private var viewModel: DetailViewModel
    @ScopedObject(\.settings) private var settings: SettingsViewModel
    @ScopedObject(\AppContainer.settings) private var appSettings: SettingsViewModel
    @Environment(\.container) private var container
    @Environment(\.scopedContainers) private var containers

    init(id: Int) {
        _viewModel = ScopedObject(\.detail, id)
    }

    var body: some View {
        let _: Int = viewModel.id
        let _: SettingsViewModel = settings
        let _: SettingsViewModel = appSettings
        let _: Container = container
        let _: AppContainer = containers[AppContainer.self]
        let _: ObservedObject<DetailViewModel>.Wrapper = $viewModel
        return TextField("Name", text: $viewModel.name)   // a binding through @ScopedObject
    }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
struct CounterSheet: View {
    @ScopedObservable private var viewModel: CounterViewModel

    init(initialValue: Int) {
        _viewModel = ScopedObservable { $0.counter(initialValue: initialValue)() }
    }

    var body: some View {
        let _: Int = viewModel.count
        let _: Bindable<CounterViewModel> = $viewModel
        return TextField("Note", text: $viewModel.note)   // a binding through @ScopedObservable
    }
}

struct Screen: View {
    var body: Never { fatalError() }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
struct Flow: View {
    var body: some View {
        DetailScreen(id: 1)
            .lifetimeScope("detail")
            .lifetimeScope("settings", of: AppContainer.self)
            .container { $0.api.register { MockAPI() } }
            .container(AppContainer.self) { _ = $0 }
            .lifetimeScope("window", of: AppContainer.self)   // a view-owned scope: never child() in body
    }
}

/// `.container(_:)` with a container that something stable holds (here the window's
/// session, made once outside any `body`), never one made in `body`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
struct SessionWindow: View {
    let session: AppContainer

    var body: some View {
        Flow().container(session)
    }
}
