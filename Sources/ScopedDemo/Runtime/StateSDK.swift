/// Which `@State` the simulated app is built with.
///
/// Fact modelled here, and an assumption, kept apart (issue #32):
/// - Stated by Apple: `State(initialValue:)` is a *macro* when building with Xcode 27 (its
///   declaration attaches `init`, `get` and `set` accessors and `_`-prefixed peers), and
///   "When you build with Xcode 26 or earlier, the system uses the State property wrapper
///   instead" (https://developer.apple.com/documentation/swiftui/state(initialvalue:)). The
///   property wrapper receives its initial value already evaluated, with every view
///   description (`State.init(wrappedValue:)`,
///   https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)).
/// - Assumed by the demo, stated nowhere: that the macro keeps the initial-value
///   expression unevaluated until the view's storage is created (once per identity,
///   lazily, as `@StateObject`'s autoclosure does). Under init-accessor rules a value
///   assigned in `init` (scenario 5's `viewModel = CounterViewModel(…)`) is evaluated
///   there, which would make Xcode 27 as eager as Xcode 26.
/// - What would confirm it: an app built with Xcode 27 whose view model logs one `init` per
///   presentation, not one per parent render, in scenario 5's code.
///
/// `--sdk 26|27` picks one; every output of `--sdk 27` carries ``assumption``.
enum StateSDK: Int, Sendable, CaseIterable {
    /// Xcode 26 and earlier: the `@State` property wrapper, eager initial value.
    case xcode26 = 26
    /// Xcode 27: the `@State` macro, its initial value *assumed* lazy.
    case xcode27 = 27

    /// What every `--sdk 27` output says of itself, in one line of at most 100 columns.
    static let assumption = "ASSUMED (--sdk 27): Apple states only that @State becomes a macro with an init "
        + "accessor;\n  the lazy initial value is this demo's assumption. Confirm: an Xcode 27 build that logs "
        + "one init\n  per presentation in scenario 5's code."

    /// How the summary and the headers name it.
    var summary: String {
        switch self {
        case .xcode26: "@State built with Xcode 26 (property wrapper: initial value eager)"
        case .xcode27: "@State built with Xcode 27 (macro: initial value ASSUMED lazy, unconfirmed)"
        }
    }
}
