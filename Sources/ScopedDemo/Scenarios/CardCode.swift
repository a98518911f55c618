/// Code that several cards show: the parent screens the scenarios share, as the simulation
/// runs them (CardCodeTests checks every line against the sources). The scenario's own
/// line goes where the shared screen calls its closure.
enum CardCode {
    /// Seed 004's parent screen (scenarios 1–6, ContentView.swift): its `.task` picks a new
    /// `number` every 2 s and its body reads it, so it re-renders; `sheet` is the line that
    /// makes the sheet's content.
    static func contentView(sheet: String) -> String {
        lines([
            #"struct ContentView: View {"#,
            #"    @State private var number = 0"#,
            #"    @State private var showingSheet = false"#,
            #"    var body: some View {"#,
            #"        Text("number \(number)")"#,
            #"            .task { while true { try? await Task.sleep(for: .seconds(2)); number = numbers.next() } }"#,
            #"        Button("Show counter") { showingSheet = true }"#,
            #"            .sheet(isPresented: $showingSheet) {"#,
            #"                "# + sheet,
            #"            }"#,
            #"    }"#,
            #"}"#,
        ])
    }

    /// The item list of the navigation scenarios (7, 8, 11; ItemListView.swift): every
    /// render makes each row's destination (`destination(id)`, then `destination`); its own
    /// `.task` restarts when a pop uncovers it, so it re-renders at t9. The stack above it
    /// refreshes the feed every 2 s (ItemsStackView.swift).
    static func itemList(destination: String) -> String {
        lines([
            #"struct ItemListView: View {"#,
            #"    @ObservedObject var feed: ItemFeed"#,
            #"    @State private var secondsOnScreen = 0"#,
            #"    var body: some View {"#,
            #"        Text("number \(feed.number)")"#,
            #"        Text("on screen \(secondsOnScreen)s")"#,
            #"            .task { while true { try? await Task.sleep(for: .seconds(2)); secondsOnScreen += 2 } }"#,
            #"        ForEach(1...3, id: \.self) { id in"#,
            #"            NavigationLink("Item \(id)", destination: destination(id))"#,
            #"        }"#,
            #"    }"#,
            #"}"#,
            #"// ItemsStackView's .task refreshes the feed every 2 s; every list render makes, per row:"#,
            destination,
        ])
    }

    /// Scenario 9's parent screen without Scoped (OnModel/MultilevelScreens.swift):
    /// `children` are the row's lines that make its child views.
    static func parentScreen(children: [String]) -> String {
        lines([
            #"struct ParentScreen<Children: View>: View {"#,
            #"    @StateObject private var viewModel: ParentViewModel"#,
            #"    @State private var showChildren = true"#,
            #"    let children: (ParentViewModel) -> Children"#,
            #"    var body: some View {"#,
            #"        Text("number \(viewModel.number) · total \(viewModel.total)")"#,
            #"            .task { while true { try? await Task.sleep(for: .seconds(2)); viewModel.pickNumber() } }"#,
            #"        Button("Toggle children") { showChildren.toggle() }"#,
            #"        if showChildren {"#,
            #"            children(viewModel)"#,
            #"        }"#,
            #"    }"#,
            #"}"#,
            #"// children(viewModel), in this row:"#,
        ] + children)
    }

    /// A counter screen's body, as the sheet scenarios write it.
    static let counterBody = lines([
        #"    var body: some View {"#,
        #"        Text("count \(viewModel.count)")"#,
        #"        Button("Increment") { viewModel.increment() }"#,
        #"    }"#,
        #"}"#,
    ])

    /// A pushed item screen's body (scenarios 7, 8, 11).
    static let detailBody = lines([
        #"    var body: some View {"#,
        #"        Text("item \(viewModel.id)")"#,
        #"        Text("count \(viewModel.count)")"#,
        #"        Button("Increment") { viewModel.increment() }"#,
        #"    }"#,
        #"}"#,
    ])

    private static func lines(_ lines: [String]) -> String {
        lines.joined(separator: "\n")
    }
}
