// Concurrency rule: an `AtomicWord` is a handle to one cell at a fixed address; every
// read and write of the cell is a C11 atomic operation (CScopedPlatform.h) with the
// ordering the caller names. No lock is involved, and no user code runs inside any
// operation.
//
// Why a cell at a fixed address: C11 atomics act on an address, and Swift gives no
// stable address to a stored property (an `&property` argument may be a temporary
// copy). So each owner allocates its cells in `init` and frees them in `deinit`, and
// process-wide cells are C globals (CScopedPlatform.c), allocated statically. This file
// is the only place that touches the cells' memory.
import CScopedPlatform

/// A memory ordering of an atomic operation (C11's, named as Swift's `Synchronization`
/// names them).
@usableFromInline
package enum AtomicOrdering {
    case relaxed, acquiring, releasing, acquiringAndReleasing, sequentiallyConsistent

    /// The C11 ordering. A constant at every call site, so an optimised build folds it.
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

/// A pointer-sized unsigned word, read and written atomically, at a fixed heap address.
///
/// A handle: copies refer to the same cell. The owner calls ``deallocate()`` once, in
/// its `deinit`, when no other thread can reach the cell any more.
@usableFromInline
package struct AtomicWord: @unchecked Sendable { // @unchecked: no lock; every access to `cell` is a C11 atomic operation.
    @usableFromInline let cell: UnsafeMutablePointer<scoped_atomic_uintptr>

    /// A new cell holding `initial`.
    package init(_ initial: UInt = 0) {
        cell = .allocate(capacity: 1)
        scoped_atomic_uintptr_init(cell, initial)
    }

    /// The cell at `cell` (one of an ``AtomicWords`` table).
    @inline(__always)
    init(cell: UnsafeMutablePointer<scoped_atomic_uintptr>) {
        self.cell = cell
    }

    /// Frees the cell (its owner's `deinit`).
    package func deallocate() {
        cell.deallocate()
    }

    @inlinable @inline(__always)
    package func load(ordering: AtomicOrdering) -> UInt {
        scoped_atomic_uintptr_load(cell, ordering.c)
    }

    @inlinable @inline(__always)
    package func store(_ value: UInt, ordering: AtomicOrdering) {
        scoped_atomic_uintptr_store(cell, value, ordering.c)
    }

    /// Stores `value`; returns the value it replaced.
    @inline(__always)
    package func exchange(_ value: UInt, ordering: AtomicOrdering) -> UInt {
        scoped_atomic_uintptr_exchange(cell, value, ordering.c)
    }

    /// Stores `desired` if the word holds `expected`, and returns true; otherwise puts the
    /// word's value in `expected` and returns false.
    @inline(__always)
    package func compareExchange(
        expected: inout UInt, desired: UInt, ordering: AtomicOrdering, failureOrdering: AtomicOrdering
    ) -> Bool {
        scoped_atomic_uintptr_compare_exchange(cell, &expected, desired, ordering.c, failureOrdering.c)
    }

    /// Adds `operand` (wrapping); returns the new value.
    @inline(__always) @discardableResult
    package func add(_ operand: UInt, ordering: AtomicOrdering) -> UInt {
        scoped_atomic_uintptr_fetch_add(cell, operand, ordering.c) &+ operand
    }

    /// Subtracts `operand` (wrapping); returns the new value.
    @inline(__always) @discardableResult
    package func subtract(_ operand: UInt, ordering: AtomicOrdering) -> UInt {
        scoped_atomic_uintptr_fetch_sub(cell, operand, ordering.c) &- operand
    }
}

/// A table of atomic words in one allocation (a hash table's buckets), all 0 at first.
/// A handle: the owner calls ``deallocate()`` once, in its `deinit`.
package struct AtomicWords: @unchecked Sendable { // @unchecked: no lock; every access to a cell is a C11 atomic operation.
    private let base: UnsafeMutablePointer<scoped_atomic_uintptr>

    /// A table of `count` words.
    ///
    /// - Parameter alignment: Of the table's first word, in bytes: a cache line's (64)
    ///   keeps a table read by every thread off the lines that objects written by every
    ///   thread sit on (ContainerManager.swift).
    package init(count: Int, alignment: Int = MemoryLayout<scoped_atomic_uintptr>.alignment) {
        base = UnsafeMutableRawPointer
            .allocate(byteCount: count * MemoryLayout<scoped_atomic_uintptr>.stride, alignment: alignment)
            .bindMemory(to: scoped_atomic_uintptr.self, capacity: count)
        for index in 0..<count { scoped_atomic_uintptr_init(base + index, 0) }
    }

    package func deallocate() {
        UnsafeMutableRawPointer(base).deallocate()
    }

    /// The word at `index` (unchecked: the owner keeps its own bound).
    @inline(__always)
    package subscript(index: Int) -> AtomicWord {
        AtomicWord(cell: base + index)
    }
}

/// The process-wide words: statically allocated in C, so their address is a link-time
/// constant and reading one needs no lazy-initialisation check.
package enum ProcessWideWord: Int32 {
    /// Observers installed anywhere (EventHub.swift).
    case observersInstalled = 0
    /// Container worlds entered right now (WorldNode.swift).
    case containerWorldsEntered = 1
    /// 1 once any container world made a world root (WorldNode.swift).
    case worldRootEverMade = 2
    /// Overrides registered on lifetime scopes (not roots), anywhere (ContainerNode.swift).
    case childOverrides = 3
    /// Observers installed on lifetime scopes (not roots), anywhere (EventHub.swift).
    case childObservers = 4
    /// Threads building a view model with injection containers right now (InjectionContainers.swift).
    case injectionContainersEntered = 5
    /// Changes to any container's overrides, ever: a resolve that read the overrides
    /// before one claims again instead of building with a replaced body (Resolve.swift).
    case overrideChanges = 6
    /// Whether released instances are checked for leaks: the grace period's switch and
    /// the immediate checks in progress (LeakCheck.swift).
    case leakCheck = 7
    // Raw values stay below SCOPED_PROCESS_WORDS (8).

    /// The word.
    @inline(__always)
    package var word: AtomicWord { AtomicWord(cell: scoped_process_word(rawValue)) }
}

/// The process-wide 64-bit counters (numbers and sequences that must not wrap on
/// 32-bit watchOS), statically allocated in C.
package enum ProcessWideCounter: Int32 {
    /// Scope node numbers (ContainerNode.swift).
    case scopeNodeNumbers = 0
    /// Container world numbers (WorldNode.swift).
    case worldNumbers = 1
    /// Event sequence numbers (EventHub.swift).
    case eventSequence = 2
    /// Observer ids (EventHub.swift).
    case observerIDs = 3
    /// Storage closes: a close records the count it made, a thread's outermost resolve
    /// the count it saw, so that the nested resolves of a build a close overtook are told
    /// apart from resolves that began after it (Resolve.swift).
    case closes = 4
    // Raw values stay below SCOPED_PROCESS_COUNTERS (8).

    /// The count now (relaxed).
    @inline(__always)
    package var current: UInt64 {
        scoped_atomic_uint64_load(scoped_process_counter(rawValue), memory_order_relaxed)
    }

    /// Adds one (relaxed: the value is a name, not a synchronisation point); returns the
    /// new value, so the first call returns 1.
    @inline(__always)
    package func next() -> UInt64 {
        scoped_atomic_uint64_fetch_add(scoped_process_counter(rawValue), 1, memory_order_relaxed) &+ 1
    }
}
