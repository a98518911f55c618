// Concurrency rule: none of its own. An `EntryTable` is a value inside one `InstanceStorage`'s
// `state`, read and written only under that lock; its entries, keys and payloads are values.

/// The instances one storage holds, in the order their builds finished (a close hands the array over, released newest
/// first), builds in flight apart. Lookups scan, comparing key hashes first; past ``linearLimit`` a dictionary takes
/// over. Dead weak entries are swept on insert once they doubled: amortised O(1) per insert.
package struct EntryTable {
    private struct InFlight {
        let key: StorageKey
        let hash: Int
        unowned(unsafe) let scope: Scope  // unretained: every scope lives for the process
        let builder: ObjectIdentifier  // the thread or async build running the body
        let serial: UInt64  // tells this build apart from every other build of the storage
        var invalidated = false  // a `register`, `reset` or close of its registration or scope happened while it ran
        var waiting = 0  // threads waiting for its instance, each handed it when it finishes
        /// Whether an entry of its key may be filed when it ends (if not, filing appends at once).
        var mayFindFiled: Bool
    }

    /// The builds in flight, oldest first. The first, when its key has no parameter, is kept inline as plain bytes
    /// (`Solo`): one build at a time (the usual case) allocates nothing; the others go in an array. (Measured: an
    /// inline `InFlight?`, which holds a reference, cost more in copies than the allocation it saves.)
    private struct Builds {
        /// An ``InFlight`` whose key has no parameter: nothing in it is reference counted.
        private struct Solo {
            let registration: RegistrationKey
            let hash: Int
            unowned(unsafe) let scope: Scope
            let builder: ObjectIdentifier
            let serial: UInt64
            let invalidated: Bool
            let waiting: Int
            let mayFindFiled: Bool
            @inline(__always)
            init(_ build: InFlight) {
                (registration, hash, scope, builder, serial) =
                    (build.key.registration, build.hash, build.scope, build.builder, build.serial)
                (invalidated, waiting, mayFindFiled) = (build.invalidated, build.waiting, build.mayFindFiled)
            }
            @inline(__always)
            var build: InFlight {
                InFlight(
                    key: StorageKey(registration), hash: hash, scope: scope, builder: builder, serial: serial,
                    invalidated: invalidated, waiting: waiting, mayFindFiled: mayFindFiled)
            }
        }

        private var solo: Solo?  // the oldest build, when it is the only one or was: older than every one in `others`
        private var others: [InFlight] = []
        var isEmpty: Bool { solo == nil && others.isEmpty }
        var indices: Range<Int> { (solo == nil ? 1 : 0)..<(1 + others.count) }  // index 0 is `solo`, the others follow

        /// `field` of the build at `index` of ``indices``, read in place. (`_read`/`_modify` coroutines were not
        /// inlined and cost more than the allocation this saves; a getter copied the whole record.)
        @inline(__always)
        func read<R>(_ index: Int, _ field: (InFlight) -> R) -> R {
            guard index != 0 else { return field(solo.unsafelyUnwrapped.build) }
            return others.withUnsafeBufferPointer { field($0[index - 1]) }
        }

        @inline(__always)
        mutating func update(_ index: Int, _ change: (inout InFlight) -> Void) {
            guard index == 0 else { return change(&others[index - 1]) }
            var build = solo.unsafelyUnwrapped.build
            change(&build)
            solo = Solo(build)
        }

        @inline(__always)
        func firstIndex(where matches: (InFlight) -> Bool) -> Int? {
            if solo != nil && read(0, matches) { return 0 }
            guard !others.isEmpty else { return nil }  // the usual case: no buffer to open
            return others.withUnsafeBufferPointer { $0.firstIndex(where: matches) }.map { $0 + 1 }
        }

        @inline(__always)
        mutating func append(_ build: consuming InFlight) {
            if solo == nil && others.isEmpty && build.key.parameterBox == nil { return solo = Solo(build) }
            if others.capacity == 0 { others.reserveCapacity(4) }
            others.append(build)
        }

        /// Removes the build at `index`, keeping the others' order.
        @inline(__always)
        mutating func remove(at index: Int) {
            guard index != 0 else { return solo = nil }
            if index == others.count { others.removeLast() } else { others.remove(at: index - 1) }
        }
    }

    package static let linearLimit = 16  // beyond this many positions, lookups go through `positions`
    /// The most entries a child scope's table is first allocated for (``InstanceStorage/expectedEntries``), and a
    /// closed child's emptied buffer kept for its next sibling holds: one large flow does not make all keep as much.
    package static let firstCapacityLimit = 64
    private var entries: [StoredEntry] = []  // finished entries, oldest first
    private var holes = 0
    private var inFlight = Builds()
    private var positions: [StorageKey: Int]?  // key → position in `entries`, past ``linearLimit`` entries
    /// Weak entries filed (live or dead), and the count at which the next insert sweeps the dead.
    private var weakEntries = 0
    private var weakSweepAt = EntryTable.linearLimit
    package init() {}
    /// Where the finished entry of `key` is (`hash`: its registration's quick hash).
    package func position(of key: StorageKey, hash: Int) -> Int? {
        if let positions { return positions[key] }
        return scan(hash: hash) { $0 == key }
    }
    @inline(__always)
    private func scan(hash: Int, _ matches: (StorageKey) -> Bool) -> Int? {
        entries.withUnsafeBufferPointer { entries in
            var index = 0
            while index < entries.count {
                if entries[index].hash == hash, matches(entries[index].key), !entries[index].isVacant { return index }
                index += 1
            }
            return nil
        }
    }

    /// The live instance filed for `key`, for a read without the claim.
    package func freshInstance(of key: StorageKey, hash: Int, at now: UInt64) -> Lookup? {
        freshInstance(at: position(of: key, hash: hash), now: now)
    }
    package func freshInstance(of key: RegistrationKey, hash: Int, at now: UInt64) -> Lookup? {
        freshInstance(at: position(of: key, hash: hash), now: now)
    }

    /// A registration's only instance as the fast read of a child lifetime scope sees it: nil when nothing is filed
    /// (the reader may claim it, ``StorageState/claimAbsent(_:hash:scope:thread:overridesSeen:overridesNow:)``),
    /// `.miss` for an entry it does not answer for (a deadline's: the general claim decides). Inlined into
    /// `InstanceStorage.readOrClaim`, which calls nothing else while it holds the lock on a hit.
    @inline(__always)
    package func read(_ key: RegistrationKey, hash: Int) -> Lookup? {
        guard let position = position(of: key, hash: hash) else { return nil }
        return freshInstance(at: position, now: Expiry.noClock) ?? .miss
    }
    @inline(__always)
    private func position(of key: RegistrationKey, hash: Int) -> Int? {
        if positions != nil { return position(of: StorageKey(key), hash: hash) }
        return scan(hash: hash) { $0.parameterBox == nil && $0.registration == key }
    }
    @inline(__always)
    private func freshInstance(at position: Int?, now: UInt64) -> Lookup? {
        guard let position else { return nil }
        let deadline = entries[position].deadline
        guard deadline == 0 || now <= deadline else { return nil }
        return liveInstance(at: position)
    }

    package mutating func removeExpired(_ key: StorageKey, hash: Int, now: UInt64) -> StoredEntry? {
        guard let position = position(of: key, hash: hash) else { return nil }
        let deadline = entries[position].deadline
        guard deadline != 0, now > deadline else { return nil }
        return remove(at: position)
    }

    /// The live instance filed at `position` (``position(of:hash:)``): `.held`, or `.heldWeakly` for `.shared`.
    @inline(__always)
    package func liveInstance(at position: Int?) -> Lookup? {
        guard let position else { return nil }
        return entries[position].holding.held
    }
    /// The builder (thread or async build) of the build of `key` a resolve may wait for or join.
    package func builder(of key: StorageKey, hash: Int) -> ObjectIdentifier? {
        inFlight.firstIndex { $0.hash == hash && !$0.invalidated && $0.key == key }.map { inFlight.read($0, \.builder) }
    }
    package mutating func addWaiter(for key: StorageKey, hash: Int, by builder: ObjectIdentifier) -> UInt64 {
        let index = inFlight.firstIndex { $0.hash == hash && $0.builder == builder && !$0.invalidated && $0.key == key }!
        inFlight.update(index) { $0.waiting += 1 }
        return inFlight.read(index, \.serial)
    }
    /// How many threads wait for the build `serial` (0 once it ended).
    package func waitingCount(of serial: UInt64) -> Int {
        inFlight.firstIndex { $0.serial == serial }.map { inFlight.read($0, \.waiting) } ?? 0
    }
    /// Whether `builder` (nil: anyone, thread or async build) is building `key`, invalidated or not.
    package func isBuilding(_ key: StorageKey, hash: Int, by builder: ObjectIdentifier? = nil) -> Bool {
        inFlight.firstIndex { $0.hash == hash && (builder == nil || $0.builder == builder) && $0.key == key } != nil
    }
    package mutating func startBuild(
        of key: StorageKey, hash: Int, scope: Scope, by builder: ObjectIdentifier, serial: UInt64, filed: Bool
    ) {
        // Builds of a key of the same hash may file before one another: each looks first.
        var others = false
        for index in inFlight.indices where inFlight.read(index, \.hash) == hash {
            inFlight.update(index) { $0.mayFindFiled = true }
            others = true
        }
        inFlight.append(
            InFlight(key: key, hash: hash, scope: scope, builder: builder, serial: serial, mayFindFiled: filed || others))
    }

    /// Ends `builder`'s build of `key`: whether its instance may be stored (false: invalidated, or unknown), its
    /// waiting threads and the serial they wait on, and whether an entry of its key may be filed (filing replaces it).
    @inline(__always)
    package mutating func endBuild(
        of key: StorageKey, hash: Int, by builder: ObjectIdentifier
    ) -> (valid: Bool, waiting: Int, serial: UInt64, mayFindFiled: Bool) {
        // One at most: a second claim of the key by its builder is a cycle, and is not recorded.
        let index = inFlight.firstIndex { $0.hash == hash && $0.builder == builder && $0.key == key }
        guard let index else { return (false, 0, 0, true) }
        let end = inFlight.read(index) { (!$0.invalidated, $0.waiting, $0.serial, $0.mayFindFiled) }
        inFlight.remove(at: index)
        return end
    }

    /// Marks the builds in flight that `shouldInvalidate` selects; returns those it invalidated now.
    package mutating func invalidateBuilds(
        exempting exempt: ObjectIdentifier?, _ exemptBuild: ObjectIdentifier?,
        where shouldInvalidate: (StorageKey, Scope) -> Bool
    ) -> [(builder: ObjectIdentifier, key: StorageKey, scope: Scope)] {
        var invalidated: [(builder: ObjectIdentifier, key: StorageKey, scope: Scope)] = []
        for index in inFlight.indices
        where inFlight.read(index, { !$0.invalidated && $0.builder != exempt && $0.builder != exemptBuild })
            && inFlight.read(index, { shouldInvalidate($0.key, $0.scope) }) {
            inFlight.update(index) { $0.invalidated = true }
            invalidated.append(inFlight.read(index) { ($0.builder, $0.key, $0.scope) })
        }
        return invalidated
    }

    package var hasBuildsInFlight: Bool { !inFlight.isEmpty }  // whether any build is in flight, invalidated or not
    /// Whether a build of `scope` is in flight (not yet invalidated).
    package func isBuilding(_ scope: Scope) -> Bool {
        inFlight.firstIndex { $0.scope === scope && !$0.invalidated } != nil
    }

    /// Files `entry` as the newest; returns the entries it replaces (nil: none, the usual case, no array touched).
    /// `firstCapacity`: the first allocation's, for the first entry (``InstanceStorage/expectedEntries``; at least 8).
    @inline(__always)
    package mutating func append(
        _ entry: consuming StoredEntry, hash: Int, mayFindFiled: Bool = true, firstCapacity: Int = 0
    ) -> [StoredEntry]? {
        entry.hash = hash
        var replaced: [StoredEntry]?
        if mayFindFiled, let position = position(of: entry.key, hash: hash), let dead = remove(at: position) {
            replaced = [dead]
        }
        if entries.capacity == 0 { entries.reserveCapacity(max(8, firstCapacity)) }
        positions?[entry.key] = entries.count
        entries.append(consume entry)
        if positions == nil && entries.count > Self.linearLimit { reindex() }
        // Read in place once filed (a look at `entry` before would copy its holding).
        if case .weak = entries[entries.count - 1].holding {
            weakEntries += 1
            if weakEntries > weakSweepAt { replaced = (replaced ?? []) + sweepDeadWeakEntries() }
        }
        return replaced
    }
    /// Takes `spare` (emptied, with room: a closed sibling's, ``ContainerNode``) as the first
    /// allocation of a table that has none yet, leaving `[]` in its place (swapped: no copy).
    package mutating func adopt(_ spare: inout [StoredEntry]) {
        if entries.capacity == 0 && spare.isEmpty { swap(&entries, &spare) }
    }
    @discardableResult
    package mutating func remove(at position: Int) -> StoredEntry? {
        let entry = vacate(position)
        tidy()
        return entry
    }

    /// Removes every finished entry `shouldRemove` selects (nil: every one, unasked), oldest first.
    package mutating func removeAll(where shouldRemove: ((StoredEntry) -> Bool)? = nil) -> [StoredEntry] {
        if holes == 0 && shouldRemove.map({ entries.allSatisfy($0) }) ?? true {
            // Everything goes (close, reset): hand the entries over whole, no copy.
            let all = entries
            entries = []
            weakEntries = 0
            if positions != nil { positions = [:] }
            return all
        }
        var removed: [StoredEntry] = []
        for index in entries.indices where !entries[index].isVacant && shouldRemove?(entries[index]) ?? true {
            if let entry = vacate(index) { removed.append(entry) }
        }
        tidy()
        return removed
    }
    package var filedCount: Int { entries.count - holes }  // number of finished entries filed, dead weak ones included
    package func count(where predicate: (StoredEntry) -> Bool) -> Int {
        entries.reduce(0) { $0 + (!$1.isVacant && predicate($1) ? 1 : 0) }
    }
    /// Makes a hole of `position`; returns what was filed there (nil for a hole).
    private mutating func vacate(_ position: Int) -> StoredEntry? {
        guard !entries[position].isVacant else { return nil }
        let entry = entries[position]
        if case .weak = entry.holding { weakEntries -= 1 }
        entries[position].holding = .vacant
        positions?.removeValue(forKey: entry.key)
        holes += 1
        return entry
    }

    /// Drops trailing holes, and compacts once holes are most of a large table.
    private mutating func tidy() {
        while let last = entries.last, last.isVacant {
            entries.removeLast()
            holes -= 1
        }
        guard holes > Self.linearLimit && holes * 2 > entries.count else { return }
        var kept: [StoredEntry] = []
        kept.reserveCapacity(entries.count - holes)
        for index in entries.indices where !entries[index].isVacant { kept.append(entries[index]) }
        entries = kept
        holes = 0
        if positions != nil { reindex() }
    }

    private mutating func sweepDeadWeakEntries() -> [StoredEntry] {
        var dead: [StoredEntry] = []
        for index in entries.indices {
            guard case .weak(let weak) = entries[index].holding, weak.object == nil, let entry = vacate(index) else {
                continue
            }
            dead.append(entry)
        }
        tidy()
        weakSweepAt = max(Self.linearLimit, weakEntries * 2)
        return dead
    }

    private mutating func reindex() {
        var positions: [StorageKey: Int] = [:]
        positions.reserveCapacity(entries.count * 2)
        for index in entries.indices where !entries[index].isVacant { positions[entries[index].key] = index }
        self.positions = positions
    }
}

