// Concurrency rule: a `HeldIndex` is the lock-free read side of one `InstanceStorage`.
// Writers (`publish`, `clear`) run only with that storage's `state` lock held, so they
// never race each other; `slots`, `current` and `retired` are touched only by them.
// Readers (`read`) take no lock at all: they load the published table (an atomic,
// acquire), probe its buckets (atomics, acquire), and count themselves in the one slot's
// `readers` for the few instructions that retain the held instance; a writer that
// swaps a payload out waits for that count to drop to zero before handing the old
// payload back for release. A table, once published, is never
// freed while its storage lives (a larger copy replaces it; the old one is retired), and
// slots are never removed (a slot outlives the instances it held), so a reader can
// never touch freed memory. No lock is held while user code runs: payloads a writer
// replaces are handed back and released by the storage after it unlocks.

/// One registration's held instance in a storage, readable without the storage's lock.
///
/// Readers announce themselves in `readers` for the few instructions between loading
/// the payload and retaining it; a writer swaps the payload, then waits until no reader
/// is in that window before the old payload may be released. Unlike a mutex, readers
/// never block one another or sleep: two threads reading one key share a cache line,
/// not a futex.
package final class HeldSlot: Sendable {
    package let key: RegistrationKey
    package let hash: Int
    /// The held payload, retained (``UnsafeReference`` bits): the instance itself for a
    /// class type, an `InstanceBox` otherwise; for `.shared`, a `WeakInstance` tagged with
    /// bit 0. 0 while nothing is held.
    private var payload: AtomicWord { words[0] }
    /// Readers between their load of `payload` and their retain of it.
    private var readers: AtomicWord { words[1] }
    /// `payload` and `readers`, in one allocation.
    private let words = AtomicWords(count: 2)

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
    func read() -> Resolution {
        // Sequentially consistent: the increment must be ordered before the load, against
        // a writer's exchange followed by its load of `readers`.
        readers.add(1, ordering: .sequentiallyConsistent)
        let bits = payload.load(ordering: .sequentiallyConsistent)
        // Alive: a writer that swapped it out waits for `readers` to drop before releasing.
        if bits != 0 { HeldSlot.payload(bits).retain() }
        readers.subtract(1, ordering: .releasing)
        guard bits != 0 else { return .miss }
        let object = HeldSlot.payload(bits).takeRetained()   // the retain just added
        guard bits & 1 != 0 else { return .held(object) }
        guard let instance = unsafeDowncast(object, to: WeakInstance.self).object else { return .miss }
        return .heldWeakly(instance)
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
    package func read(_ key: RegistrationKey) -> Resolution {
        let bits = table.load(ordering: .acquiring)
        guard bits != 0 else { return .miss }
        let hash = key.quickHash
        // Borrowed: a published table and its slots are never freed while the index lives.
        return UnsafeReference<SlotTable>(bits: bits).withBorrowed { table in
            var index = hash & table.mask
            while true {
                let slotBits = table.buckets[index].load(ordering: .acquiring)
                guard slotBits != 0 else { return .miss }
                let found = UnsafeReference<HeldSlot>(bits: slotBits).withBorrowed { slot -> Resolution? in
                    guard slot.hash == hash, slot.key == key else { return nil }
                    return slot.read()
                }
                if let found { return found }
                index = (index &+ 1) & table.mask
            }
        }
    }

    /// Publishes what a stored entry holds for `key`: its payload, or the same weak
    /// reference (a `.shared` instance). Call with the storage's lock held; release the
    /// returned old payload bits after unlocking.
    package func publish(_ held: StoredEntry.Slot, for key: RegistrationKey) -> UInt {
        let bits: UInt
        switch held {
        case .strong(let payload): bits = UnsafeReference.retaining(payload).bits
        case .weak(let weak): bits = UnsafeReference.retaining(weak).bits | 1
        case .vacant: bits = 0
        }
        if let slot = current?.find(key, hash: key.quickHash) { return slot.swap(bits) }
        return insert(key).swap(bits)
    }

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
