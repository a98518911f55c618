// Floors: hand-written code with the API's shape or the thread safety a container needs,
// and nothing else. Each bounds a Scoped row from below in the same process: what is left
// between the two is the container's own work (registry, keys, scopes, overrides, events).
import Synchronization

/// A weak reference, read behind a mutex (`LockedWeakCache`) or alone (`WeakHolder`).
struct WeakSlot {
    weak var service: Service?
}

/// The floor of a thread-safe read of an instance held weakly (`.shared`): lock, load the
/// weak reference strongly (the runtime's weak load takes a strong reference), unlock.
final class LockedWeakCache: Sendable {
    /// Keeps the instance alive, as the views holding a `.shared` instance do.
    let owner = Service()
    let mutex: Mutex<WeakSlot>

    init() {
        mutex = Mutex(WeakSlot(service: owner))
    }
}

/// A weak reference alone, read without a lock: Swift's weak load and nothing else.
final class WeakHolder: Sendable {
    let owner: Service
    /// A `let`: a class's `var` is read through a dynamic exclusivity check.
    weak let service: Service?

    init() {
        let owner = Service()
        self.owner = owner
        service = owner
    }
}

/// A minimal Factory-shaped container: getters return a struct holding the container and
/// an escaping body that captures it. No lock, no key, no scope: the API's shape alone.
final class MiniChainContainer: Sendable {}

struct MiniFactory<T> {
    let container: MiniChainContainer
    let body: () -> T

    init(_ container: MiniChainContainer, _ body: @escaping () -> T) {
        self.container = container
        self.body = body
    }

    /// Calls the body. Never inlined, as a library's resolve is not inlined into the
    /// caller's getter (inlined, the closure and its capture vanish: hand-written code).
    @inline(never)
    func callAsFunction() -> T { body() }
}

extension MiniChainContainer {
    var a: MiniFactory<ChainA> { MiniFactory(self) { ChainA(b: self.b()) } }
    var b: MiniFactory<ChainB> { MiniFactory(self) { ChainB(c: self.c()) } }
    var c: MiniFactory<ChainC> { MiniFactory(self) { ChainC() } }
}

/// The floor of a thread-safe lifetime scope: one object per flow with a mutex and a
/// dictionary of the flow's instances, each build a locked lookup, the init outside the
/// lock, then a locked insert (a racer's instance wins if it came first); all dropped
/// with the flow. The dictionary starts with room for 16: one storage allocation.
final class LockedFlow: Sendable {
    let mutex = Mutex<[Int: AnyObject & Sendable]>([Int: AnyObject & Sendable](minimumCapacity: 16))

    @inline(__always)
    func resolve(_ key: Int, _ make: () -> AnyObject & Sendable) -> AnyObject & Sendable {
        if let held = mutex.withLock({ $0[key] }) { return held }
        let made = make()
        return mutex.withLock { table in
            if let raced = table[key] { return raced }
            table[key] = made
            return made
        }
    }
}

/// `LockedFlow` with an array of (key, instance) pairs scanned in order instead of a
/// dictionary: no hashing (Swift's `Hasher` is about a quarter of `LockedFlow`'s
/// instructions), the same mutex, allocations and lock pattern.
final class LockedArrayFlow: Sendable {
    let mutex = Mutex<[(key: Int, object: AnyObject & Sendable)]>({
        var table: [(key: Int, object: AnyObject & Sendable)] = []
        table.reserveCapacity(16)
        return table
    }())

    @inline(__always)
    func resolve(_ key: Int, _ make: () -> AnyObject & Sendable) -> AnyObject & Sendable {
        if let held = mutex.withLock({ $0.first { $0.key == key }?.object }) { return held }
        let made = make()
        return mutex.withLock { table in
            if let raced = table.first(where: { $0.key == key })?.object { return raced }
            table.append((key, made))
            return made
        }
    }
}
