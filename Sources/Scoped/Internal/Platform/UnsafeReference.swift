// Unsafe-code rule: every place where Scoped takes an object out of Swift's reference
// counting goes through `UnsafeReference`: a retain or release by hand, a reference
// passed without a retain, a reference turned into a machine word (to sit in an atomic
// or a pthread-specific slot) and back. Each operation is sound only under the
// precondition written on it, which always answers one question: who keeps the object
// alive meanwhile? Review a new use against that precondition; do not reach for
// `Unmanaged` or `UnsafeRawPointer(bitPattern:)` anywhere else. The uses: `HeldIndex`
// (slots as words), `Lazy` (its resolved box), `ResolutionContext` and `Platform` (the
// thread's context as pthread-specific data), `ContainerNode.rootStorage`, `InstanceStorage.readIndex` (borrowed on every resolve),
// `ContainerNode`'s parent and manager words (retained by hand, given back through the
// release queue), `ContainerManager`'s keeper cells (retained keepers as words, given
// back in its `deinit`) and `ContainerManager.processWide()` (one retain never given back).
// One exception, measured and kept here: a factory value's `NodeReference`, a bare `Unmanaged`
// with two named accessors (end of file). Integer-to-pointer helpers (a `StaticString`'s
// address as a word, and back) sit here too.
//
// Why it is sound at all: a Swift class instance is a heap pointer whose low bit is 0
// (objects are at least 8-byte aligned), so a reference fits a `UInt` with bit 0 free
// for a tag, and a `UInt` that came from `bits` names the same object again. What the
// compiler no longer tracks is the count: every `retaining` must be matched by exactly
// one `release` or `takeRetained`, and an unretained reference must not outlive the owner
// its precondition names.
//
// Everything is `@inlinable @inline(__always)`: the type is a `Unmanaged` with the
// preconditions written down, and the resolve fast path (HeldIndex.read, Lazy's call,
// ResolutionContext.withCurrent) must cost no more than the bare `Unmanaged` calls did.

