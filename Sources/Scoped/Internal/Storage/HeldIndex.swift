// Concurrency rule: a `HeldIndex` is the lock-free read side of one `InstanceStorage`.
// Writers (`publish`, `clear`) run only with that storage's `state` lock held, so they
// never race each other; `slots`, `current` and `retired` are touched only by them.
// Readers (`read`) take no lock at all: they load the published table (an atomic,
// acquire), probe its buckets (atomics, acquire), and count themselves in the one slot's
// `readers` while they retain the held instance (for `.shared`, load it strong from its
// `WeakInstance`, which runs no user code); a writer that swaps a payload out waits for
// that count to drop to zero before handing the old payload back for release. A slot's
// `deadline` (`.timeToLive`) changes only while its payload is 0, so a reader that loads
// the same payload before and after the deadline has read that payload's deadline
// (`HeldSlot.read(at:)`). A table, once published, is never freed while its storage
// lives (a larger copy replaces it; the old one is retired), and slots are never removed
// (a slot outlives the instances it held), so a reader can never touch freed memory. No
// lock is held while user code runs: payloads a writer replaces are handed back and
// released by the storage after it unlocks.

/// One registration's held instance in a storage, readable without the storage's lock.
///
/// Readers announce themselves in `readers` between loading the payload and retaining
/// it (a `.shared` one: loading its instance strong); a writer swaps the payload, then
/// waits until no reader is in that window before the old payload may be released.
/// Unlike a mutex, readers never block one another or sleep: two threads reading one key
/// share a cache line, not a futex.
package final class HeldSlot: Sendable {
    package let key: RegistrationKey
    package let hash: Int
    /// The held payload, retained (``UnsafeReference`` bits): the instance itself for a
    /// class type, an `InstanceBox` otherwise; for `.shared`, a `WeakInstance` tagged with
    /// bit 0. 0 while nothing is held.
    private var payload: AtomicWord { words[0] }
    /// Readers between their load of `payload` and their retain of it.
    private var readers: AtomicWord { words[1] }
    /// The held instance's deadline on the platform's monotonic clock, in nanoseconds
    /// (`.timeToLive`, Expiry.swift); 0 for none. A writer changes it only while the slot
    /// is empty (`swap(_:deadline:)`), so a reader that finds the same payload before and
    /// after loading it has read that payload's deadline.
    private var deadline: AtomicWord { words[2] }
    /// `payload`, `readers` and `deadline`, in one allocation.
    private let words = AtomicWords(count: 3)

    init(key: RegistrationKey, hash: Int) {
        self.key = key
        self.hash = hash
    }

    deinit {
        let bits = payload.load(ordering: .acquiring)
        if bits != 0 { HeldSlot.payload(bits).release() }
        words.deallocate()
    }

    /// The payload that nonzero `payload` bits stand for, tag bit cleared (the slot's
    /// retain is still in the bits).
    @inline(__always)
    static func payload(_ bits: UInt) -> UnsafeReference<AnyObject> {
        UnsafeReference(bits: bits & ~1)
    }

    /// The held instance, retained for the caller, or `.miss` when nothing (alive) is held.
    @inline(__always)
    func read() -> Lookup {
        // Sequentially consistent: the increment must be ordered before the load, against
        // a writer's exchange followed by its load of `readers`.
        readers.add(1, ordering: .sequentiallyConsistent)
        let bits = payload.load(ordering: .sequentiallyConsistent)
        let found = bits == 0 ? Lookup.miss : HeldSlot.lookup(bits)
        readers.subtract(1, ordering: .releasing)
        return found
    }

    /// The held instance as ``read()`` finds it, unless its deadline is before `now`
    /// (`.miss`: the caller's resolve drops it and builds anew, under the storage's lock).
    @inline(__always)
    func read(at now: UInt) -> Lookup {
        readers.add(1, ordering: .sequentiallyConsistent)
        let bits = payload.load(ordering: .sequentiallyConsistent)
        let found = bits == 0 ? Lookup.miss : HeldSlot.lookup(bits)
        readers.subtract(1, ordering: .releasing)
        // Acquiring: a deadline written after `bits` was swapped out orders that swap
        // before the second load, which then sees another payload.
        let deadline = deadline.load(ordering: .acquiring)
        guard bits != 0, payload.load(ordering: .acquiring) == bits, deadline == 0 || now <= deadline else { return .miss }
        return found
    }

    /// What nonzero payload `bits` hold: the payload, retained; for `.shared`, the live
    /// instance loaded strong from its `WeakInstance` (not retained: 40 instructions fewer
    /// per hit), or `.miss`. Call while counted in `readers`: a writer that swapped the
    /// payload out waits for that count to drop before releasing it.
    @inline(__always)
    private static func lookup(_ bits: UInt) -> Lookup {
        let payload = HeldSlot.payload(bits)
        guard bits & 1 != 0 else {
            payload.retain()
            return .held(payload.takeRetained())   // the retain just added
        }
        let instance = payload.withBorrowed { unsafeDowncast($0, to: WeakInstance.self).object }
        return instance.map { .heldWeakly($0) } ?? .miss
    }

    /// Swaps the payload and its deadline (0: none); returns the old payload as `swap(_:)`
    /// does. A new deadline is written while the slot is empty, never beside a payload a
    /// reader may be reading (``read(at:)``).
    func swap(_ bits: UInt, deadline newDeadline: UInt) -> UInt {
        // Writers hold the storage's lock: no other writer changes the deadline meanwhile.
        guard newDeadline != deadline.load(ordering: .relaxed) else { return swap(bits) }
        let old = swap(0)
        deadline.store(newDeadline, ordering: .releasing)
        _ = swap(bits)   // the slot was empty: nothing to hand back
        return old
    }

    /// Swaps the payload; returns the old one (bits, retained) once no reader can still be
    /// retaining it, for release after unlocking.
    func swap(_ bits: UInt) -> UInt {
        let old = payload.exchange(bits, ordering: .sequentiallyConsistent)
        guard old != 0 else { return 0 }
        var spins = 0
        while readers.load(ordering: .sequentiallyConsistent) != 0 {
            spins += 1
            if spins > 64 { Platform.yieldThread() }
        }
        return old
    }
}

