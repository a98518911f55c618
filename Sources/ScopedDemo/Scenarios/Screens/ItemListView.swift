/// The list screen of the navigation scenarios (7, 8): shows the feed's number and three
/// rows, each a `NavigationLink` whose destination is made by `destination` — eagerly, on
/// every render, as `NavigationLink(destination:)` does. It re-renders whenever the feed
/// changes, pushed over or not. Its own `.task` (the article's loop, here counting the
/// seconds the list was on screen) stops while a pushed screen covers it.
struct ItemListView: View {
    @ObservedObject var feed: ItemFeed
    let destination: (Int) -> any View
    @State private var secondsOnScreen = 0

    init(feed: ItemFeed, destination: @escaping (Int) -> any View) {
        _feed = ObservedObject(wrappedValue: feed)
        self.destination = destination
    }

    var body: ViewContent {
        Text("number \(feed.number)")
        Text("on screen \(secondsOnScreen)s")
            .task(every: 2) { secondsOnScreen += 2 }
        for id in 1...3 {
            NavigationLink("Item \(id)", destination: destination(id))
        }
    }
}