// MARK: Entries

package struct StoredEntry {
    /// How the entry holds its instance: strongly, weakly (`.shared`), or no more.
    package enum Holding {
        case strong(AnyObject)  // a ``Payload``
        case weak(WeakInstance)
        case vacant  // removed from its ``EntryTable`` (a hole until the table is compacted)
        package var isVacant: Bool {
            if case .vacant = self { return true }
            return false
        }
        /// The instance held here, as a lookup returns it: nil when vacant or a weak instance died.
        package var held: Lookup? {
            switch self {
            case .strong(let payload): .held(payload)
            case .weak(let weak): weak.object.map { .heldWeakly($0) }
            case .vacant: nil
            }
        }
    }

    package var holding: Holding
    package let key: StorageKey
    package unowned(unsafe) let scope: Scope  // unretained: every scope lives for the process
    private let extras: Extras?  // what few entries carry (a singleton's reporter, a deadline, a leak report's chain)
    private final class Extras {
        weak var reporter: ContainerNode?
        let deadline: UInt64, builtThrough: [StorageKey]
        init(_ reporter: ContainerNode?, _ deadline: UInt64, _ builtThrough: [StorageKey]) {
            (self.reporter, self.deadline, self.builtThrough) = (reporter, deadline, builtThrough)
        }
    }

    package init(
        holding: Holding, key: StorageKey, scope: Scope, reporter: ContainerNode? = nil, deadline: UInt64 = 0,
        builtThrough: [StorageKey]? = nil
    ) {
        (self.holding, self.key, self.scope) = (holding, key, scope)
        // nil, not `[]`, when there is no chain: the usual entry touches no array.
        let plain = reporter == nil && deadline == 0 && builtThrough?.isEmpty != false
        extras = plain ? nil : Extras(reporter, deadline, builtThrough ?? [])
    }

    /// For singletons (a storage shared by every root): the root that resolved it.
    package var reporter: ContainerNode? { extras?.reporter }
    /// For a factory with a time to live (`.timeToLive`): when the instance expires.
    package var deadline: UInt64 { extras?.deadline ?? 0 }
    /// The builds whose bodies made the instance, outermost first.
    package var builtThrough: [StorageKey] { extras?.builtThrough ?? [] }
    package var hash = 0  // the quick hash of `key`'s registration, set when the entry is filed

    /// The instance's identity when it is a class instance (for events).
    package var instance: ObjectIdentifier? {
        switch holding {
        case .vacant: nil
        case .strong(let payload): Payload.identity(of: payload)
        case .weak(let weak): weak.identity
        }
    }
    package var isVacant: Bool { holding.isVacant }
    package var isAlive: Bool { holding.held != nil }  // whether an instance is held (false once a weak one died)
}

