// Issue #39's three disagreements between the demo's simulation and a second opinion,
// settled on the model with the shapes of the demo's scenarios (9.4, 14 with ForEach,
// 9.2's equal inputs and 14's non-reading holders) and Apple's pages:
// - DynamicProperty.update() "before rendering a view's body": a replaced @ObservedObject
//   goes before the child's body runs (developer.apple.com/documentation/swiftui/
//   dynamicproperty/update()).
// - ForEach "computes views on demand" (…/swiftui/foreach): rows are made after the list's
//   body, one at a time.
// - EquatableView / ObservedObject (…/swiftui/equatableview, …/swiftui/observedobject):
//   equal inputs skip a body; a holder of an ObservableObject re-renders on every change.
import SwiftUI
import Testing

/// Counts the instances of one kind alive at once.
@MainActor final class Census {
    private(set) var alive = 0
    private(set) var maxAlive = 0
    private(set) var built = 0
    func didInit() {
        built += 1
        alive += 1
        maxAlive = max(maxAlive, alive)
    }
    func didDeinit() { alive -= 1 }
}

// MARK: Scenario 9.4: @ObservedObject children, three levels

@MainActor final class LevelParentModel: ObservableObject {
    @Published var number = 0
    @Published var total = 0
}

@MainActor final class LevelChildModel: ObservableObject {
    let label: String
    let census: Census
    @Published var count = 0
    init(label: String, census: Census) {
        self.label = label
        self.census = census
        census.didInit()
    }
    isolated deinit { census.didDeinit() }
}

struct LevelChildView: View {
    @ObservedObject var viewModel: LevelChildModel
    let parent: LevelParentModel
    let childLabel: String?
    let census: Census
    var body: some View {
        VStack {
            Text("\(viewModel.label) count \(viewModel.count)")
            Button("\(viewModel.label) +1") {
                viewModel.count += 1
                parent.total += 1
            }
            if let childLabel {
                LevelChildView(viewModel: LevelChildModel(label: childLabel, census: census), parent: parent,
                               childLabel: nil, census: census)
            }
        }
    }
}

struct LevelParentScreen: View {
    @StateObject private var viewModel = LevelParentModel()
    @State private var showChildren = true
    let census: Census
    var body: some View {
        VStack {
            Text("number \(viewModel.number) · total \(viewModel.total)")
            Button("Pick") { viewModel.number += 13 }
            Button("Toggle children") { showChildren.toggle() }
            if showChildren {
                LevelChildView(viewModel: LevelChildModel(label: "A", census: census), parent: viewModel,
                               childLabel: "A.1", census: census)
                LevelChildView(viewModel: LevelChildModel(label: "B", census: census), parent: viewModel,
                               childLabel: nil, census: census)
            }
        }
    }
}

struct LevelApp: View {
    @State private var showingParent = false
    let census: Census
    var body: some View {
        Button("Open parent screen") { showingParent = true }
            .sheet(isPresented: $showingParent) { LevelParentScreen(census: census) }
    }
}

// MARK: Scenario 14 with ForEach: work in init, rows in a list

@MainActor final class FeedModel: ObservableObject {
    @Published var number = 0
}

@MainActor final class WorkModel {
    let census: Census
    init(census: Census) {
        self.census = census
        census.didInit()
    }
    isolated deinit { census.didDeinit() }
}

struct InitWorkDetail: View {
    @State private var viewModel: WorkModel
    init(id: Int, census: Census) { _viewModel = State(wrappedValue: WorkModel(census: census)) }
    var body: some View { Text("detail") }
}

struct WorkList: View {
    @ObservedObject var feed: FeedModel
    let census: Census
    var body: some View {
        VStack {
            Text("number \(feed.number)")
            Button("Refresh") { feed.number += 1 }
            ForEach(1...3, id: \.self) { id in
                NavigationLink("Item \(id)") { InitWorkDetail(id: id, census: census) }
            }
        }
    }
}

struct WorkStack: View {
    let feed: FeedModel
    let census: Census
    var body: some View {
        NavigationStack { WorkList(feed: feed, census: census) }
    }
}

// MARK: Scenario 9.2: the parent's view model owns its children (three levels)

@MainActor final class OwnedChild: ObservableObject {
    let label: String
    let children: [OwnedChild]
    let onIncrement: () -> Void
    @Published var count = 0
    init(label: String, children: [OwnedChild] = [], onIncrement: @escaping () -> Void) {
        self.label = label
        self.children = children
        self.onIncrement = onIncrement
    }
    func increment() {
        count += 1
        onIncrement()
    }
}

