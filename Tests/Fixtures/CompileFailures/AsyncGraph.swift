// `.graph` is one synchronous resolve's scope: an async factory has no such member.
// expect: value of type 'AsyncFactory<AsyncThing>' has no member 'graph'
import Scoped

final class AsyncThing: Sendable {}

extension Container {
    var asyncThing: AsyncFactory<AsyncThing> { self { () async throws -> AsyncThing in AsyncThing() } }
    var asyncGraph: AsyncFactory<AsyncThing> { asyncThing.graph }
}
