import Scoped
import ScopedSwiftUIOnModel
import SwiftUIModel

extension Scenario {
    /// 16. The leak check: a pushed screen's `.scoped` view model hands a refresh handler to
    /// an app-wide `.cached` feed in its `init`. A handler that captures `self` keeps the
    /// view model alive after the pop closes the screen's scope — it goes on refreshing a
    /// screen nobody sees (seed 004's work for screens nobody sees; seed 002's view models
    /// whose `deinit` never runs). Scoped released it, saw it still alive, and reports it
    /// by name: the `scoped.leaked` line. With `[weak self]`, the pop frees it.
    ///
    /// Not in the summary or `--list` (the fifteen scenarios there compare ways of making
    /// view models); run it with `--scenario leak-check` (or 16).
    static var leakCheck: Scenario {
        Scenario(
            number: 16, name: "leak-check",
            explanation: "a .scoped view model captured by an app-wide feed after its screen closed: reported as leaked",
            group: .navigationLink, usesScoped: true,
            variants: [
                variant(
                    weakly: false, label: "handler captures self: leaked", capture: "{ self.refresh() }",
                    verdict: .avoid("the feed's handler keeps the view model after the pop: Scoped reports it as leaked", brief: "leaked on pop"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): work for a screen nobody sees; 002: a deinit that never runs"),
                variant(
                    weakly: true, label: "handler with [weak self]: released", capture: "{ [weak self] in self?.refresh() }",
                    verdict: .use("the handler does not keep the view model: the pop frees it, nothing leaks", brief: "freed on pop"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): work for a screen nobody sees"),
            ])
    }

    private static func variant(weakly: Bool, label: String, capture: String, verdict: Verdict, seed: String) -> Variant {
        Variant(label: label, code: code(capture: capture), verdict: verdict, seed: seed, script: Script.navigation
        ) { (stage: Stage) -> any OnModel.View in
            guard #available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *) else { fatalError(OnModel.needsMacOS11) }
            return OnModel.feedDetailRoot(stage, weakly: weakly)
        }
    }

    private static func code(capture: String) -> String {
        CardCode.itemList(destination: #"FeedDetailView(id: id).lifetimeScope("detail")"#) + "\n" + """
            extension Container {
                var feed: MainActorFactory<ItemFeedHub> { self { @MainActor in ItemFeedHub() }.cached }
                var feedDetail: MainActorParameterFactory<Int, FeedDetailViewModel> {
                    self { @MainActor id in FeedDetailViewModel(id: id, feed: self.feed()) }.scoped.perParameter
                }
            }
            final class FeedDetailViewModel: ObservableObject {
                init(id: Int, feed: ItemFeedHub) {
                    feed.onChange \(capture)
                }
            }
            """
    }
}

/// An app-wide feed (`.cached` on the root): keeps every handler it is given.
@MainActor
final class ItemFeedHub {
    private var handlers: [() -> Void] = []
    func onChange(_ handler: @escaping () -> Void) { handlers.append(handler) }
}

/// A pushed item screen's view model that listens to the feed.
@MainActor
final class FeedDetailViewModel: CountingViewModel {
    let id: Int

    init(id: Int, feed: ItemFeedHub, weakly: Bool) {
        self.id = id
        super.init(initialCount: 0, detail: "id: \(id)")
        if weakly {
            feed.onChange { [weak self] in self?.refresh() }
        } else {
            feed.onChange { self.refresh() }   // the leak: the feed keeps the view model
        }
    }

    func refresh() {}
}

extension Container {
    /// Scenario 16: the app-wide feed.
    @MainActor
    var feed: MainActorFactory<ItemFeedHub> { self { @MainActor in ItemFeedHub() }.cached }

    /// Scenario 16: a pushed item screen's view model that listens to the feed.
    @MainActor
    func feedDetail(weakly: Bool) -> MainActorParameterFactory<Int, FeedDetailViewModel> {
        self { @MainActor id in FeedDetailViewModel(id: id, feed: self.feed(), weakly: weakly) }.scoped.perParameter
    }
}

extension OnModel {
    /// Scenario 16 on the model of SwiftUI, with the shipped `.lifetimeScope`,
    /// `@ScopedObject` and `.container`.
    @MainActor @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
    static func feedDetailRoot(_ stage: Stage, weakly: Bool) -> any View {
        ItemsStackView(numbers: stage.numbers) { id in
            FeedDetailView(id: id, weakly: weakly).lifetimeScope("detail")
        }
        .container(stage.makeContainer())
    }
}
