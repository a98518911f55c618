// Factory's `once()`: what it protects is how Scoped's `register` works anyway.
// expect: not needed: a scope given with register (.scope(.cached).register { }) is stored with the override
import Scoped

final class Cache: Sendable {}

extension Container {
    var cache: Factory<Cache> { self { Cache() }.cached.once() }
}