/// A reference to `Object` that Swift's reference counting does not manage: retained or
/// not by hand, stored as a machine word, read back without a retain.
@usableFromInline
package struct UnsafeReference<Object: AnyObject> {
    @usableFromInline let unmanaged: Unmanaged<Object>

    @inlinable @inline(__always)
    init(_ unmanaged: Unmanaged<Object>) {
        self.unmanaged = unmanaged
    }

    // MARK: Making one

    /// `object` with one retain added by hand (+1): the reference itself now keeps the
    /// object alive.
    ///
    /// Precondition: exactly one ``release()`` or ``takeRetained()`` follows, on this
    /// reference or on one rebuilt from its ``bits`` or ``opaque``.
    @inlinable @inline(__always)
    package static func retaining(_ object: Object) -> UnsafeReference {
        UnsafeReference(.passRetained(object))
    }

    /// `object` without a retain (+0).
    ///
    /// Precondition: something else (named at the call site: a stored property, the
    /// caller's stack frame, the process) keeps `object` alive for as long as this
    /// reference, its ``bits`` or its ``opaque`` pointer is used.
    @inlinable @inline(__always)
    package static func unretained(_ object: Object) -> UnsafeReference {
        UnsafeReference(.passUnretained(object))
    }

    /// The reference a word from ``bits`` stands for (the count is not changed).
    ///
    /// Precondition: `bits` came from ``bits`` of an `UnsafeReference` to an `Object` (any
    /// tag bit cleared by the caller), and that object is still alive: retained by the
    /// word's owner, or kept by what the unretained reference's precondition named.
    @inlinable @inline(__always)
    package init(bits: UInt) {
        self.init(.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped))
    }

    /// The reference an ``opaque`` pointer stands for (the count is not changed).
    ///
    /// Precondition: as for ``init(bits:)``: `opaque` came from ``opaque`` of a reference
    /// to an `Object` that is still alive.
    @inlinable @inline(__always)
    package init(opaque: UnsafeRawPointer) {
        self.init(.fromOpaque(opaque))
    }

    // MARK: As a word

    /// The reference as a machine word, never 0, bit 0 clear (free for a tag): for an
    /// atomic cell. Changes no count: the word is as retained as this reference was.
    @inlinable @inline(__always)
    package var bits: UInt { UInt(bitPattern: unmanaged.toOpaque()) }

    /// The reference as a pointer: for C APIs that keep a `void *` (pthread-specific
    /// data). Changes no count.
    @inlinable @inline(__always)
    package var opaque: UnsafeMutableRawPointer { unmanaged.toOpaque() }

    // MARK: Using it

    /// Runs `body` with the object borrowed: no retain, no release around the call.
    ///
    /// Precondition: the object stays alive until `body` returns (its owner, named by the
    /// caller, does not let go meanwhile); `body` may retain it to keep it longer.
    ///
    /// `body` does not throw: unlike the `rethrows` original, that lets the optimizer
    /// inline it into a caller's closure (BENCHMARKS.md, *Measured choices behind the code*).
    @inlinable @inline(__always)
    package func withBorrowed<Result>(_ body: (Object) -> Result) -> Result {
        unmanaged._withUnsafeGuaranteedRef(body)
    }

    /// A strong reference to the object (retained for the caller, as any strong load).
    ///
    /// Precondition: the object is alive now (see ``init(bits:)``).
    @inlinable @inline(__always)
    package var object: Object { unmanaged.takeUnretainedValue() }

    /// Adds one retain by hand (+1), to be given back by one ``release()`` or
    /// ``takeRetained()``.
    ///
    /// Precondition: the object is alive now.
    @inlinable @inline(__always)
    package func retain() {
        _ = unmanaged.retain()
    }

    /// Gives back one retain by hand (-1); the object may be freed here, running its
    /// `deinit` on this thread.
    ///
    /// Precondition: this reference (or the one its word came from) holds a retain that
    /// nothing else will give back: from ``retaining(_:)`` or ``retain()``. Never call it
    /// with a lock held that the object's `deinit` might take.
    @inlinable @inline(__always)
    package func release() {
        unmanaged.release()
    }

    /// The object as a strong reference that takes over this reference's retain (no count
    /// changes: the caller now owns the +1 that ``retaining(_:)`` or ``retain()`` added).
    ///
    /// Precondition: as for ``release()``.
    @inlinable @inline(__always)
    package func takeRetained() -> Object {
        unmanaged.takeRetainedValue()
    }
}

/// A reference to a `Sendable` object may cross threads like the object itself (the
/// stored `Unmanaged` is `Sendable` under the same condition).
extension UnsafeReference: Sendable where Object: Sendable {}

// MARK: A factory value's node

/// A factory value's reference to its container's node: a bare `Unmanaged`, the one use of
/// it outside `UnsafeReference`, under the same rule. Precondition: the value's
/// `nodeOwner` (the manager, or the process for a process-wide container) keeps the node
/// alive. Not an `UnsafeReference`: wrapped, the optimizer no longer removed a retain and
/// release of the node in the specialised `resolve` (BENCHMARKS.md, *Measured choices
/// behind the code*).
@usableFromInline
package typealias NodeReference = Unmanaged<ContainerNode>

extension Unmanaged where Instance == ContainerNode {
    /// `manager`'s node, not retained.
    @inlinable @inline(__always)
    package static func node(of manager: ContainerManager) -> NodeReference { .passUnretained(manager.node) }

    /// Runs `body` with the node borrowed, without a retain.
    @inlinable @inline(__always)
    package func withNode<R>(_ body: (ContainerNode) throws -> R) rethrows -> R {
        try _withUnsafeGuaranteedRef(body)
    }

    /// The node, retained for the caller.
    @inlinable @inline(__always)
    package var node: ContainerNode { takeUnretainedValue() }
}

// MARK: String literals as words

extension StaticString {
    /// The literal's address as a word (how a `RegistrationKey` keeps its `#fileID`): a
    /// literal lives in the binary's constant data for the life of the process, and every
    /// Swift string literal is NUL-terminated there.
    @inlinable @inline(__always)
    package var addressBits: UInt { UInt(bitPattern: utf8Start) }

    /// The NUL-terminated literal at `bits` (an ``addressBits``) as a `String`.
    package static func text(atBits bits: UInt) -> String {
        String(cString: UnsafePointer<UInt8>(bitPattern: bits).unsafelyUnwrapped)
    }
}
