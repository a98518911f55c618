// Concurrency rule: a `HeldIndex` is the lock-free read side of one `InstanceStorage`.
// Writers (`publish`, `clear`, `refill`) run only with that storage's `state` lock held,
// so they never race each other; `slots`, `current` and `retired` are touched only by
// them. Readers (`read`) take no lock: they load the published table (acquire) and probe
// its buckets (acquire). A strongly held payload is read with one fetch-and-add on its
// slot's word, which takes one of a batch of references the slot retained for readers
// when it was published, so a reader never retains a payload a writer may be releasing
// and a writer never waits; a reader that finds the batch spent refills it under the
// storage's lock. A `.shared` payload (a `WeakInstance`, loaded strong: no user code) is
// read while counted in the slot's `readers`; a writer that swaps one out waits for that
// count to drop to zero before handing it back. A slot's `deadline` (`.timeToLive`)
// changes only while it holds no payload, so a reader that finds the same payload after
// loading the deadline has read that payload's. A published table is never freed while
// its storage lives and slots are never removed, so a reader never touches freed memory.
// No lock is held while user code runs: payloads a writer replaces are handed back and
// released by the storage after it unlocks.

/// One registration's held instance in a storage, readable without the storage's lock.
package final class HeldSlot: Sendable {
    package let key: RegistrationKey
    package let hash: Int
    /// A strongly held payload (the instance for a class type, an `InstanceBox` otherwise):
    /// its ``UnsafeReference`` bits in bits 0–47 and, in bits 48–63, how many of the batch's
    /// references readers took. It holds one reference for the slot and ``batch`` for
    /// readers. No payload: bits 0–47 zero.
    private var strong: AtomicWord { words[0] }
    /// A `.shared` payload: a retained `WeakInstance`'s bits, tagged with bit 0; 0 for none.
    private var weak: AtomicWord { words[1] }
    /// Readers between their load of `weak` and their strong load of its instance.
    private var readers: AtomicWord { words[2] }
    /// The held instance's deadline on the platform's monotonic clock, in nanoseconds
    /// (`.timeToLive`, Expiry.swift); 0 for none.
    private var deadline: AtomicWord { words[3] }
    private let words = AtomicWords(count: 4)

    /// How many references a strong word holds for readers at a time.
    private static let batch: UInt = 128
    /// One reader's take, added to a strong word.
    private static let take: UInt = 1 << 48
    /// The payload's bits in a strong word.
    private static let payloadMask: UInt = take &- 1

    init(key: RegistrationKey, hash: Int) {
        self.key = key
        self.hash = hash
    }

    deinit {
        HeldSlot.release(strong.load(ordering: .acquiring))
        HeldSlot.release(weak.load(ordering: .acquiring))
        words.deallocate()
    }

    /// The word that publishes `payload`: retained for the slot and its batch; 0 if its
    /// address does not fit beside a count (32-bit platforms, tagged pointers), whose
    /// reads then take the storage's lock. A `WeakInstance` (`.shared`) retained once,
    /// tagged with bit 0.
    static func word(holding payload: AnyObject, weakly: Bool) -> UInt {
        let reference = UnsafeReference.unretained(payload)
        if weakly { return UnsafeReference.retaining(payload).bits | 1 }
        guard UInt.bitWidth == 64, reference.bits & ~payloadMask == 0, reference.bits & 1 == 0 else { return 0 }
        for _ in 0...batch { reference.retain() }
        return reference.bits
    }

    /// Gives back the references a word taken out of a slot still holds.
    static func release(_ word: UInt) {
        guard word & 1 == 0 else { return UnsafeReference<AnyObject>(bits: word & ~1).release() }
        guard word & payloadMask != 0 else { return }
        let payload = UnsafeReference<AnyObject>(bits: word & payloadMask)
        for _ in 0...(batch - min(word >> 48, batch)) { payload.release() }
    }

    /// The held instance with a reference for the caller, or `.miss` when nothing (alive)
    /// is held as `weakly` says; nil when the batch is spent (``refill(_:)``).
    @inline(__always)
    func read(weakly: Bool) -> Lookup? {
        take(weakly: weakly)?.found
    }

    /// The held instance as ``read(weakly:)`` finds it, unless its deadline is before `now`.
    @inline(__always)
    func read(weakly: Bool, at now: UInt) -> Lookup? {
        guard let (bits, found) = take(weakly: weakly) else { return nil }
        // Acquiring: a deadline written after the payload was swapped out orders that
        // swap before the second load, which then sees another payload (or none).
        let deadline = deadline.load(ordering: .acquiring)
        let again = (weakly ? weak : strong).load(ordering: .acquiring) & Self.payloadMask
        guard bits != 0, again == bits, deadline == 0 || now <= deadline else { return .miss }
        return found
    }

    /// The payload's word bits (0: none) and what it holds, with a reference for the
    /// caller; nil when the strong word's batch is spent.
    @inline(__always)
    private func take(weakly: Bool) -> (bits: UInt, found: Lookup)? {
        guard !weakly else { return readWeakly() }
        let word = strong.add(Self.take, ordering: .acquiring) &- Self.take
        let bits = word & Self.payloadMask
        guard bits != 0 else { return (0, .miss) }
        guard word >> 48 < Self.batch else { return nil }
        return (bits, .held(UnsafeReference<AnyObject>(bits: bits).takeRetained()))
    }

    /// The `.shared` instance, loaded strong from its `WeakInstance` while counted in
    /// `readers` (a writer that swapped the box out waits for that count before releasing it).
    @inline(__always)
    private func readWeakly() -> (bits: UInt, found: Lookup) {
        // Sequentially consistent: the increment must be ordered before the load, against
        // a writer's exchange followed by its load of `readers`.
        readers.add(1, ordering: .sequentiallyConsistent)
        let bits = weak.load(ordering: .sequentiallyConsistent)
        let instance = bits == 0 ? nil : UnsafeReference<WeakInstance>(bits: bits & ~1).withBorrowed { $0.object }
        readers.subtract(1, ordering: .releasing)
        return (bits, instance.map { .heldWeakly($0) } ?? .miss)
    }

    /// A new batch once the one in the strong word is spent, then `read`'s take. Call
    /// with the storage's lock held: no writer releases the payload meanwhile.
    func refill(_ read: (HeldSlot) -> Lookup?) -> Lookup {
        while true {
            let word = strong.load(ordering: .acquiring)
            let bits = word & Self.payloadMask
            guard bits != 0 else { return .miss }
            if word >> 48 >= Self.batch {
                let payload = UnsafeReference<AnyObject>(bits: bits)
                for _ in 0..<Self.batch { payload.retain() }
                // Every reference of the spent batch was taken: nothing to give back.
                _ = strong.exchange(bits, ordering: .acquiringAndReleasing)
            }
            if let found = read(self) { return found }
        }
    }

    /// Swaps the payload and its deadline (0: none); returns the old word as `swap(_:)`
    /// does. A new deadline is written while the slot holds no payload.
    func swap(_ newWord: UInt, deadline newDeadline: UInt) -> UInt {
        guard newDeadline != deadline.load(ordering: .relaxed) else { return swap(newWord) }
        let old = swap(0)
        deadline.store(newDeadline, ordering: .releasing)
        _ = swap(newWord)   // no payload in the slot: nothing to give back
        return old
    }

    /// Puts `newWord` (a `word(holding:weakly:)`, or 0) in its place and empties the other;
    /// returns the word it replaced (a slot holds one payload at most) for ``release(_:)``
    /// after unlocking, once no reader can still be loading a `.shared` one.
    func swap(_ newWord: UInt) -> UInt {
        let isWeak = newWord & 1 != 0
        let oldStrong = strong.exchange(isWeak ? 0 : newWord, ordering: .acquiringAndReleasing)
        let oldWeak = weak.exchange(isWeak ? newWord : 0, ordering: .sequentiallyConsistent)
        guard oldWeak != 0 else { return oldStrong }
        var spins = 0
        while readers.load(ordering: .sequentiallyConsistent) != 0 {
            spins += 1
            if spins > 64 { Platform.yieldThread() }
        }
        return oldWeak
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

    /// The instance held for `key`, retained for the caller; `.miss` if none; nil when its
    /// slot's batch is spent (``refill(_:)``). Lock-free.
    @inline(__always)
    package func read(_ key: RegistrationKey, weakly: Bool) -> Lookup? {
        guard let slot = slot(of: key) else { return .miss }
        return slot.withBorrowed { $0.read(weakly: weakly) }
    }

    /// The instance held for `key` whose deadline is not before `now` (a factory with a
    /// time to live), as ``read(_:)``.
    package func read(_ key: RegistrationKey, weakly: Bool, at now: UInt64) -> Lookup? {
        guard let slot = slot(of: key) else { return .miss }
        return slot.withBorrowed { $0.read(weakly: weakly, at: UInt(truncatingIfNeeded: now)) }
    }

    /// What `read` (with `now` for a time to live) finds after a new batch for `key`'s
    /// readers. Call with the storage's lock held.
    package func refill(_ key: RegistrationKey, at now: UInt64? = nil) -> Lookup {
        guard let slot = current?.find(key, hash: key.quickHash) else { return .miss }
        return slot.refill { slot in
            now.map { slot.read(weakly: false, at: UInt(truncatingIfNeeded: $0)) } ?? slot.read(weakly: false)
        }
    }

    /// The published slot of `key`, not retained (a published table's slots live as long
    /// as the index), or nil. Probes for a key made from the same literals first, with no
    /// call in the loop; then for an equal one (``RegistrationKey/==``), out of line.
    @inline(__always)
    private func slot(of key: RegistrationKey) -> UnsafeReference<HeldSlot>? {
        probe(key) { $0.hasSameLiterals(as: key) } ?? slotOfEqualKey(key)
    }

    @inline(never)
    private func slotOfEqualKey(_ key: RegistrationKey) -> UnsafeReference<HeldSlot>? {
        probe(key) { $0 == key }
    }

    /// The first slot in `key`'s probe sequence whose key `matches`.
    @inline(__always)
    private func probe(_ key: RegistrationKey, _ matches: (RegistrationKey) -> Bool) -> UnsafeReference<HeldSlot>? {
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
                if slot.withBorrowed({ $0.hash == hash && matches($0.key) }) { return slot }
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
        case .strong(let payload): bits = HeldSlot.word(holding: payload, weakly: false)
        case .weak(let weak): bits = HeldSlot.word(holding: weak, weakly: true)
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
        HeldSlot.release(bits)
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
