// Concurrency rule: the lock-free read side of one `InstanceStorage`. Writers (`publish`, `clear`, `refill`) hold
// that storage's `state` lock, so they never race; `slots`, `current` and `retired` are theirs. Readers take no lock:
// a strong payload's reference is one fetch-and-add on its slot's word, taking one of a batch the slot retained for
// readers (refilled under the lock when spent), so no reader retains what a writer releases and writers never wait. A
// `.shared` payload (a `WeakInstance`, loaded strong: no user code) is read while counted in `readers`, which a
// writer swapping it out waits to drain. A `deadline` changes only while the slot is empty. Tables and slots are
// never freed while the storage lives. Replaced payloads are released by the storage after it unlocks.

/// One registration's held instance in a storage, readable without the storage's lock.
package final class HeldSlot: Sendable {
    package let key: RegistrationKey
    package let hash: Int
    /// A strong payload's ``UnsafeReference`` bits (bits 0–47) and how many of the batch's
    /// references readers took (bits 48–63); holds one reference plus ``batch`` for readers.
    private var strong: AtomicWord { words[0] }
    /// A `.shared` payload: a retained `WeakInstance`'s bits, tagged with bit 0; 0 for none.
    private var weak: AtomicWord { words[1] }
    /// Readers between their load of `weak` and their strong load of its instance.
    private var readers: AtomicWord { words[2] }
    /// The held instance's deadline, monotonic nanoseconds (`.timeToLive`); 0 for none.
    private var deadline: AtomicWord { words[3] }
    private let words = AtomicWords(count: 4)
    private static let batch: UInt = 512
    /// How many of a batch a new payload pays for at once (the first refill pays the rest).
    private static let firstBatch: UInt = 8
    private static let take: UInt = 1 << 48
    private static let payloadMask: UInt = take &- 1
    init(key: RegistrationKey, hash: Int) { (self.key, self.hash) = (key, hash) }
    deinit {
        HeldSlot.release(strong.load(ordering: .acquiring))
        HeldSlot.release(weak.load(ordering: .acquiring))
        words.deallocate()
    }

    /// The word that publishes `held`: a payload retained for the slot and its batch, 0 if no count fits beside it
    /// (32-bit, tagged pointers); a `WeakInstance` retained once, tagged with bit 0.
    static func word(holding held: StoredEntry.Holding) -> UInt {
        switch held {
        case .vacant: return 0
        case .weak(let weak): return UnsafeReference.retaining(weak).bits | 1
        case .strong(let payload):
            let reference = UnsafeReference.unretained(payload)
            guard UInt.bitWidth == 64, reference.bits & ~payloadMask == 0, reference.bits & 1 == 0 else { return 0 }
            for _ in 0...firstBatch { reference.retain() }
            return reference.bits | (batch - firstBatch) << 48
        }
    }

    /// Gives back the references a word taken out of a slot (`publish`, `clear`) still holds; after unlocking.
    static func release(_ word: UInt) {
        guard word & 1 == 0 else { return UnsafeReference<AnyObject>(bits: word & ~1).release() }
        guard word & payloadMask != 0 else { return }
        let payload = UnsafeReference<AnyObject>(bits: word & payloadMask)
        for _ in 0...(batch - min(word >> 48, batch)) { payload.release() }
    }

    /// The held instance, retained, or `.miss` (also when its deadline is before `now`); nil: batch spent.
    @inline(__always)
    func read(weakly: Bool, at now: UInt? = nil) -> Lookup? {
        guard let (bits, found) = take(weakly: weakly) else { return nil }
        guard let now else { return found }
        // Acquiring: a deadline written after a swap-out orders the swap before the second load.
        let deadline = deadline.load(ordering: .acquiring)
        let again = (weakly ? weak : strong).load(ordering: .acquiring) & Self.payloadMask
        guard bits != 0, again == bits, deadline == 0 || now <= deadline else { return .miss }
        return found
    }

    /// The word's payload bits (0: none) and what it holds, retained; nil when the batch is spent.
    @inline(__always)
    private func take(weakly: Bool) -> (bits: UInt, found: Lookup)? {
        if weakly {
            // Sequentially consistent: ordered before the load, against a writer's exchange then load.
            readers.add(1, ordering: .sequentiallyConsistent)
            let bits = weak.load(ordering: .sequentiallyConsistent)
            let instance = bits == 0 ? nil : UnsafeReference<WeakInstance>(bits: bits & ~1).withBorrowed { $0.object }
            readers.subtract(1, ordering: .releasing)
            return (bits, instance.map { .heldWeakly($0) } ?? .miss)
        }
        let word = strong.add(Self.take, ordering: .acquiring) &- Self.take
        let bits = word & Self.payloadMask
        guard bits != 0 else { return (0, .miss) }
        guard word >> 48 < Self.batch else { return nil }
        return (bits, .held(UnsafeReference<AnyObject>(bits: bits).takeRetained()))
    }

    /// A new batch once the one in the word is spent, then `read`'s take. Under the storage's lock:
    /// no writer releases the payload meanwhile.
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

    /// Swaps the payload and its deadline, written while the slot is empty.
    func swap(_ newWord: UInt, deadline newDeadline: UInt) -> UInt {
        guard newDeadline != deadline.load(ordering: .relaxed) else { return swap(newWord) }
        let old = swap(0)
        deadline.store(newDeadline, ordering: .releasing)
        _ = swap(newWord)   // no payload in the slot: nothing to give back
        return old
    }

    /// Puts `newWord` in its word and empties the other; returns the replaced word, for
    /// ``release(_:)`` after unlocking, once no reader still loads a `.shared` one.
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
    let buckets: AtomicWords  // unretained bits of a `HeldSlot` (the index's `slots` keep it), 0 for an empty bucket
    init(capacity: Int) { (mask, buckets) = (capacity - 1, AtomicWords(count: capacity)) }
    deinit { buckets.deallocate() }
    /// Files `slot` in the first empty bucket of its probe sequence (writers only).
    func insert(_ slot: HeldSlot) {
        var index = slot.hash & mask
        while buckets[index].load(ordering: .relaxed) != 0 { index = (index &+ 1) & mask }
        // Unretained: the index's `slots` keeps every slot for the storage's life.
        buckets[index].store(UnsafeReference.unretained(slot).bits, ordering: .releasing)
    }
}

