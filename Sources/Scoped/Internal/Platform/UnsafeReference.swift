// Unsafe-code rule: every place where Scoped takes an object out of Swift's reference
// counting goes through `UnsafeReference`: a retain or release by hand, a reference passed
// without a retain, a reference as a machine word (in an atomic or a pthread-specific
// slot) and back. Each operation is sound only under the precondition written on it, which
// answers one question: who keeps the object alive meanwhile? Review a new use against it;
// do not reach for `Unmanaged` or `UnsafeRawPointer(bitPattern:)` elsewhere. One measured
// exception: a factory value's `NodeReference`, a bare `Unmanaged` (end of file).
//
// Why it is sound at all: a class instance is a heap pointer at least 8-byte aligned, so a
// reference fits a `UInt` with bit 0 free for a tag. What the compiler no longer tracks is
// the count: every `retaining` is matched by exactly one `release` or `takeRetained`, and an
// unretained reference must not outlive the owner its precondition names.
//
// Everything is `@inlinable @inline(__always)`: the resolve fast path must cost no more
// than the bare `Unmanaged` calls.

/// A reference to `Object` that Swift's reference counting does not manage.
@usableFromInline
package struct UnsafeReference<Object: AnyObject> {
    @usableFromInline let unmanaged: Unmanaged<Object>

    @inlinable @inline(__always)
    init(_ unmanaged: Unmanaged<Object>) {
        self.unmanaged = unmanaged
    }

    /// `object` retained by hand (+1). Precondition: exactly one ``release()`` or
    /// ``takeRetained()`` follows, on it or on one rebuilt from its ``bits`` or ``opaque``.
    @inlinable @inline(__always)
    package static func retaining(_ object: Object) -> UnsafeReference {
        UnsafeReference(.passRetained(object))
    }

    /// `object` without a retain (+0). Precondition: something named at the call site
    /// keeps `object` alive while this reference, its ``bits`` or its ``opaque`` is used.
    @inlinable @inline(__always)
    package static func unretained(_ object: Object) -> UnsafeReference {
        UnsafeReference(.passUnretained(object))
    }

    /// The reference a word from ``bits`` stands for (no count changes). Precondition:
    /// `bits` came from ``bits`` of an `Object`'s reference (tag cleared), still alive.
    @inlinable @inline(__always)
    package init(bits: UInt) {
        self.init(.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped))
    }

    /// The reference an ``opaque`` pointer stands for. Precondition: as ``init(bits:)``'s.
    @inlinable @inline(__always)
    package init(opaque: UnsafeRawPointer) {
        self.init(.fromOpaque(opaque))
    }

    /// The reference as a machine word, never 0, bit 0 clear. Changes no count.
    @inlinable @inline(__always)
    package var bits: UInt { UInt(bitPattern: unmanaged.toOpaque()) }

    /// The reference as a pointer, for C's `void *`. Changes no count.
    @inlinable @inline(__always)
    package var opaque: UnsafeMutableRawPointer { unmanaged.toOpaque() }

    /// Runs `body` with the object borrowed (no retain, no release), alive until it returns.
    /// `body` does not throw: a `rethrows` one was not inlined into the caller (BENCHMARKS.md).
    @inlinable @inline(__always)
    package func withBorrowed<Result>(_ body: (Object) -> Result) -> Result {
        unmanaged._withUnsafeGuaranteedRef(body)
    }

    /// A strong reference to the object. Precondition: the object is alive now.
    @inlinable @inline(__always)
    package var object: Object { unmanaged.takeUnretainedValue() }

    /// Adds one retain by hand (+1) to the live object, given back by one ``release()`` or
    /// ``takeRetained()``.
    @inlinable @inline(__always)
    package func retain() {
        _ = unmanaged.retain()
    }

    /// Gives back one retain by hand (-1), which this reference holds and nothing else
    /// gives back. The `deinit` may run here: hold no lock it might take.
    @inlinable @inline(__always)
    package func release() {
        unmanaged.release()
    }

    /// The object, taking over this reference's retain. Precondition: as ``release()``'s.
    @inlinable @inline(__always)
    package func takeRetained() -> Object {
        unmanaged.takeRetainedValue()
    }
}

extension UnsafeReference: Sendable where Object: Sendable {}

/// A factory value's reference to its container's node, kept alive by the value's
/// `nodeOwner` (the manager, or the process). A bare `Unmanaged`: wrapped in an
/// `UnsafeReference`, the optimizer kept a retain and release of the node in the
/// specialised `resolve` (BENCHMARKS.md, *Measured choices behind the code*).
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

extension StaticString {
    /// The literal's address as a word (a `RegistrationKey`'s `#fileID` and name): literals live for
    /// the process, NUL-terminated.
    @inlinable @inline(__always)
    package var addressBits: UInt { UInt(bitPattern: utf8Start) }

    /// The NUL-terminated literal at `bits` (an ``addressBits``) as a `String`.
    package static func text(atBits bits: UInt) -> String {
        String(cString: UnsafePointer<UInt8>(bitPattern: bits).unsafelyUnwrapped)
    }

    /// The `count` bytes of UTF-8 at `bits` (a ``RegistrationKey``'s name) as a `String`.
    package static func text(atBits bits: UInt, count: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: UnsafePointer<UInt8>(bitPattern: bits), count: count), as: UTF8.self)
    }

    /// Whether the `count` bytes at `lhs` and at `rhs` (two ``addressBits``) are equal.
    package static func bytesEqual(atBits lhs: UInt, _ rhs: UInt, count: Int) -> Bool {
        guard let lhs = UnsafeRawPointer(bitPattern: lhs), let rhs = UnsafeRawPointer(bitPattern: rhs) else { return lhs == rhs }
        return Platform.bytesEqual(lhs, rhs, count: count)
    }
}