// MARK: Keys

@usableFromInline
package struct StorageKey: Hashable, CustomStringConvertible {
    package let registration: RegistrationKey
    /// The parameter of a per-parameter factory's instance (nil for every other), boxed.
    package let parameterBox: ParameterBox?
    @usableFromInline
    package init(_ registration: RegistrationKey, box: ParameterBox? = nil) {
        self.registration = registration
        self.parameterBox = box
    }
    @usableFromInline package static func == (lhs: StorageKey, rhs: StorageKey) -> Bool {
        guard lhs.registration == rhs.registration else { return false }
        // No parameter on either side (the usual key): compared without retaining a box.
        if lhs.parameterBox == nil && rhs.parameterBox == nil { return true }
        return ParameterBox.same(lhs.parameterBox, rhs.parameterBox)
    }
    @usableFromInline package func hash(into hasher: inout Hasher) {
        hasher.combine(registration)
        if let parameterBox { hasher.combine(parameterBox.hash) }
    }
    /// What `Dictionary` hashes with: the registration's ``RegistrationKey/quickHash`` mixed with the
    /// table's seed, no SipHash run over it (a parameter, when there is one, is hashed normally).
    @usableFromInline package func _rawHashValue(seed: Int) -> Int {
        var hash = UInt(bitPattern: registration.quickHash ^ seed) &* 0x9E37_79B9_7F4A_7C15
        if let parameterBox { hash ^= UInt(bitPattern: parameterBox.hash) }
        return Int(bitPattern: hash ^ (hash >> 29))
    }

    /// `detail[3] (DetailViewModel)`.
    @usableFromInline package var description: String {
        guard let parameterBox else { return registration.description }
        return "\(registration.memberName)[\(parameterBox.description)] (\(registration.typeName))"
    }
}

