/// Which `@State` the simulated app is built with.
///
/// Fact modelled here: Apple documents `State(initialValue:)` as a *macro* when building
/// with Xcode 27, and notes that "When you build with Xcode 26 or earlier, the system uses
/// the State property wrapper instead" (https://developer.apple.com/documentation/swiftui/state(initialvalue:)).
/// The property wrapper receives its initial value already evaluated — with every view
/// description (`State.init(wrappedValue:)`,
/// https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)) — while
/// the macro, which writes the property's accessors and storage itself (its declaration
/// attaches `init`, `get` and `set` accessors and `_`-prefixed peers), is modelled as
/// keeping the initial-value expression unevaluated until the view's storage is created:
/// once per view identity, lazily, as `@StateObject`'s autoclosure does. That laziness is
/// #17's reading of the page; the part quoted above is what it states outright.
/// `--sdk 26|27` picks one.
enum StateSDK: Int, Sendable, CaseIterable {
    /// Xcode 26 and earlier: the `@State` property wrapper, eager initial value.
    case xcode26 = 26
    /// Xcode 27: the `@State` macro, lazy initial value.
    case xcode27 = 27

    /// How the summary and the headers name it.
    var summary: String {
        switch self {
        case .xcode26: "@State built with Xcode 26 (property wrapper: initial value eager)"
        case .xcode27: "@State built with Xcode 27 (macro: initial value lazy)"
        }
    }
}
