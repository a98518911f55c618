// The types every peer builds: a small service and a 3-level chain.
import Synchronization

/// A small service: one stored property, like most stores and clients.
final class Service: Sendable {
    let id: Int
    init(_ id: Int = 1) { self.id = id }
}

final class ChainC: Sendable {
    let id = 3
}

final class ChainB: Sendable {
    let c: ChainC
    init(c: ChainC) { self.c = c }
}

final class ChainA: Sendable {
    let b: ChainB
    init(b: ChainB) { self.b = b }
}

/// A held reference, read the way a view model reads its store.
final class Holder: @unchecked Sendable {  // @unchecked: only the benchmark's main thread touches it.
    var service = Service()
}

/// The hand-written floor for a thread-safe cached lookup: one instance behind a mutex,
/// read as `cache.mutex.withLock { $0 }` (lock, retain the reference, unlock).
final class LockedCache: Sendable {
    let mutex = Mutex(Service())
}

/// Distinct types for Swinject, which keys registrations by type (and name).
final class SwTransient: Sendable { let id = 1 }
final class SwContainer: Sendable { let id = 2 }
final class SwWeak: Sendable { let id = 3 }
final class SwGraph: Sendable { let id = 4 }
final class SwArgument: Sendable {
    let id: Int
    init(_ id: Int) { self.id = id }
}
