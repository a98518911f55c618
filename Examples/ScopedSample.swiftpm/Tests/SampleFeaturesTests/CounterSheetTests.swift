// The home screen and its counter sheet (seed 004), as the app's views use them: the
// home screen's lifetime scope owns its NumberFeed; the sheet's @ScopedObservable holds
// a `.shared` CounterViewModel while the sheet is up.
import SampleFeatures
import ScopedTesting
import Testing

@MainActor
@Suite(.container { @MainActor c in c.numberSource.register { @MainActor in FixedNumbers([5, 8, 13]) } })
struct CounterSheetTests {
    @Test func theSheetKeepsItsCountAcrossTheHomeScreensRerendersAndLetsGoOnDismiss() {
        let tracker = LifecycleTracker(observing: Container.shared)
        // Presenting: the sheet's content resolves its view model with the number shown (5).
        var sheet: CounterViewModel? = Container.shared.counter(initialValue: 5)()
        tracker.watch(sheet!)
        sheet?.increment()
        sheet?.increment()
        // The number changes (8) and the home screen re-renders, making a new sheet value:
        // the view model it asks for is the one the sheet holds, count kept.
        let rerendered = Container.shared.counter(initialValue: 8)()
        #expect(rerendered === sheet)
        #expect(rerendered.count == 7)
        tracker.expectBuiltOnce(CounterViewModel.self)
        // Dismissing drops the sheet's storage, the last holder: the view model goes.
        weak let dismissed = sheet
        sheet = nil
        _ = consume rerendered
        #expect(dismissed == nil)
        tracker.expectReleased(CounterViewModel.self)
        // Presenting again builds a fresh one from the number shown now.
        let next = Container.shared.counter(initialValue: 13)()
        #expect(next.count == 13)
        tracker.expectBuilt(CounterViewModel.self, times: 2)
    }

    @Test func theHomeScreensScopeOwnsItsNumberFeed() {
        let tracker = LifecycleTracker(observing: Container.shared)
        let home = Container.shared.child("home")
        let feed = home.numberFeed()
        tracker.watch(feed)
        #expect(home.numberFeed() === feed)   // every re-render of the home screen: the same feed
        #expect(feed.number == 5)
        feed.advance()
        #expect(feed.number == 8)
        tracker.expectBuiltOnce(NumberFeed.self)
        home.close()
        _ = consume feed
        tracker.expectReleased(NumberFeed.self)
    }

    @Test func theFeedAdvancesOnEveryTickUntilItsTaskEnds() async {
        let feed = Container.shared.child("home").numberFeed()
        let ticks = TickCounter()
        // A sleep that returns at once twice, then ends the loop as a cancelled task's would.
        await feed.run(every: .seconds(2)) { interval in
            #expect(interval == .seconds(2))
            if await ticks.next() > 2 { throw CancellationError() }
        }
        #expect(feed.number == 13)
        #expect(await ticks.count == 3)
    }
}

/// Counts the feed's sleeps.
actor TickCounter {
    private(set) var count = 0
    func next() -> Int {
        count += 1
        return count
    }
}
