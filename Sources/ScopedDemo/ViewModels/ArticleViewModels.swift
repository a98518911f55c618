import Scoped

/// Seed 002's UIKit MVVM (scenario 15): who owns a view model is the app's choice, not the
/// framework's. The app delegate creates the article list's view model and holds it for the
/// app's life; the view controller takes a *weak* reference to it and becomes its (weak)
/// delegate; `tableView(_:cellForRowAt:)` wraps each row's article in a new view model
/// every time the table asks for the cell. Plain Swift stands in for UIKit.
@MainActor
final class ArticleAppDelegate: TracedObject {
    /// The list's view model, held strongly for the app's life.
    let articleViewModel = ArticleListViewModel()

    init() {
        super.init(role: .service)
    }
}

/// The article list's view model: sorts the articles and tells its delegate to reload.
@MainActor
final class ArticleListViewModel: TracedObject, ObservableObject {
    /// The view controller to tell (weak, as the seed's `articleDelegate`).
    weak var delegate: ArticleTableController?
    private var sortedByDate = false
    private let articles = [("Great Swift Article", 18), ("Excellent Objective-c", 6), ("Awesome Python Article", 14), ("JavaScript Article", 10)]

    /// The order the segmented control picked.
    var sortName: String {
        observation.access()
        return sortedByDate ? "date" : "title"
    }

    /// The articles' titles in that order.
    var titles: [String] {
        observation.access()
        let sorted = sortedByDate ? articles.sorted { $0.1 < $1.1 } : articles.sorted { $0.0 < $1.0 }
        return sorted.map(\.0)
    }

    /// The segmented control switched to date: re-sort, and the delegate reloads the table.
    func sortByDate() {
        observation.willChange()
        sortedByDate = true
        delegate?.resetTableData()
    }
}

/// One table cell's view model: made per row, per reload, and dropped with the call.
@MainActor
final class ArticleCellViewModel: TracedObject {
    private let title: String

    init(title: String) {
        self.title = title
        super.init(detail: "article: \(title)")
    }

    /// The cell's title text.
    var titleText: String {
        observation.access()
        return title
    }
}

/// The view controller (a service in the summary's terms): its view model reference is
/// weak; the table asks it for cells.
@MainActor
final class ArticleTableController: TracedObject, ObservableObject {
    /// The list's view model, held weakly: someone else must keep it alive.
    private(set) weak var viewModel: ArticleListViewModel?
    /// Seed 002 as written holds nothing; with Scoped, the screen's lifetime scope, closed
    /// when the controller goes.
    private let screenScope: Container?

    /// `viewDidLoad` with seed 002's app delegate: take its view model, become its delegate.
    init(appDelegate: ArticleAppDelegate) {
        screenScope = nil
        super.init(role: .service)
        viewModel = appDelegate.articleViewModel
        viewModel?.delegate = self
    }

    /// `viewDidLoad` with Scoped: the view model is `.scoped` in a child scope of the
    /// controller's, released when the controller goes.
    init(container: Container) {
        let scope = container.child()
        screenScope = scope
        super.init(role: .service)
        viewModel = scope.articleList()
        viewModel?.delegate = self
    }

    deinit {
        screenScope?.close()
    }

    /// The delegate callback: the table reloads (its view re-renders, asking for cells):
    /// the controller announces a change, which re-renders the screen holding it.
    func resetTableData() {
        observation.willChange()
    }

    /// `tableView(_:cellForRowAt:)` for every visible row: a new view model per cell.
    func cellViewModels() -> [ArticleCellViewModel] {
        (viewModel?.titles ?? []).map { ArticleCellViewModel(title: $0) }
    }
}