// MARK: Payloads: the forms an instance takes in storage, in a graph and in events

/// Strong storage of an instance that is not itself a class instance (a struct, an existential).
@usableFromInline
package class AnyInstanceBox {
    @usableFromInline init() {}
    /// The boxed value's identity when it is a class instance (for events).
    package var identity: ObjectIdentifier? { nil }
    /// The boxed value when it is a class instance (an existential, an optional).
    package var classInstance: AnyObject? { nil }
    /// Whether the boxed value is an optional's `nil`, which no scope keeps (as in Factory).
    package var holdsNil: Bool { false }
}

@usableFromInline
package final class InstanceBox<T>: AnyInstanceBox {
    @usableFromInline package let value: T
    @usableFromInline package init(_ value: T) { self.value = value }
    override package var identity: ObjectIdentifier? {
        type(of: value as Any) is AnyClass ? ObjectIdentifier(value as AnyObject) : nil
    }
    override package var classInstance: AnyObject? { Payload.classInstance(in: value) }
    override package var holdsNil: Bool { (value as? any OptionalUnwrapping).map { $0.unwrappedAny == nil } ?? false }
}

/// How an instance is kept in storage and in a graph: a class instance as itself.
@usableFromInline
package enum Payload {
    /// Whether a `T` is kept as itself: a class type (one word). Constant once `T` is known.
    @inlinable @inline(__always)
    package static func isDirect<T>(_: T.Type) -> Bool {
        T.self is AnyObject.Type && MemoryLayout<T>.size == MemoryLayout<AnyObject>.size
    }
    @inlinable @inline(__always)
    package static func wrap<T>(_ value: T) -> AnyObject {
        isDirect(T.self) ? unsafeBitCast(value, to: AnyObject.self) : InstanceBox(value)
    }
    @inlinable @inline(__always)
    package static func unwrap<T>(_ payload: AnyObject, as _: T.Type) -> T {
        isDirect(T.self) ? unsafeBitCast(payload, to: T.self) : unsafeDowncast(payload, to: InstanceBox<T>.self).value
    }
    /// A `.shared` instance read back from its weak reference.
    @inlinable @inline(__always)
    package static func unwrapWeak<T>(_ object: AnyObject, as _: T.Type) -> T {
        isDirect(T.self) ? unsafeBitCast(object, to: T.self) : object as! T
    }
    /// What `.shared` keeps weakly of `value`: the class instance.
    @inlinable
    package static func weakTarget<T>(of value: T) -> AnyObject? {
        isDirect(T.self) ? wrap(value) : classInstance(in: value)
    }
    /// The class instance in `value`, unwrapping optionals; nil for anything else.
    @usableFromInline
    package static func classInstance(in value: Any) -> AnyObject? {
        if let optional = value as? any OptionalUnwrapping { return optional.unwrappedAny.flatMap(classInstance(in:)) }
        return type(of: value) is AnyClass ? value as AnyObject : nil
    }
    package static func identity(of payload: AnyObject) -> ObjectIdentifier? {
        if let box = payload as? AnyInstanceBox { return box.identity }
        return ObjectIdentifier(payload)
    }
}

/// Weak storage of a class instance (the `.shared` scope).
package final class WeakInstance {
    package weak let object: AnyObject?  // a `let`: a `var` of a class is read through a dynamic exclusivity check
    package let identity: ObjectIdentifier
    package init(_ object: AnyObject) {
        self.object = object
        identity = ObjectIdentifier(object)
    }
}

/// An `Optional` of any type, unwrapped without knowing it (`.shared` of `Factory<T?>`).
package protocol OptionalUnwrapping {
    var unwrappedAny: Any? { get }  // the wrapped value, or nil
}

extension Optional: OptionalUnwrapping {
    package var unwrappedAny: Any? { map { $0 as Any } }
}
