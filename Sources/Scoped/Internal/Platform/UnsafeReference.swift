// Unsafe-code rule: Scoped takes an object out of reference counting (a retain or release by hand, a reference as a
// word and back) through `UnsafeReference`; the bare unretained references elsewhere (`NodeReference` below,
// Registration.swift's custom scope, the `unowned(unsafe)` scopes) are listed in Internal/README.md. Each operation
// is sound under its precondition: who keeps the object alive? A reference is at least 8-byte aligned (bit 0 free for
// a tag); every `retaining` is matched by one `release` or `takeRetained`.

/// A reference to `Object` that Swift's reference counting does not manage.
@usableFromInline
package struct UnsafeReference<Object: AnyObject> {
    @usableFromInline let unmanaged: Unmanaged<Object>
    @inlinable @inline(__always)
    init(_ unmanaged: Unmanaged<Object>) { self.unmanaged = unmanaged }
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
    package init(opaque: UnsafeRawPointer) { self.init(.fromOpaque(opaque)) }
    /// The reference as a word (never 0, bit 0 clear) or a `void *`; no count changes.
    @inlinable @inline(__always)
    package var bits: UInt { UInt(bitPattern: unmanaged.toOpaque()) }
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
    /// +1 on the live object, given back by one ``release()`` or ``takeRetained()``.
    @inlinable @inline(__always)
    package func retain() { _ = unmanaged.retain() }
    /// -1, of a retain this reference holds. The `deinit` may run here: hold no lock.
    @inlinable @inline(__always)
    package func release() { unmanaged.release() }
    /// The object, taking over this reference's retain. Precondition: as ``release()``'s.
    @inlinable @inline(__always)
    package func takeRetained() -> Object { unmanaged.takeRetainedValue() }
}

extension UnsafeReference: Sendable where Object: Sendable {}

/// A factory value's node, kept alive by its `nodeOwner`. A bare `Unmanaged`: wrapped, the
/// optimizer kept a retain and release of the node (BENCHMARKS.md).
@usableFromInline
package typealias NodeReference = Unmanaged<ContainerNode>

extension Unmanaged where Instance == ContainerNode {
    @inlinable @inline(__always)
    package static func node(of manager: ContainerManager) -> NodeReference { .passUnretained(manager.node) }
    @inlinable @inline(__always)
    package func withNode<R>(_ body: (ContainerNode) throws -> R) rethrows -> R {
        try _withUnsafeGuaranteedRef(body)
    }
    @inlinable @inline(__always)
    package var node: ContainerNode { takeUnretainedValue() }
}

extension StaticString {
    /// Literals live for the process, NUL-terminated.
    @inlinable @inline(__always)
    package var addressBits: UInt { UInt(bitPattern: utf8Start) }
    package static func text(atBits bits: UInt) -> String {
        String(cString: UnsafePointer<UInt8>(bitPattern: bits).unsafelyUnwrapped)
    }
    package static func text(atBits bits: UInt, count: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: UnsafePointer<UInt8>(bitPattern: bits), count: count), as: UTF8.self)
    }
    package static func bytesEqual(atBits lhs: UInt, _ rhs: UInt, count: Int) -> Bool {
        guard let lhs = UnsafeRawPointer(bitPattern: lhs), let rhs = UnsafeRawPointer(bitPattern: rhs) else { return lhs == rhs }
        return Platform.bytesEqual(lhs, rhs, count: count)
    }
}
