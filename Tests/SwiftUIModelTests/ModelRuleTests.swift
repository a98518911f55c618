// The model's rules, each checked where a user could see it (Tests/SwiftUIModel/README.md
// lists them with Apple's pages). These run on the model alone; no Scoped type is needed.
import Observation
import SwiftUI
import Testing

/// What the views below saw, in order.
@MainActor final class Recorder {
    var lines: [String] = []
    func log(_ line: String) { lines.append(line) }
}

@MainActor final class Store: ObservableObject {
    @Published var value = 0
    let tag: Int
    init(tag: Int = 0) { self.tag = tag }
}

@MainActor @Observable final class Counter {
    var count = 0
    var other = 0
}

// MARK: update() before body: a replaced @ObservedObject goes before the body runs

struct ObservingChild: View {
    @ObservedObject var store: Store
    let recorder: Recorder
    let previous: () -> Store?
    var body: some View {
        let _ = recorder.log("child body \(store.tag): previous alive \(previous() != nil)")
        Text("store \(store.tag)")
    }
}

struct ReplacingParent: View {
    @State private var generation = 1
    let recorder: Recorder
    let tracker: WeakBox<Store>
    var body: some View {
        let store = Store(tag: generation)
        let previous = tracker.object
        let _ = tracker.object = store
        VStack {
            Button("Next") { generation += 1 }
            ObservingChild(store: store, recorder: recorder, previous: { [weak previous] in previous })
        }
    }
}

@MainActor final class WeakBox<T: AnyObject> {
    weak var object: T?
}

// MARK: equal inputs, ObservableObject and @Observable dependencies

struct Label: View {
    let title: String
    var body: some View { Text(title) }
}

struct NonReader: View {
    @ObservedObject var store: Store
    var body: some View { Text("does not read the store") }
}

struct CountReader: View {
    let counter: Counter
    var body: some View { Text("count \(counter.count)") }
}

struct OtherReader: View {
    let counter: Counter
    var body: some View { Text("other \(counter.other)") }
}

struct Dependencies: View {
    @State private var ticks = 0
    @StateObject private var store = Store()
    @State private var counter = Counter()
    var body: some View {
        VStack {
            Text("ticks \(ticks)")
            Button("Tick") { ticks += 1 }
            Button("Change store") { store.value += 1 }
            Button("Count") { counter.count += 1 }
            Label(title: "constant")
            Label(title: "ticks \(ticks)")
            NonReader(store: store)
            CountReader(counter: counter)
            OtherReader(counter: counter)
        }
    }
}

// MARK: ForEach rows after the parent's body

struct RowProbe: View {
    let id: Int
    let recorder: Recorder
    var body: some View {
        let _ = recorder.log("row \(id) body")
        Text("row \(id)")
    }
}

struct ListProbe: View {
    let recorder: Recorder
    var body: some View {
        let _ = recorder.log("list body start")
        let list = List([1, 2, 3], id: \.self) { id in
            let _ = recorder.log("make row \(id)")
            RowProbe(id: id, recorder: recorder)
        }
        let _ = recorder.log("list body end")
        list
    }
}

// MARK: environment values changed after installation

struct ThemeKey: EnvironmentKey {
    static let defaultValue = "light"
}

extension EnvironmentValues {
    var theme: String {
        get { self[ThemeKey.self] }
        set { self[ThemeKey.self] = newValue }
    }
}

struct ThemeReader: View {
    @Environment(\.theme) private var theme
    var body: some View { Text("theme \(theme)") }
}

struct ThemeIgnorer: View {
    var body: some View { Text("no theme") }
}

struct Themed: View {
    @State private var dark = false
    var body: some View {
        VStack {
            Button("Toggle theme") { dark.toggle() }
            VStack {
                ThemeReader()
                ThemeIgnorer()
            }
            .environment(\.theme, dark ? "dark" : "light")
        }
    }
}

// MARK: appearance and tasks

@MainActor final class TaskLog {
    var started = 0
    var cancelled = 0
}

struct Detail: View {
    let recorder: Recorder
    let tasks: TaskLog
    @StateObject private var store: Store
    init(recorder: Recorder, tasks: TaskLog) {
        self.recorder = recorder
        self.tasks = tasks
        recorder.log("Detail.init")
        _store = StateObject(wrappedValue: Store(tag: 7))
    }
    var body: some View {
        Text("detail")
            .onAppear { recorder.log("detail appear") }
            .onDisappear { recorder.log("detail disappear") }
            .task {
                tasks.started += 1
                try? await Task.sleep(for: .seconds(3600))
                if Task.isCancelled { tasks.cancelled += 1 }
            }
    }
}

struct Navigator: View {
    @State private var ticks = 0
    let recorder: Recorder
    let tasks: TaskLog
    var body: some View {
        NavigationStack {
            VStack {
                Button("Tick") { ticks += 1 }
                NavigationLink("Detail") { Detail(recorder: recorder, tasks: tasks) }
            }
            .onAppear { recorder.log("root appear") }
            .onDisappear { recorder.log("root disappear") }
        }
    }
}

// MARK: a closure handed on unchanged is the same input; one made anew is not

struct ClosureRow: View {
    let title: String
    let onTap: () -> Void
    var body: some View { Button(title, action: onTap) }
}

struct ClosureHoldingRoot: View {
    let open: () -> Void
    var body: some View {
        VStack {
            ClosureRow(title: "Kept", onTap: open)                 // the stored closure, handed on
            ClosureRow(title: "Made", onTap: { open() })           // a closure made by this body
            NavigationLink("Push", destination: Text("pushed"))
        }
    }
}

