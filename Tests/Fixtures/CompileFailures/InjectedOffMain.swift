// A nonisolated owner injects a main-actor factory.
// expect: main actor-isolated default value in a nonisolated context
import Scoped

final class BackgroundOwner {
    @Injected(\.list) var list: ListViewModel
    init() {}
}
