// The sample's factories: what each screen's view model is built from, and how long it
// lives. SwiftUI views resolve them with @ScopedObservable (AppModule); tests resolve them
// directly.
import Scoped

extension Container {
    /// Random numbers for the home screen, one source per process.
    @MainActor public var numberSource: MainActorFactory<any NumberSource> {
        self { @MainActor in RandomNumbers() }.singleton
    }

    /// The home screen's number, owned by the home screen's lifetime scope.
    @MainActor public var numberFeed: MainActorFactory<NumberFeed> {
        self { @MainActor in NumberFeed(source: self.numberSource()) }.scoped
    }

    /// The counter sheet's view model: `.shared`, so the sheet's re-rendered content gets
    /// the one it holds back, and it goes when the sheet lets go of it. The initial value is
    /// used only when a new one is built.
    @MainActor public func counter(initialValue: Int) -> MainActorFactory<CounterViewModel> {
        self { @MainActor in CounterViewModel(initialValue: initialValue) }.shared
    }

    /// The parcels, one book per root container.
    @MainActor public var parcelBook: MainActorFactory<ParcelBook> {
        self { @MainActor in ParcelBook.sample() }.cached
    }

    /// The parcel list, owned by the parcels flow's lifetime scope.
    @MainActor public var parcelList: MainActorFactory<ParcelListViewModel> {
        self { @MainActor in ParcelListViewModel(book: self.parcelBook()) }.scoped
    }

    /// One editor per parcel, owned by the pushed screen's lifetime scope.
    @MainActor public var parcelEditor: MainActorParameterFactory<Int, ParcelEditorViewModel> {
        self { @MainActor id in ParcelEditorViewModel(parcelID: id, book: self.parcelBook()) }.scoped.perParameter
    }
}