struct ClosureStack: View {
    @State private var ticks = 0
    var body: some View {
        let seen = ticks
        NavigationStack {
            ClosureHoldingRoot(open: { _ = seen })                  // a new context each body run
        }
        Button("Tick") { ticks += 1 }
        Text("ticks \(ticks)")
    }
}

@MainActor @Suite struct ModelRuleTests {
    /// DynamicProperty.update() runs before body: the child's body never sees the object
    /// the previous description brought (issue #39's point on scenario 9.4).
    @Test func aReplacedObservedObjectIsReleasedBeforeTheChildsBodyRuns() {
        let recorder = Recorder()
        let graph = ViewGraph(ReplacingParent(recorder: recorder, tracker: WeakBox()))
        graph.tap("Next")
        graph.tap("Next")
        #expect(recorder.lines == [
            "child body 1: previous alive false",
            "child body 2: previous alive false",
            "child body 3: previous alive false",
        ])
    }

    /// A navigation stack's own update (a push, a pop) hands its root the same description:
    /// the root's closure is the same value, so its body is not re-run (on the old rule,
    /// closures never equal, it re-ran at each). A body that runs makes its closures anew:
    /// the root and both rows re-run.
    @Test func aClosureHandedOnUnchangedIsTheSameInputAndOneMadeAnewIsNot() {
        let graph = ViewGraph(ClosureStack())
        #expect(graph.bodyCount("ClosureHoldingRoot") == 1)
        graph.tap("Push")
        #expect(graph.bodyCount("ClosureHoldingRoot") == 1)      // the push re-ran no body of the root
        graph.pop()
        #expect(graph.bodyCount("ClosureHoldingRoot") == 1)
        graph.tap("Tick")                                        // ClosureStack's body makes a new root closure
        #expect(graph.bodyCount("ClosureHoldingRoot") == 2)
        #expect(graph.bodyCount("ClosureRow") == 4)              // both rows again: "Made"'s closure is new, and
                                                                 // "Kept" is handed the root's new `open`
    }

    @Test func equalInputsSkipTheBodyAndChangedOnesRunIt() {
        let graph = ViewGraph(Dependencies())
        #expect(graph.bodyCount("Label") == 2)
        graph.tap("Tick")
        #expect(graph.bodyCount("Dependencies") == 2)
        #expect(graph.bodyCount("Label") == 3)                  // only "ticks 1" ran again
        #expect(graph.bodyCount("NonReader") == 1)              // same store: equal inputs
        #expect(graph.bodyCount("CountReader") == 1)
    }

    @Test func aViewHoldingAnObservableObjectRerendersWhenItChangesEvenIfItsBodyDoesNotReadIt() {
        let graph = ViewGraph(Dependencies())
        graph.tap("Change store")
        #expect(graph.bodyCount("NonReader") == 2)
        #expect(graph.bodyCount("Dependencies") == 2)           // holds it in @StateObject
    }

    @Test func anObservableChangeRerendersOnlyTheBodiesThatReadThatProperty() {
        let graph = ViewGraph(Dependencies())
        graph.tap("Count")
        #expect(graph.texts.contains("count 1"))
        #expect(graph.bodyCount("CountReader") == 2)
        #expect(graph.bodyCount("OtherReader") == 1)
        #expect(graph.bodyCount("Dependencies") == 1)           // holds it in State, reads no property
    }

    @Test func forEachRowsAreBuiltAfterTheListsBodyOneAtATime() {
        let recorder = Recorder()
        _ = ViewGraph(ListProbe(recorder: recorder))
        #expect(recorder.lines == [
            "list body start", "list body end",
            "make row 1", "row 1 body", "make row 2", "row 2 body", "make row 3", "row 3 body",
        ])
    }

    @Test func anEnvironmentValueChangedAfterInstallationRerendersItsReadersOnly() {
        let graph = ViewGraph(Themed())
        #expect(graph.texts.contains("theme light"))
        graph.tap("Toggle theme")
        #expect(graph.texts.contains("theme dark"))
        #expect(graph.bodyCount("ThemeReader") == 2)
        #expect(graph.bodyCount("ThemeIgnorer") == 1)
    }

    @Test func aNavigationLinkMakesItsDestinationEagerlyAndBuildsItsStateOnPushOnly() async {
        let recorder = Recorder()
        let tasks = TaskLog()
        let graph = ViewGraph(Navigator(recorder: recorder, tasks: tasks))
        graph.tap("Tick")
        #expect(recorder.lines == ["Detail.init", "root appear", "Detail.init"])
        #expect(graph.bodyCount("Detail") == 0)
        graph.tap("Detail")
        #expect(recorder.lines.suffix(2) == ["root disappear", "detail appear"])
        #expect(graph.bodyCount("Detail") == 1)
        graph.tearDown()                                        // cancels the detail's task
        for _ in 0..<1000 where tasks.cancelled == 0 { await Task.yield() }
        #expect(tasks.cancelled == 1)
    }

    @Test func aTaskStartsOnAppearAndIsCancelledWhenItsViewDisappears() async {
        let recorder = Recorder()
        let tasks = TaskLog()
        let graph = ViewGraph(Navigator(recorder: recorder, tasks: tasks))
        graph.tap("Detail")
        for _ in 0..<1000 where tasks.started == 0 { await Task.yield() }
        #expect(tasks.started == 1)
        graph.pop()
        #expect(recorder.lines.suffix(2) == ["detail disappear", "root appear"])
        for _ in 0..<1000 where tasks.cancelled == 0 { await Task.yield() }
        #expect(tasks.cancelled == 1)
    }
}