/// Open-addressing table of slots, filled by linear probing; never shrinks.
private final class SlotTable: Sendable {
    let mask: Int
    /// Unretained ``UnsafeReference`` bits of a `HeldSlot` (kept alive by its index's
    /// `slots`), 0 for an empty bucket.
    let buckets: AtomicWords

    init(capacity: Int) {
        mask = capacity - 1
        buckets = AtomicWords(count: capacity)
    }

    deinit {
        buckets.deallocate()
    }

    /// The slot of `key` (writers only: they never race an insertion).
    func find(_ key: RegistrationKey, hash: Int) -> HeldSlot? {
        var index = hash & mask
        while true {
            let slotBits = buckets[index].load(ordering: .relaxed)
            guard slotBits != 0 else { return nil }
            let slot = UnsafeReference<HeldSlot>(bits: slotBits).object
            if slot.hash == hash, slot.key == key { return slot }
            index = (index &+ 1) & mask
        }
    }

    /// Files `slot` in the first empty bucket of its probe sequence (writers only).
    func insert(_ slot: HeldSlot) {
        var index = slot.hash & mask
        while buckets[index].load(ordering: .relaxed) != 0 { index = (index &+ 1) & mask }
        // Unretained: the index's `slots` keeps every slot for the storage's life.
        buckets[index].store(UnsafeReference.unretained(slot).bits, ordering: .releasing)
    }
}