/// Held instances of one storage by registration (not per-parameter), for the fast read.
package final class HeldIndex: @unchecked Sendable { // @unchecked: the owning storage's `state` lock guards `slots`, `current`, `retired`.
    /// The published `SlotTable` (unretained: `current` or `retired` keeps it), 0 before any.
    private let table = AtomicWord()
    private var slots: [HeldSlot] = []
    private var current: SlotTable?
    private var retired: [SlotTable] = []
    package init() {}
    deinit { table.deallocate() }

    /// The instance held for `key` (fresh at `now`, for a time to live), retained; `.miss` if none; nil when the
    /// batch is spent. Same-literal keys are probed with no call in the loop, then equal ones out of line.
    @inline(__always)
    package func read(_ key: RegistrationKey, weakly: Bool, at now: UInt64? = nil) -> Lookup? {
        guard let slot = probe(key, { $0.hasSameLiterals(as: key) }) ?? slotOfEqualKey(key) else { return .miss }
        return slot.withBorrowed { $0.read(weakly: weakly, at: now.map { UInt(truncatingIfNeeded: $0) }) }
    }

    /// As ``read(_:weakly:at:)`` with no deadline, for a key made from the same literals as
    /// the slot's; nil when that probe finds no slot or the batch is spent (read the other way).
    @inline(__always)
    package func readSameLiterals(_ key: RegistrationKey, weakly: Bool) -> Lookup? {
        guard let slot = probe(key, { $0.hasSameLiterals(as: key) }) else { return nil }
        return slot.withBorrowed { $0.read(weakly: weakly) }
    }

    /// What `read` finds after a new batch for `key`'s readers. Under the storage's lock.
    package func refill(_ key: RegistrationKey, at now: UInt64? = nil) -> Lookup {
        guard let slot = slotOfEqualKey(key) else { return .miss }
        return slot.object.refill { $0.read(weakly: false, at: now.map { UInt(truncatingIfNeeded: $0) }) }
    }
    /// The published slot of `key`, not retained.
    @inline(never)
    private func slotOfEqualKey(_ key: RegistrationKey) -> UnsafeReference<HeldSlot>? { probe(key) { $0 == key } }
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

    /// Publishes what a stored entry holds for `key`, with its deadline (0: none). Under the
    /// storage's lock; release the returned word (``HeldSlot/release(_:)``) after unlocking.
    package func publish(_ held: StoredEntry.Holding, for key: RegistrationKey, deadline: UInt64) -> UInt {
        let bits = HeldSlot.word(holding: held)
        let slot = slotOfEqualKey(key)?.object ?? insert(key)
        return slot.swap(bits, deadline: UInt(truncatingIfNeeded: deadline))
    }
    /// Whether a deadline fits in a slot (not on watchOS's `arm64_32`: read under the lock).
    package static var holdsDeadlines: Bool { MemoryLayout<UInt>.size >= MemoryLayout<UInt64>.size }
    /// Forgets what is held for `key`. Under the storage's lock; release the result after it.
    package func clear(_ key: RegistrationKey) -> UInt { slotOfEqualKey(key)?.object.swap(0) ?? 0 }
    /// A new slot for `key`, filed in the table (grown first if it would be half full).
    private func insert(_ key: RegistrationKey) -> HeldSlot {
        let slot = HeldSlot(key: key, hash: key.quickHash)
        slots.append(slot)
        let capacity = current.map { $0.mask + 1 } ?? 0
        if slots.count * 2 > capacity {
            // Grow: a new table, published whole; the old one stays alive for readers probing it.
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
