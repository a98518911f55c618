/// The list screen of the navigation scenarios (7, 8): a timer re-renders it every
/// 2 seconds, and each of its three rows is a `NavigationLink` whose destination is made
/// by `destination` — eagerly, on every render, as `NavigationLink(destination:)` does.
struct ItemListView: View {
    let numbers: RandomSource
    let destination: (Int) -> any View
    @State private var number = 0

    init(numbers: RandomSource, destination: @escaping (Int) -> any View) {
        self.numbers = numbers
        self.destination = destination
    }

    var body: ViewContent {
        Text("number \(number)")
            .task(every: 2) { number = numbers.next() }
        for id in 1...3 {
            NavigationLink("Item \(id)", destination: destination(id))
        }
    }
}
