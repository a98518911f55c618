/// The seeds' questions the default output groups its rows under. Each group asks one
/// yes/no question of every variant in it; the answer is measured on the run, and the
/// verdict of a row hinges on it.
enum ScenarioGroup: Int, Sendable, CaseIterable {
    /// Scenarios 1–6: seed 004's counter sheet over a parent that re-renders every 2 s.
    case counterSheet
    /// Scenarios 7, 8, 11: seed 004's and 003's eager NavigationLink destinations.
    case navigationLink
    /// Scenario 9: seed 000's multilevel MVVM, children hidden and shown again.
    case multilevel
    /// Scenario 12: seed 003's previews.
    case previews
    /// Scenario 10: seed 001's init log.
    case initLog
    /// Scenario 14: seed 004's conclusion, work in `onAppear`/`onDisappear`.
    case work
    /// Scenario 15: seed 002's UIKit lifetimes.
    case uikit

    /// The group's line in the table: the seed and its question.
    var question: String {
        switch self {
        case .counterSheet: "counter sheet (004): does the count survive the parent's re-render?"
        case .navigationLink: "NavigationLink (004, 003): is the detail view model built only on push?"
        case .multilevel: "multilevel (000): does child A's count survive hiding and showing it?"
        case .previews: "previews (003): does the preview run production view-model code?"
        case .initLog: "init log (001): is the bar's view model built once, by its own view?"
        case .work: "work (004): does a view model's subscription run only while its screen shows?"
        case .uikit: "UIKit (002): is every view model the screen showed released when it closes?"
        }
    }

    /// The answer for one run (nil: not measured).
    func answer(_ result: VariantResult) -> Bool? {
        switch self {
        case .counterSheet, .multilevel: result.stateKept
        case .navigationLink, .initLog: result.builtLazily
        case .previews: result.productionInstances > 0
        case .work: result.subscriptionsFollowTheScreen
        case .uikit: result.releasedOnDismiss
        }
    }
}
