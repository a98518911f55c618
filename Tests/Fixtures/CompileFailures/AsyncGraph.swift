// `.graph` is one synchronous resolve's scope: an async factory's `.graph` does not
// compile and names what to use (inline after `self { … }` too, where the synchronous
// factory's `.graph` used to be picked and the error was a type mismatch).
// expect: 'graph' is unavailable: an async factory has no .graph scope (one synchronous resolve's): use .unique, or .scoped in a lifetime scope
import Scoped

final class AsyncThing: Sendable {}

extension Container {
    var asyncGraph: AsyncFactory<AsyncThing> { self { AsyncThing() }.graph }
}
