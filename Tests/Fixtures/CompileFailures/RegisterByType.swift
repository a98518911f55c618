// Factory's registration and resolve by type, on a container without a Resolving
// conformance (#41): the diagnostic names the declared factory member that replaces them.
// expect: 'register(_:factory:)' is unavailable: Scoped has no registration by type: declare a factory member (var service: Factory<Service> { self { Service() } }) and override it with container.service.register { … }
// expect: 'resolve' is unavailable: Scoped has no registration by type: declare a factory member (var service: Factory<Service> { self { Service() } }) and resolve it (container.service())
import Scoped

final class TypedService: Sendable {}

func registerByType() {
    Container.shared.register { TypedService() }
    Container.shared.register(TypedService.self) { TypedService() }
}

func resolveByType() -> TypedService {
    let first: TypedService = Container.shared.resolve()
    _ = first
    return Container.shared.resolve(TypedService.self)
}
