// Factory's spelling of a main-actor factory: a @MainActor body declared as a plain Factory
// (#41). It compiles with a deprecation whose message names the type to declare (the
// Factory it returns stops off the main actor); the compiler's own "loses global actor"
// text never shows.
// expect warning: 'callAsFunction(key:file:line:column:_:_:)' is deprecated: a @MainActor body needs a main-actor factory: declare the member MainActorFactory<T>
// expect warning: 'callAsFunction(key:file:line:column:_:_:)' is deprecated: a @MainActor body needs a main-actor factory: declare the member MainActorParameterFactory<P, T>
// expect the same in Swift 5 mode
import Scoped

extension Container {
    @MainActor var oldList: Factory<ListViewModel> { self { @MainActor in ListViewModel() }.cached }
    @MainActor var oldRow: ParameterFactory<Int, ListViewModel> { self { @MainActor _ in ListViewModel() }.scoped }
}

// An untyped declaration still makes the main-actor factory, with no warning.
@MainActor func untypedList() -> ListViewModel {
    let factory = Container.shared { @MainActor in ListViewModel() }
    return factory()
}
