// Concurrency rule: an `AtomicWord` is a handle to one cell at a fixed address; every access is a C11 atomic
// operation (CScopedPlatform.h) with the ordering the caller names. No lock, no user code. A fixed address because
// C11 atomics act on an address and a Swift stored property has none that is stable: owners allocate cells in `init`
// and free them in `deinit`; process-wide cells are static C globals.
import CScopedPlatform

/// A C11 memory ordering, named as Swift's `Synchronization` names them.
@usableFromInline
package enum AtomicOrdering {
    case relaxed, acquiring, releasing, acquiringAndReleasing, sequentiallyConsistent
    /// A constant at every call site, so an optimised build folds the switch.
    @inlinable @inline(__always)
    var c: memory_order {
        switch self {
        case .relaxed: return memory_order_relaxed
        case .acquiring: return memory_order_acquire
        case .releasing: return memory_order_release
        case .acquiringAndReleasing: return memory_order_acq_rel
        case .sequentiallyConsistent: return memory_order_seq_cst
        }
    }
}

/// A pointer-sized atomic word at a fixed heap address. A handle: copies share the cell; the
/// owner calls ``deallocate()`` once. `add` and `subtract` wrap and return the new value.
@usableFromInline
package struct AtomicWord: @unchecked Sendable { // @unchecked: no lock; every access to `cell` is a C11 atomic operation.
    @usableFromInline let cell: UnsafeMutablePointer<scoped_atomic_uintptr>
    package init(_ initial: UInt = 0) {
        cell = .allocate(capacity: 1)
        scoped_atomic_uintptr_init(cell, initial)
    }
    @inline(__always)
    init(cell: UnsafeMutablePointer<scoped_atomic_uintptr>) { self.cell = cell }
    package func deallocate() { cell.deallocate() }
    @inlinable @inline(__always)
    package func load(ordering: AtomicOrdering) -> UInt { scoped_atomic_uintptr_load(cell, ordering.c) }
    @inlinable @inline(__always)
    package func store(_ value: UInt, ordering: AtomicOrdering) { scoped_atomic_uintptr_store(cell, value, ordering.c) }
    @inline(__always)
    package func exchange(_ value: UInt, ordering: AtomicOrdering) -> UInt {
        scoped_atomic_uintptr_exchange(cell, value, ordering.c)
    }
    @inline(__always)
    package func compareExchange(
        expected: inout UInt, desired: UInt, ordering: AtomicOrdering, failureOrdering: AtomicOrdering
    ) -> Bool {
        scoped_atomic_uintptr_compare_exchange(cell, &expected, desired, ordering.c, failureOrdering.c)
    }
    @inline(__always) @discardableResult
    package func add(_ operand: UInt, ordering: AtomicOrdering) -> UInt {
        scoped_atomic_uintptr_fetch_add(cell, operand, ordering.c) &+ operand
    }
    @inline(__always) @discardableResult
    package func subtract(_ operand: UInt, ordering: AtomicOrdering) -> UInt {
        scoped_atomic_uintptr_fetch_sub(cell, operand, ordering.c) &- operand
    }
}

/// Atomic words in one allocation, all 0 at first; a handle, its subscript unchecked.
package struct AtomicWords: @unchecked Sendable { // @unchecked: no lock; every access to a cell is a C11 atomic operation.
    private let base: UnsafeMutablePointer<scoped_atomic_uintptr>
    /// - Parameter alignment: A cache line's (64) keeps a table off lines others write.
    package init(count: Int, alignment: Int = MemoryLayout<scoped_atomic_uintptr>.alignment) {
        base = UnsafeMutableRawPointer
            .allocate(byteCount: count * MemoryLayout<scoped_atomic_uintptr>.stride, alignment: alignment)
            .bindMemory(to: scoped_atomic_uintptr.self, capacity: count)
        for index in 0..<count { scoped_atomic_uintptr_init(base + index, 0) }
    }
    /// Words in memory someone else owns (``Locked/words``): never deallocated.
    init(base: UnsafeMutablePointer<scoped_atomic_uintptr>) { self.base = base }
    package func deallocate() { UnsafeMutableRawPointer(base).deallocate() }
    @inline(__always)
    package subscript(index: Int) -> AtomicWord { AtomicWord(cell: base + index) }
}

/// The process-wide words, static C globals; raw values stay below SCOPED_PROCESS_WORDS (8).
package enum ProcessWideWord: Int32 {
    case switches, childOverrides, childObservers, overrideChanges, mainThreadContext
    @inline(__always)
    package var word: AtomicWord { AtomicWord(cell: scoped_process_word(rawValue)) }
}

/// What is switched on in the process, a bit each, read with one relaxed load. A counted
/// switch is on while its count is not 0; the others are set where their setting is kept.
package struct Switches: OptionSet, Sendable {
    package let rawValue: UInt
    package init(rawValue: UInt) { self.rawValue = rawValue }
    // Counted: observers, entered worlds, threads in `resolving(through:_:)`, leak tests.
    package static var observers: Switches { Switches(rawValue: 1 << 0) }
    package static var worlds: Switches { Switches(rawValue: 1 << 1) }
    package static var injectionContainers: Switches { Switches(rawValue: 1 << 2) }
    package static var leakTests: Switches { Switches(rawValue: 1 << 3) }
    // Set: a leak grace period is set; a world root was ever made (a root's `deinit` looks).
    package static var leakGracePeriod: Switches { Switches(rawValue: 1 << 4) }
    package static var worldRootMade: Switches { Switches(rawValue: 1 << 5) }
    /// On before anything is set: the leak check in debug builds.
    #if DEBUG
    private static var initial: Switches { .leakGracePeriod }
    #else
    private static var initial: Switches { [] }
    #endif
    private static var word: AtomicWord { ProcessWideWord.switches.word }
    /// The counts by bit, the word set under this lock: never off while a count is not 0.
    private static let counts = Locked([Int](repeating: 0, count: UInt.bitWidth))
    @inline(__always)
    package static var now: Switches { Switches(rawValue: word.load(ordering: .relaxed) ^ initial.rawValue) }
    package var recordsLeakChains: Bool { !isDisjoint(with: [.leakTests, .leakGracePeriod]) }
    package var watchesReleases: Bool { contains(.leakTests) || isSuperset(of: [.leakGracePeriod, .observers]) }
    package static func count(_ switches: Switches, by delta: Int) {
        counts.withLock { counts in
            let bit = switches.rawValue.trailingZeroBitCount
            counts[bit] += delta
            set(switches, on: counts[bit] != 0)
        }
    }
    package static func set(_ switches: Switches, on: Bool) {
        let stored = (on ? switches.rawValue : 0) ^ (initial.rawValue & switches.rawValue)
        var current = word.load(ordering: .relaxed)
        while !word.compareExchange(
            expected: &current, desired: current & ~switches.rawValue | stored, ordering: .sequentiallyConsistent,
            failureOrdering: .relaxed)
        {}
    }
}

/// The process-wide 64-bit counters (no wrap on 32-bit watchOS), static C globals; raw
/// values stay below SCOPED_PROCESS_COUNTERS (8). `next()` is relaxed: the value is a name.
package enum ProcessWideCounter: Int32 {
    case scopeNodeNumbers, worldNumbers, eventSequence, observerIDs, closes
    @inline(__always)
    package var current: UInt64 {
        scoped_atomic_uint64_load(scoped_process_counter(rawValue), memory_order_relaxed)
    }
    @inline(__always)
    package func next() -> UInt64 {
        scoped_atomic_uint64_fetch_add(scoped_process_counter(rawValue), 1, memory_order_relaxed) &+ 1
    }
}
