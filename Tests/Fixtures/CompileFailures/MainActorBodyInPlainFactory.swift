// A main-actor body declared as a plain Factory (the pre-release runtime-checked spelling,
// removed): declare the member as MainActorFactory<T> instead (MigratingFromFactory.md).
// expect: loses global actor 'MainActor'
import Scoped

extension Container {
    @MainActor var oldList: Factory<ListViewModel> { self { @MainActor in ListViewModel() }.cached }
}
