import Scoped
import SwiftUIModel

extension Scenario {
    /// 15. Seed 002's UIKit lifetimes: the app delegate owns the list's view model for the
    /// app's life, the view controller holds it weakly, and every table reload wraps each
    /// row in a new cell view model. Closing the screen releases the cells' view models
    /// (nothing holds them) but not the list's. With Scoped the list's view model is
    /// `.scoped` in a scope the controller opens and closes: it goes with the screen.
    static var uikit: Scenario {
        Scenario(
            number: 15, name: "uikit",
            explanation: "seed 002's UIKit MVVM: the app delegate's list view model outlives its screen, cells get a new one per reload; .scoped goes with the screen",
            group: .uikit, usesScoped: true,
            variants: [
                Variant(
                    label: "app delegate's VM, a new VM per cell",
                    code: #"""
                    final class ArticleAppDelegate: TracedObject {
                        let articleViewModel = ArticleListViewModel()
                    }
                    final class ArticleTableController: TracedObject, ObservableObject {
                        private(set) weak var viewModel: ArticleListViewModel?
                        init(appDelegate: ArticleAppDelegate) {   // viewDidLoad
                            viewModel = appDelegate.articleViewModel
                            viewModel?.delegate = self
                        }
                        func cellViewModels() -> [ArticleCellViewModel] {   // cellForRowAt, every row
                            (viewModel?.titles ?? []).map { ArticleCellViewModel(title: $0) }
                        }
                    }
                    // The presented screen holds the controller; the app delegate, the list's view model
                    """#,
                    verdict: .avoid("the list's view model lives as long as the app delegate: closing the screen keeps it and its state", brief: "the list's VM outlives it"),
                    seed: "002 (\"Researching MVVM in Swift\", UIKit): the app delegate's view model, a view model per cell",
                    script: Script.articles
                ) { (_: Stage) -> any OnModel.View in
                    OnModel.appDelegateArticlesRoot()
                },
                Variant(
                    label: "Scoped .scoped list VM, VM per cell",
                    code: #"""
                    extension Container {
                        var articleList: MainActorFactory<ArticleListViewModel> {
                            self { @MainActor in ArticleListViewModel() }.scoped
                        }
                    }
                    init(container: Container) {   // viewDidLoad
                        let scope = container.child()
                        screenScope = scope
                        viewModel = scope.articleList()
                        viewModel?.delegate = self
                    }
                    deinit {
                        screenScope?.close()
                    }
                    """#,
                    verdict: .use("the list's view model lives in the screen's scope: released when the screen closes", brief: "freed with the screen"),
                    seed: "002 (\"Researching MVVM in Swift\", UIKit), with the list's view model scoped to the screen",
                    script: Script.articles
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.scopedArticlesRoot(stage)
                },
            ])
    }
}

extension OnModel {
    /// Scenario 15's window: a button presents the article screen (as a sheet, standing for
    /// a presented view controller).
    struct ArticleWindow: View {
        let screen: () -> any View
        @State private var showingArticles = false

        var body: some View {
            Button("Show articles") { showingArticles = true }
                .sheet(isPresented: $showingArticles) {
                    AnyView(screen())
                }
        }
    }

    /// The article screen: the view controller in `@StateObject`, a row per cell view model
    /// (`tableView(_:cellForRowAt:)` makes each cell's view model anew; its text is what
    /// the row keeps, as a reused cell would).
    struct ArticleScreen: View {
        @StateObject private var controller: ArticleTableController

        init(controller: @autoclosure @escaping () -> ArticleTableController) {
            _controller = StateObject(wrappedValue: controller())
        }

        var body: some View {
            Text("sorted by \(controller.viewModel?.sortName ?? "-")")
            Button("Sort by date") { controller.viewModel?.sortByDate() }
            ForEach(controller.cellViewModels().map(\.titleText), id: \.self) { title in
                Text(title)
            }
        }
    }

    /// 15.1 on the model of SwiftUI.
    @MainActor
    static func appDelegateArticlesRoot() -> any View {
        let appDelegate = ArticleAppDelegate()
        return ArticleWindow {
            ArticleScreen(controller: ArticleTableController(appDelegate: appDelegate))
        }
    }

    /// 15.2 on the model of SwiftUI.
    @MainActor
    static func scopedArticlesRoot(_ stage: Stage) -> any View {
        let container = stage.makeContainer()
        return ArticleWindow {
            ArticleScreen(controller: ArticleTableController(container: container))
        }
    }
}
