// No shared state: the forms an instance takes in storage, in a graph and in events.

/// Strong storage of an instance that is not itself a class instance (a struct, an
/// existential): see ``Payload``.
@usableFromInline
package class AnyInstanceBox {
    @usableFromInline init() {}
    /// The boxed value's identity when it is a class instance (for events).
    package var identity: ObjectIdentifier? { nil }
    /// The boxed value when it is a class instance (an existential, an optional), for the
    /// leak check.
    package var classInstance: AnyObject? { nil }
    /// Whether the boxed value is an optional's `nil`, which no scope keeps (as in Factory).
    package var holdsNil: Bool { false }
}

@usableFromInline
package final class InstanceBox<T>: AnyInstanceBox {
    @usableFromInline package let value: T
    @usableFromInline package init(_ value: T) { self.value = value }
    override package var identity: ObjectIdentifier? { instanceIdentity(of: value) }
    override package var classInstance: AnyObject? { Payload.classInstance(in: value) }
    override package var holdsNil: Bool { (value as? any OptionalUnwrapping).map { $0.unwrappedAny == nil } ?? false }
}

/// How an instance is kept in storage and in a graph: a class instance as itself (one
/// reference to retain on a read), anything else in an ``InstanceBox``.
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

    /// What `.shared` keeps weakly of `value`: the class instance (as itself, out of an
    /// existential, or out of optionals, nested too, as Factory does), or nil for a value
    /// or `nil`, which a weak reference cannot keep.
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

    /// The identity of the instance in `payload`, when it is a class instance.
    package static func identity(of payload: AnyObject) -> ObjectIdentifier? {
        if let box = payload as? AnyInstanceBox { return box.identity }
        return ObjectIdentifier(payload)
    }
}

/// Weak storage of a class instance (the `.shared` scope).
package final class WeakInstance {
    /// A `let`: a `var` of a class is read through a dynamic exclusivity check (+76
    /// instructions per `.shared` hit).
    package weak let object: AnyObject?
    package let identity: ObjectIdentifier
    package init(_ object: AnyObject) {
        self.object = object
        identity = ObjectIdentifier(object)
    }
}

/// The identity of `value` when it is a class instance, for events and tests.
@usableFromInline
package func instanceIdentity<T>(of value: T) -> ObjectIdentifier? {
    type(of: value as Any) is AnyClass ? ObjectIdentifier(value as AnyObject) : nil
}

/// An `Optional` of any type, unwrapped without knowing it (`.shared` of `Factory<T?>`).
package protocol OptionalUnwrapping {
    /// The wrapped value, or nil.
    var unwrappedAny: Any? { get }
}

extension Optional: OptionalUnwrapping {
    package var unwrappedAny: Any? { map { $0 as Any } }
}
