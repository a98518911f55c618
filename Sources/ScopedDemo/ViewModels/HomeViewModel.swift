/// The home screen's view model in the init-log scenario (10): refreshes itself every
/// 2 seconds, which re-evaluates the home view's body.
@MainActor
final class HomeViewModel: NumberModel {}
