/// The root of the navigation scenarios (7, 8): a navigation stack holding the item list.
/// The stack stays on screen whatever is pushed, so its `.task` keeps refreshing the
/// feed; the list re-renders from that model even while it is covered.
struct ItemsStackView: View {
    @StateObject private var feed: ItemFeed
    let destination: (Int) -> any View

    init(numbers: RandomSource, destination: @escaping (Int) -> any View) {
        _feed = StateObject(wrappedValue: ItemFeed(numbers: numbers))
        self.destination = destination
    }

    var body: ViewContent {
        NavigationStack {
            ItemListView(feed: feed, destination: destination)
        }
        .task(every: 2) { feed.refresh() }
    }
}
