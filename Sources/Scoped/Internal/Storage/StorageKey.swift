/// Where a cached instance is filed: its registration and, for per-parameter
/// factories, the parameter.
@usableFromInline
package struct StorageKey: Hashable, CustomStringConvertible {
    package let registration: RegistrationKey
    /// The parameter of a per-parameter factory's instance (nil for every other), boxed:
    /// the common key without a parameter carries one word for it.
    package let parameterBox: ParameterBox?

    /// The key made of `registration` and, for a per-parameter factory, its parameter.
    @usableFromInline
    package init(_ registration: RegistrationKey, box: ParameterBox?) {
        self.registration = registration
        self.parameterBox = box
    }

    /// The key of a registration's only instance (no per-parameter part).
    package init(_ registration: RegistrationKey) {
        self.registration = registration
        self.parameterBox = nil
    }

    @usableFromInline package static func == (lhs: StorageKey, rhs: StorageKey) -> Bool {
        guard lhs.registration == rhs.registration else { return false }
        switch (lhs.parameterBox, rhs.parameterBox) {
        case (nil, nil): return true
        case (let left?, let right?): return left === right || left.hash == right.hash && left.holdsSameParameter(as: right)
        default: return false
        }
    }

    @usableFromInline package func hash(into hasher: inout Hasher) {
        hasher.combine(registration)
        if let parameterBox { hasher.combine(parameterBox.hash) }
    }

    /// What `Dictionary` hashes with: the registration's ``RegistrationKey/quickHash``
    /// mixed with the table's seed, without running SipHash over it (the parameter, when
    /// there is one, is hashed normally).
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
