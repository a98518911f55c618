// Factory spellings from its test files (a Factory user's port, #41): the long form of a
// factory, a parameter factory's resolve(_:), and resolve(reset:) of the wrappers.
// expect: 'init(_:_:)' is unavailable: declare a container member instead
// expect: 'resolve' is unavailable: call the factory with its parameter to resolve: Container.shared.service(parameter)
// expect: 'resolve(reset:)' is unavailable: reset, then resolve: $service.factory.reset(options); $service.resolve()
import Scoped

final class Item: Sendable {
    init(_ id: Int = 0) {}
}

extension Container {
    var item: ParameterFactory<Int, Item> { self { Item($0) } }
    var plainItem: Factory<Item> { self { Item() } }
}

final class Holder {
    @LazyInjected(\.plainItem) var item: Item
}

func spellings() {
    _ = Factory<Item>(Container.shared) { Item() }
    _ = Container.shared.item.resolve(23)
    let holder = Holder()
    holder.$item.resolve(reset: .all)
}
