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

/// The floor of a thread-safe lifetime scope: one object per flow with a mutex and a table
/// of the flow's instances, each build a locked lookup, the init outside the lock, then a
/// locked insert (a racer's instance wins if it came first); all dropped with the flow.
/// Two non-generic classes (a generic class's metadata is looked up at each allocation).
protocol LockedFlow: AnyObject {
    init()
    func resolve(_ key: Int, _ make: () -> AnyObject & Sendable) -> AnyObject & Sendable
}

final class DictionaryLockedFlow: LockedFlow, Sendable {
    let mutex = Mutex(DictionaryFlowTable())

    @inline(__always)
    func resolve(_ key: Int, _ make: () -> AnyObject & Sendable) -> AnyObject & Sendable {
        lockedResolve(mutex, key, make)
    }
}

final class ArrayLockedFlow: LockedFlow, Sendable {
    let mutex = Mutex(ArrayFlowTable())

    @inline(__always)
    func resolve(_ key: Int, _ make: () -> AnyObject & Sendable) -> AnyObject & Sendable {
        lockedResolve(mutex, key, make)
    }
}

/// A locked lookup, the init outside the lock, a locked insert unless a racer came first.
@inline(__always)
func lockedResolve<Table: FlowTable>(
    _ mutex: borrowing Mutex<Table>, _ key: Int, _ make: () -> AnyObject & Sendable
) -> AnyObject & Sendable {
    if let held = mutex.withLock({ $0.object(for: key) }) { return held }
    let made = make()
    return mutex.withLock { table in
        if let raced = table.object(for: key) { return raced }
        table.insert(made, for: key)
        return made
    }
}

/// `n` flows, each made, given 10 services and dropped (kept until the next one).
@inline(__always)
func lockedFlowCycles<Flow: LockedFlow>(_: Flow.Type, _ n: Int) -> UInt64 {
    var acc: UInt64 = 0
    for _ in 0..<n {
        let flow = Flow()
        for i in 0..<10 { acc &+= fold(flow.resolve(i) { Service(i) }) }
        acc &+= keep(flow)
    }
    return acc
}

/// A flow's instances by key.
protocol FlowTable: Sendable {
    init()
    func object(for key: Int) -> (AnyObject & Sendable)?
    mutating func insert(_ object: AnyObject & Sendable, for key: Int)
}

/// A dictionary with room for 16: one storage allocation.
struct DictionaryFlowTable: FlowTable {
    var objects = [Int: AnyObject & Sendable](minimumCapacity: 16)

    func object(for key: Int) -> (AnyObject & Sendable)? { objects[key] }
    mutating func insert(_ object: AnyObject & Sendable, for key: Int) { objects[key] = object }
}

/// (key, instance) pairs scanned in order, room for 16: no hashing (Swift's `Hasher` is
/// about a quarter of the dictionary flow's instructions).
struct ArrayFlowTable: FlowTable {
    var pairs: [(key: Int, object: AnyObject & Sendable)]

    init() {
        pairs = []
        pairs.reserveCapacity(16)
    }

    func object(for key: Int) -> (AnyObject & Sendable)? { pairs.first { $0.key == key }?.object }
    mutating func insert(_ object: AnyObject & Sendable, for key: Int) { pairs.append((key, object)) }
}
