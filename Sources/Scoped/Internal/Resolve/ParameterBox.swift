// Concurrency rule: none of its own. A box is immutable, so any thread holding a key that
// refers to it may read it. An `AnyParameter` lives on the stack of one resolve and is read
// only by the thread running it.

/// The parameter of a per-parameter factory's key, boxed with its type: hashed once, compared
/// by its own `Hashable` (an `AnyHashable` casts dynamically on every comparison).
@usableFromInline package class ParameterBox {
    package let hash: Int
    init(hash: Int) { self.hash = hash }
    package func holdsSameParameter(as other: ParameterBox) -> Bool {
        preconditionFailure("ParameterBox is abstract")
    }
    /// The parameter as events and messages print it: `3`, `item-7`.
    package var description: String { preconditionFailure("ParameterBox is abstract") }
    /// Whether two keys' boxes hold the same parameter (nil: a key without one).
    @inline(__always) package static func same(_ lhs: ParameterBox?, _ rhs: ParameterBox?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let lhs?, let rhs?): lhs === rhs || lhs.hash == rhs.hash && lhs.holdsSameParameter(as: rhs)
        default: false
        }
    }
}

@usableFromInline package final class TypedParameterBox<P: Hashable>: ParameterBox {
    package let value: P
    @usableFromInline package init(_ value: P) {
        self.value = value
        super.init(hash: value.hashValue)
    }
    override package func holdsSameParameter(as other: ParameterBox) -> Bool {
        guard type(of: other) == TypedParameterBox<P>.self else { return false }
        return unsafeDowncast(other, to: TypedParameterBox<P>.self).value == value
    }
    override package var description: String { "\(value)" }
}

/// The parameter of one parameter-factory build, on its resolve's stack: what tells two
/// builds of one registration apart (if not `Hashable`, they count as the same).
@usableFromInline package struct AnyParameter {
    /// The parameter, bound to `type`; valid while its resolve runs. `box`: its key's.
    @usableFromInline package let value: UnsafeRawPointer
    @usableFromInline package let type: Any.Type
    @usableFromInline package let box: ParameterBox?
    @inlinable package init<P>(_ value: UnsafePointer<P>, box: ParameterBox?) {
        self.value = UnsafeRawPointer(value)
        self.type = P.self
        self.box = box
    }
    /// Nil when that cannot be told (not `Hashable`, or two different types).
    package func isSame(as other: AnyParameter) -> Bool? {
        guard type == other.type, let hashable = type as? any Hashable.Type else { return nil }
        return hashable.valuesEqual(value, other.value)
    }
    /// The parameter as messages print it (`3`, `item-7`); nil when it is not `Hashable`.
    package var description: String? { (type as? any Hashable.Type)?.describe(value) }
}

extension Hashable {
    fileprivate static func valuesEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        lhs.assumingMemoryBound(to: Self.self).pointee == rhs.assumingMemoryBound(to: Self.self).pointee
    }
    fileprivate static func describe(_ value: UnsafeRawPointer) -> String {
        "\(value.assumingMemoryBound(to: Self.self).pointee)"
    }
}
