/// The item list's model in the navigation scenarios (7, 8): a number the app refreshes
/// every 2 seconds from a task that outlives the list's screen (the navigation stack's
/// own), so the list re-renders — and makes its links' destinations again — even while a
/// pushed screen covers it. A service: the summary does not count it.
@MainActor
final class ItemFeed: NumberModel {
    init(numbers: RandomSource) {
        super.init(numbers: numbers, role: .service)
    }
}
