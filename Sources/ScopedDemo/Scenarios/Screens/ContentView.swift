/// The parent screen of the counter-sheet scenarios (1–6), after the article: a timer
/// picks a new random number every 2 seconds (re-rendering this view), and a button
/// presents a sheet whose counter starts at that number.
///
/// `counter` is the one line each scenario changes: how the sheet's counter view gets its
/// view model. It runs inside the sheet's content closure, that is, while this view
/// renders.
struct ContentView: View {
    let numbers: RandomSource
    let counter: (Int) -> any View
    @State private var number = 0
    @State private var showingSheet = false

    init(numbers: RandomSource, counter: @escaping (Int) -> any View) {
        self.numbers = numbers
        self.counter = counter
    }

    var body: ViewContent {
        Text("number \(number)")
            .task(every: 2) { number = numbers.next() }
        Button("Show counter") { showingSheet = true }
            .sheet(isPresented: $showingSheet) {
                counter(number)
            }
    }
}
