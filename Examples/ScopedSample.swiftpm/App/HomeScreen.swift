// Seed 004's parent screen: a number that changes every two seconds, re-rendering this
// screen, and a button that presents a counter starting at the number shown. A second
// button presents the parcels flow.
import SampleFeatures
import ScopedSwiftUI
import SwiftUI

struct HomeScreen: View {
    /// `.scoped`: owned by the home screen's lifetime scope (ScopedSampleApp).
    @ScopedObservable(\.numberFeed) private var feed: NumberFeed
    @State private var showsCounter = false
    @State private var showsParcels = false

    var body: some View {
        VStack(spacing: 24) {
            Text("Number is \(feed.number)")
            Button("Show counter with value: \(feed.number)") { showsCounter = true }
            Button("Parcels") { showsParcels = true }
        }
        .sheet(isPresented: $showsCounter) {
            CounterSheet(initialValue: feed.number)
        }
        .sheet(isPresented: $showsParcels) {
            ParcelsFlow().lifetimeScope("parcels")     // the flow's scope closes when the sheet goes
        }
        .task { [feed] in
            await feed.run()                           // cancelled by SwiftUI when the screen goes
        }
    }
}

/// The counter sheet. Every re-render of the home screen makes a new value of this view
/// with the new number; `@ScopedObservable` resolves once per presentation, so the count
/// the user reached stays, and dismissing releases the view model.
struct CounterSheet: View {
    @ScopedObservable private var viewModel: CounterViewModel

    init(initialValue: Int) {
        _viewModel = ScopedObservable { $0.counter(initialValue: initialValue)() }
    }

    var body: some View {
        VStack(spacing: 16) {
            Text("Count is \(viewModel.count)")
            Button("Increment") { viewModel.increment() }
            Button("Decrement") { viewModel.decrement() }
        }
    }
}
