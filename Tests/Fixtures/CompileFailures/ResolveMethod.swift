// Factory's `resolve()`: Scoped resolves by calling the factory.
// expect: call the factory to resolve: Container.shared.service()
import Scoped

final class Service: Sendable {}

extension Container {
    var service: Factory<Service> { self { Service() } }
}

func use() -> Service { Container.shared.service.resolve() }
