// The same declaration in the Swift 5 language mode (issue #31): it compiles without a word
// under the default (minimal) concurrency checking, and with a warning under
// `-strict-concurrency=complete`. Sendable is a marker protocol with nothing to check at
// run time, so Scoped cannot catch it later either. GettingStarted.md says so.
// expect warning: type 'Factory<UnsafeCounter>.Instance' (aka 'UnsafeCounter') does not conform to the 'Sendable' protocol; this is an error in the Swift 6 language mode
import Scoped

final class UnsafeCounter { var value = 0 }

extension Container {
    var unsafeCounter: Factory<UnsafeCounter> { self { UnsafeCounter() }.cached }
}
