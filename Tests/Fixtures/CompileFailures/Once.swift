// Factory's `once()`: what it protects is how Scoped's `register` works anyway.
// expect: not needed: declarations write nothing to the container, so what a test registers at run time (register { }, .onTest { }, .scope(.cached)) stays until reset(); a declared scope still wins over a run-time one
import Scoped

final class Cache: Sendable {}

extension Container {
    var cache: Factory<Cache> { self { Cache() }.cached.once() }
}
