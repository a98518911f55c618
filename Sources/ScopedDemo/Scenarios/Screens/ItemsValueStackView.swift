/// The root of the value-based variant of scenario 11: a navigation stack over a path of
/// item ids, whose rows are `NavigationLink(_:value:)`s and whose destination is made from
/// the pushed id. The stack's `.task` refreshes the feed, as in ItemsStackView.
struct ItemsValueStackView: View {
    @StateObject private var feed: ItemFeed
    @State private var path: [Int] = []
    let destination: (Int) -> any View

    init(numbers: RandomSource, destination: @escaping (Int) -> any View) {
        _feed = StateObject(wrappedValue: ItemFeed(numbers: numbers))
        self.destination = destination
    }

    var body: ViewContent {
        ValueNavigationStack(path: $path, root: ValueItemListView(feed: feed, path: $path), destination: destination)
            .task(every: 2) { feed.refresh() }
    }
}

/// The list of the value-based variant: its rows carry ids, nothing else.
struct ValueItemListView: View {
    @ObservedObject var feed: ItemFeed
    let path: Binding<[Int]>

    init(feed: ItemFeed, path: Binding<[Int]>) {
        _feed = ObservedObject(wrappedValue: feed)
        self.path = path
    }

    var body: ViewContent {
        Text("number \(feed.number)")
        for id in 1...3 {
            ValueNavigationLink(title: "Item \(id)", value: id, path: path)
        }
    }
}
