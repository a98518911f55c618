// Shared by every case of this folder (compiled with each): a main-actor view model and
// its factories, declared the way the docs show. This file alone must type-check.
import Scoped

@MainActor final class ListViewModel {}
final class Worker: Sendable {
    init(_ list: ListViewModel?) {}
}

extension Container {
    @MainActor var list: MainActorFactory<ListViewModel> { self { @MainActor in ListViewModel() }.cached }
    @MainActor var row: MainActorParameterFactory<Int, ListViewModel> {
        self { @MainActor _ in ListViewModel() }.scoped.perParameter
    }
}

// What is allowed: main-actor code resolves directly, any code hops with `await`.
@MainActor func showList() -> ListViewModel { Container.shared.list() }
func loadList() async -> ListViewModel { await Container.shared.list.resolve() }
func loadRow() async -> ListViewModel { await Container.shared.row.resolve(3) }

@MainActor final class Coordinator {
    @Injected(\.list) var list: ListViewModel     // resolved in a main-actor initialiser
    init() {}
}

// The type says main actor, so an unannotated body is a main-actor body too.
extension Container {
    @MainActor var plainList: MainActorFactory<ListViewModel> { self { ListViewModel() } }
}
