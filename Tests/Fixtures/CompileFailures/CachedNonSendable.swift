// A caching scope on a type that is not Sendable (its instance is handed to callers on any
// thread): an error in the Swift 6 language mode. Swift 5 mode: see Swift5/.
// expect: type 'Factory<UnsafeCounter>.Instance' (aka 'UnsafeCounter') does not conform to the 'Sendable' protocol
import Scoped

final class UnsafeCounter { var value = 0 }

extension Container {
    var unsafeCounter: Factory<UnsafeCounter> { self { UnsafeCounter() }.cached }
}
