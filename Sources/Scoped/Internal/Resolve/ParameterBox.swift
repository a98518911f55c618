// Concurrency rule: none of its own. A box is immutable, so any thread holding a key that
// refers to it may read it. A `AnyParameter` lives on the stack of one resolve and is
// read only by the thread running it.

/// The parameter of a per-parameter factory's key, boxed with its type. Hashing and
/// comparing go straight to the type's own `Hashable`, the hash computed once (an
/// `AnyHashable` would canonicalise integers through dynamic casts on every hash and
/// comparison, and is a resilient type copied through value witnesses).
@usableFromInline
package class ParameterBox {
    package let hash: Int

    init(hash: Int) {
        self.hash = hash
    }

    /// Whether `other` holds an equal parameter of the same type.
    package func holdsSameParameter(as other: ParameterBox) -> Bool {
        preconditionFailure("ParameterBox is abstract")
    }

    /// The parameter as events and messages print it: `3`, `item-7`.
    package var description: String {
        preconditionFailure("ParameterBox is abstract")
    }
}

/// A ``ParameterBox`` holding a `P`.
@usableFromInline
package final class TypedParameterBox<P: Hashable>: ParameterBox {
    package let value: P

    @usableFromInline
    package init(_ value: P) {
        self.value = value
        super.init(hash: value.hashValue)
    }

    override package func holdsSameParameter(as other: ParameterBox) -> Bool {
        guard type(of: other) == TypedParameterBox<P>.self else { return false }
        return unsafeDowncast(other, to: TypedParameterBox<P>.self).value == value
    }

    override package var description: String { "\(value)" }
}

/// The parameter of one parameter-factory build, on the stack of its resolve: what tells
/// two builds of one registration apart (a factory that resolves itself with another
/// parameter is not a cycle), and what messages print.
///
/// Three stores, whatever the parameter: its address, its type and, for a per-parameter
/// factory, its key box. Whether the type is `Hashable` is asked only when two builds of
/// one registration meet, or a message names them: builds whose parameter is not
/// `Hashable` count as the same.
@usableFromInline
package struct AnyParameter {
    /// The parameter, bound to `type`; valid while its resolve runs.
    @usableFromInline package let value: UnsafeRawPointer
    @usableFromInline package let type: Any.Type
    @usableFromInline package let box: ParameterBox?

    @inlinable
    package init<P>(_ value: UnsafePointer<P>, box: ParameterBox?) {
        self.value = UnsafeRawPointer(value)
        self.type = P.self
        self.box = box
    }

    /// Whether `other` is an equal parameter: nil when that cannot be told (a type that
    /// is not `Hashable`, or two different types).
    package func isSame(as other: AnyParameter) -> Bool? {
        guard type == other.type, let hashable = type as? any Hashable.Type else { return nil }
        return hashable.valuesEqual(value, other.value)
    }

    /// The parameter as messages print it (`3`, `item-7`); nil when its type is not
    /// `Hashable` (such builds are named by their registration alone).
    package var description: String? {
        (type as? any Hashable.Type)?.describe(value)
    }
}

extension Hashable {
    /// Whether the values of this type at `lhs` and `rhs` are equal.
    fileprivate static func valuesEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        lhs.assumingMemoryBound(to: Self.self).pointee == rhs.assumingMemoryBound(to: Self.self).pointee
    }

    /// The value of this type at `value`, described.
    fileprivate static func describe(_ value: UnsafeRawPointer) -> String {
        "\(value.assumingMemoryBound(to: Self.self).pointee)"
    }
}
