import Testing
@testable import ScopedDemo

/// `onAppear`/`onDisappear` and `.task` lifetimes: a push covers the list (its task is
/// cancelled, the model still re-renders it), a sheet covers nothing (its presenter keeps
/// ticking), removal disappears first.
@Suite struct AppearanceTests {
    /// `kind subject` of the events of `tick` that are about appearance and tasks.
    @MainActor
    static func appearance(_ result: VariantResult, at tick: Int) -> [String] {
        let kinds: Set<TraceEvent.Kind> = [.appear, .disappear, .taskStarted, .taskCancelled, .timer]
        return result.events.filter { $0.tick == tick && kinds.contains($0.kind) }.map { "\($0.kind.rawValue) \($0.subject)" }
    }

    @MainActor
    @Test(arguments: ["navigationlink-eager", "navigationlink-scoped"])
    func aPushCoversTheListAndCancelsItsTask(scenario: String) throws {
        let result = try #require(try results(of: scenario).first)
        let pushed = scenario == "navigationlink-eager" ? "DetailView" : "ScopedDetailView"
        let firstAppear = ["appear ItemsStackView", "task.start ItemsStackView", "appear ItemListView", "task.start ItemListView"]
        #expect(Self.appearance(result, at: 0) == firstAppear)
        // On the model of SwiftUI children disappear before their parent
        // (Tests/SwiftUIModel/SwiftUI/Lifecycle.swift): the list's `.task`, a modifier inside
        // it, is cancelled before the list disappears.
        let covered = ["task.cancel ItemListView", "disappear ItemListView"]
        #expect(Self.appearance(result, at: 1).filter { $0.hasSuffix("ItemListView") } == covered)
        #expect(Self.appearance(result, at: 1).contains("appear \(pushed)"))
        // While covered only the stack's task runs; the model it refreshes re-renders the list.
        #expect(Self.appearance(result, at: 2) == ["timer ItemsStackView"])
        let listBodies = result.events.filter { $0.kind == .body && $0.subject == "ItemListView" }.map(\.tick)
        #expect(listBodies.contains(2) && listBodies.contains(4) && listBodies.contains(6))
        let cancel = try #require(result.events.first { $0.kind == .taskCancelled })
        #expect(cancel.detail == "Task.sleep throws CancellationError: try! would trap; do/catch ends the loop")
        #expect(Self.appearance(result, at: 7).suffix(2) == ["appear ItemListView", "task.start ItemListView"])
    }

    /// A task's loop sleeps first: it fires one period after its view appeared.
    @MainActor
    @Test func aTaskFiresOnePeriodAfterItsViewAppears() throws {
        func timerTicks(_ result: VariantResult, _ view: String) -> [Int] {
            result.events.filter { $0.kind == .timer && $0.subject == view }.map(\.tick)
        }
        let navigation = try results(of: "navigationlink-eager")[0]
        #expect(timerTicks(navigation, "ItemsStackView") == [2, 4, 6, 8, 10])
        // Appeared at t0, covered at t1, uncovered at t7, covered again at t9 (after firing).
        #expect(timerTicks(navigation, "ItemListView") == [9])
        // Presented at t1: fires at t3, not at t2; dismissed at t10.
        for result in try results(of: "multilevel") {
            let screen = try #require(result.events.first { $0.kind == .timer }?.subject)
            #expect(screen.hasSuffix("ParentScreen"))
            #expect(timerTicks(result, screen) == [3, 5, 7, 9])
        }
    }

    @MainActor
    @Test(arguments: ["observed-object", "observed-shared", "stateobject-injected", "stateobject-autoclosure", "state-observable", "lazy-shared"])
    func aSheetDoesNotMakeItsPresenterDisappear(scenario: String) throws {
        let result = try #require(try results(of: scenario).first)
        let presenter = result.events.filter { $0.subject == "ContentView" }
        #expect(presenter.filter { $0.kind == .disappear || $0.kind == .taskCancelled }.isEmpty)
        #expect(presenter.filter { $0.kind == .timer }.map(\.tick) == [2, 4, 6, 8, 10])
        // The sheet's counter view appears on each presentation and disappears on each dismissal.
        let counter = result.events.filter { ($0.kind == .appear || $0.kind == .disappear) && $0.subject.hasSuffix("CounterView") }
        #expect(counter.map { "t\($0.tick) \($0.kind.rawValue)" } == ["t1 appear", "t7 disappear", "t9 appear", "t11 disappear"])
    }

    @MainActor
    @Test func dismissingTheParentScreenCancelsItsTask() throws {
        for result in try results(of: "multilevel") {
            // The screen's `.task` (a modifier inside it) goes with it. On the model of SwiftUI
            // a node's children go first (Tests/SwiftUIModel/SwiftUI/Lifecycle.swift,
            // ViewGraph.swift): the task is cancelled, then the screen disappears and goes.
            let parent = result.events.filter { $0.subject.hasSuffix("ParentScreen") && $0.tick == 10 }
            #expect(parent.map(\.kind) == [.taskCancelled, .disappear, .unmount], "\(result.label)")
        }
    }
}