@MainActor final class OwningParent: ObservableObject {
    @Published var total = 0
    private(set) var children: [OwnedChild] = []
    init() {
        let tap = { [unowned self] in self.total += 1 }
        children = [OwnedChild(label: "A", children: [OwnedChild(label: "A.1", onIncrement: tap)], onIncrement: tap),
                    OwnedChild(label: "B", onIncrement: tap)]
    }
}

struct OwnedChildRow: View {
    @ObservedObject var viewModel: OwnedChild
    var body: some View {
        VStack {
            Text("\(viewModel.label) count \(viewModel.count)")
            Button("\(viewModel.label) +1") { viewModel.increment() }
            ForEach(viewModel.children, id: \.label) { child in OwnedChildRow(viewModel: child) }
        }
    }
}

struct OwningParentView: View {
    @StateObject private var viewModel = OwningParent()
    var body: some View {
        VStack {
            Text("total \(viewModel.total)")
            ForEach(viewModel.children, id: \.label) { child in OwnedChildRow(viewModel: child) }
        }
    }
}

// MARK: Scenario 14's stack: holds the feed, never reads it

struct FeedHolder: View {
    @StateObject private var feed = FeedModel()
    var body: some View {
        NavigationStack { FeedReader(feed: feed) }
    }
}

struct FeedReader: View {
    @ObservedObject var feed: FeedModel
    var body: some View {
        VStack {
            Text("number \(feed.number)")
            Button("Refresh") { feed.number += 1 }
        }
    }
}

@MainActor @Suite struct DisagreementTests {
    /// 9.4: the demo says max alive 7; on the model a replaced child model goes in
    /// `update()`, before the child's body makes the next level's model: 6.
    @Test func multilevelObservedObjectChildrenPeakAtSixAlive() {
        let census = Census()
        let graph = ViewGraph(LevelApp(census: census))
        graph.tap("Open parent screen")
        #expect(census.alive == 3)                              // A, A.1, B
        graph.tap("A +1")                                       // A re-renders, the parent too (total)
        graph.tap("Pick")
        graph.tap("Toggle children")
        #expect(census.alive == 0)
        graph.tap("Toggle children")
        graph.tap("Pick")
        graph.dismissSheet()
        #expect(census.alive == 0)
        #expect(census.maxAlive == 6)
    }

    /// 14 with `ForEach`: the demo builds the three destinations in the list's body (max
    /// alive 7); on the model each row's link is made after the body, one at a time, and
    /// the row's previous destination goes before the next row is made: 5 with one pushed.
    @Test func forEachRowsOfEagerLinksPeakAtFiveAliveWithOnePushed() {
        let census = Census()
        let feed = FeedModel()                                  // the demo's timer-driven feed
        let graph = ViewGraph(WorkStack(feed: feed, census: census))
        #expect(census.alive == 3)
        graph.tap("Refresh")
        #expect(census.maxAlive == 4)                           // 3 old + the first new row's
        graph.tap("Item 1")                                     // the pushed node keeps the first value
        graph.pop()
        graph.tap("Item 2")
        feed.number += 1                                        // pushed over: the list still re-renders
        graph.flush()
        #expect(census.maxAlive == 5)
        graph.tearDown()
        #expect(census.alive == 0)
    }

    /// 9.2 at tick 2 ("A +1"): the demo re-runs all three child bodies; on the model only A
    /// (its object changed) and the parent (its total) run; B and A.1 get equal inputs.
    @Test func ownedChildrenWithEqualInputsAreNotReevaluated() {
        let graph = ViewGraph(OwningParentView())
        #expect(graph.bodyCount("OwnedChildRow") == 3)
        graph.tap("A +1")
        #expect(graph.texts.contains("total 1"))
        #expect(graph.bodyCount("OwningParentView") == 2)
        #expect(graph.bodyCount("OwnedChildRow") == 4)          // A only, once
    }

    /// 14: the stack holds the feed in `@StateObject` and never reads it; it re-renders on
    /// every change all the same ("invalidates a view whenever the observable object
    /// changes"), where the demo re-renders readers only.
    @Test func aStackHoldingTheFeedRerendersWithoutReadingIt() {
        let graph = ViewGraph(FeedHolder())
        graph.tap("Refresh")
        #expect(graph.bodyCount("FeedHolder") == 2)
        #expect(graph.bodyCount("FeedReader") == 2)             // once, not twice
    }
}