/// Held instances of one storage by registration (per-parameter instances are not
/// here), for the resolve fast path.
package final class HeldIndex: @unchecked Sendable { // @unchecked: the owning storage's `state` lock guards `slots`, `current`, `retired`.
    /// The published `SlotTable` (unretained ``UnsafeReference`` bits: `current` or
    /// `retired` keeps it alive), 0 before the first instance.
    private let table = AtomicWord()
    private var slots: [HeldSlot] = []
    private var current: SlotTable?
    private var retired: [SlotTable] = []

    package init() {}

    deinit {
        table.deallocate()
    }

    /// The instance held for `key`, retained for the caller; `.miss` if none. Lock-free.
    @inline(__always)
    package func read(_ key: RegistrationKey) -> Lookup {
        guard let slot = slot(of: key) else { return .miss }
        return slot.withBorrowed { $0.read() }
    }

    /// The instance held for `key` whose deadline is not before `now` (a factory with a
    /// time to live), retained for the caller; `.miss` if none. Lock-free.
    package func read(_ key: RegistrationKey, at now: UInt64) -> Lookup {
        guard let slot = slot(of: key) else { return .miss }
        return slot.withBorrowed { $0.read(at: UInt(truncatingIfNeeded: now)) }
    }

    /// The published slot of `key`, not retained (a published table's slots live as long
    /// as the index), or nil.
    @inline(__always)
    private func slot(of key: RegistrationKey) -> UnsafeReference<HeldSlot>? {
        let bits = table.load(ordering: .acquiring)
        guard bits != 0 else { return nil }
        let hash = key.quickHash
        // Borrowed: a published table and its slots are never freed while the index lives.
        return UnsafeReference<SlotTable>(bits: bits).withBorrowed { table in
            var index = hash & table.mask
            while true {
                let slotBits = table.buckets[index].load(ordering: .acquiring)
                guard slotBits != 0 else { return nil }
                let slot = UnsafeReference<HeldSlot>(bits: slotBits)
                if slot.withBorrowed({ $0.hash == hash && $0.key == key }) { return slot }
                index = (index &+ 1) & table.mask
            }
        }
    }

    /// Publishes what a stored entry holds for `key`: its payload, or the same weak
    /// reference (a `.shared` instance), with its deadline (0: none; `.timeToLive`). Call
    /// with the storage's lock held; release the returned old payload bits after unlocking.
    package func publish(_ held: StoredEntry.Holding, for key: RegistrationKey, deadline: UInt64) -> UInt {
        let bits: UInt
        switch held {
        case .strong(let payload): bits = UnsafeReference.retaining(payload).bits
        case .weak(let weak): bits = UnsafeReference.retaining(weak).bits | 1
        case .vacant: bits = 0
        }
        let slot = current?.find(key, hash: key.quickHash) ?? insert(key)
        return slot.swap(bits, deadline: UInt(truncatingIfNeeded: deadline))
    }

    /// Whether a deadline fits in a slot: nanoseconds need 64 bits (not on watchOS's
    /// `arm64_32`, where instances with a time to live are read under the lock only).
    package static var holdsDeadlines: Bool { MemoryLayout<UInt>.size >= MemoryLayout<UInt64>.size }

    /// Forgets what is held for `key`. Call with the storage's lock held; release the
    /// returned bits after unlocking.
    package func clear(_ key: RegistrationKey) -> UInt {
        current?.find(key, hash: key.quickHash)?.swap(0) ?? 0
    }

    /// Releases payload bits handed back by `publish`/`clear` (after unlocking).
    package static func release(_ bits: UInt) {
        if bits != 0 { HeldSlot.payload(bits).release() }
    }

    /// A new slot for `key`, filed in the table (grown first if it would be half full).
    private func insert(_ key: RegistrationKey) -> HeldSlot {
        let slot = HeldSlot(key: key, hash: key.quickHash)
        slots.append(slot)
        let capacity = current.map { $0.mask + 1 } ?? 0
        if slots.count * 2 > capacity {
            // Grow: a new table with every slot, published whole; the old one stays alive
            // for readers still probing it.
            let grown = SlotTable(capacity: max(16, capacity * 2))
            for slot in slots { grown.insert(slot) }
            if let current { retired.append(current) }
            current = grown
            table.store(UnsafeReference.unretained(grown).bits, ordering: .releasing)
        } else {
            current!.insert(slot)
        }
        return slot
    }
}
