// Factory's typed registration mode (Resolver/Resolving): Scoped resolves declared members (#41).
// expect: Scoped has no registration by type: declare a factory member (var service: Factory<Service> { self { Service() } }) and resolve it (container.service())
import Scoped

final class TypedContainer: SharedContainer, Resolving {
    static let shared = TypedContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
}
