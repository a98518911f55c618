// Concurrency rule: none of its own. A box is immutable once made (its hash and value
// are `let`s), so any thread holding a key that refers to it may read it.

/// The parameter of a per-parameter factory's key, boxed with its type.
///
/// Hashing and comparing go straight to the parameter type's own `Hashable`: the hash is
/// computed once, when the key is made, and two boxes of one registration always hold
/// the same type. (An `AnyHashable` would canonicalise integer parameters through
/// dynamic casts on every hash and comparison, and is a resilient type copied through
/// value witnesses.)
@usableFromInline
package class ParameterBox {
    /// The parameter's `hashValue`.
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
