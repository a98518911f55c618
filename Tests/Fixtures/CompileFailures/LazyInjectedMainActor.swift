// Factory's @LazyInjected (and @WeakLazyInjected, @DynamicInjected) on a main-actor
// factory: the message names what to write instead.
// expect: 'init(_:)' is unavailable: a key path to a main-actor factory is not Sendable: store its thunk instead
// expect: 'init(_:)' is unavailable: a key path to a main-actor factory is not Sendable: resolve it on the main actor where you read it
import Scoped

@MainActor final class LazyOwner {
    @LazyInjected(\.list) var list: ListViewModel
    @WeakLazyInjected(\.list) var weakList: ListViewModel?
    @DynamicInjected(\.list) var dynamicList: ListViewModel
    init() {}
}
