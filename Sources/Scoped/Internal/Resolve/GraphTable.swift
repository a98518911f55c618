// Concurrency rule: none of its own. A graph table belongs to one thread's
// `ResolutionContext` and only that thread touches it; the instances it hands back on
// `removeAll()` are released by the caller after the table is consistent again (a
// `deinit` may resolve).

/// The `.graph` instances of one top-level resolve: an open-addressing table, kept between
/// resolves (its buffer is reused).
///
/// A `.graph` hit is the most frequent resolve of a large graph (each edge of a DAG), so a
/// lookup does little: the hash mixes the key's container, type and position (and a
/// per-parameter key's parameter hash) — not the name's bytes, as
/// ``RegistrationKey/quickHash`` does for the tables that live long — and each bucket keeps
/// its hash beside its key, so a probe compares one word, and the key (trivial to copy
/// but for the parameter's box) only when the hashes match.
struct GraphTable {
    private struct Bucket {
        /// The key's hash with its top bit set; 0 for an empty bucket.
        var hash = 0
        var registration: RegistrationKey?
        var parameterBox: ParameterBox?
        var value: AnyObject?
    }

    private var buckets: [Bucket] = []
    private var count = 0

    var isEmpty: Bool { count == 0 }

    /// Equal keys hash alike: equal registration keys share container, type and position
    /// (``RegistrationKey``'s equality), equal parameters their hash. Never 0.
    @inline(__always)
    private static func hash(_ registration: RegistrationKey, _ box: ParameterBox?) -> Int {
        var hash = UInt(bitPattern: registration.container)
            ^ UInt(bitPattern: ObjectIdentifier(registration.producedType)) &* 0x9E37_79B9_7F4A_7C15
            ^ UInt(registration.position) << 20
        if let box { hash ^= UInt(bitPattern: box.hash) &* 0xFF51_AFD7_ED55_8CCD }
        hash &*= 0xC4CE_B9FE_1A85_EC53
        return Int(bitPattern: (hash ^ hash >> 29) | 1 << 63)
    }

    /// Whether two parameter boxes (nil: none) hold equal parameters.
    @inline(__always)
    private static func sameParameter(_ mine: ParameterBox?, _ theirs: ParameterBox?) -> Bool {
        switch (mine, theirs) {
        case (nil, nil): return true
        case (let mine?, let theirs?): return mine === theirs || mine.hash == theirs.hash && mine.holdsSameParameter(as: theirs)
        default: return false
        }
    }

    /// The bucket index of `key`, or of the empty bucket where it goes.
    @inline(__always)
    private func index(of registration: RegistrationKey, _ box: ParameterBox?, hash: Int) -> Int {
        let mask = buckets.count - 1
        var index = hash & mask
        // Fields compared in place: a bucket is never copied (a copy retains its box and value).
        while buckets[index].hash != 0 {
            if buckets[index].hash == hash, buckets[index].registration.unsafelyUnwrapped == registration,
                Self.sameParameter(buckets[index].parameterBox, box)
            {
                return index
            }
            index = (index &+ 1) & mask
        }
        return index
    }

    /// The instance filed for `key` (the table is not empty). `mutating` though it
    /// changes nothing: the caller then passes the table in place, where a call on a
    /// borrowed copy retained and released its buckets on every `.graph` hit.
    mutating func value(for key: StorageKey) -> AnyObject? {
        let (registration, box) = (key.registration, key.parameterBox)
        return buckets[index(of: registration, box, hash: Self.hash(registration, box))].value
    }

    /// Files `value` for `key`; returns the value it replaces, for the caller to release
    /// after the table is consistent again.
    @discardableResult
    mutating func insert(_ value: AnyObject, for key: StorageKey) -> AnyObject? {
        if (count + 1) * 2 > buckets.count { grow() }
        let (registration, box) = (key.registration, key.parameterBox)
        let hash = Self.hash(registration, box)
        let index = index(of: registration, box, hash: hash)
        guard buckets[index].hash == 0 else {
            defer { buckets[index].value = value }
            return buckets[index].value
        }
        buckets[index] = Bucket(hash: hash, registration: registration, parameterBox: box, value: value)
        count += 1
        return nil
    }

    private mutating func grow() {
        let old = buckets
        buckets = Array(repeating: Bucket(), count: max(16, buckets.count * 2))
        for bucket in old where bucket.hash != 0 {
            buckets[index(of: bucket.registration.unsafelyUnwrapped, bucket.parameterBox, hash: bucket.hash)] = bucket
        }
    }

    /// Empties the table (keeping its capacity) and returns the instances it held, for
    /// the caller to release after the table is consistent again.
    mutating func removeAll() -> [AnyObject] {
        var removed: [AnyObject] = []
        removed.reserveCapacity(count)
        for index in buckets.indices where buckets[index].hash != 0 {
            if let value = buckets[index].value { removed.append(value) }
            buckets[index] = Bucket()
        }
        count = 0
        return removed
    }
}
