/// Identifies one registration: the declaring container type, the declaring
/// member's name (`#function`: `api`, `counter(initialValue:)`) and the produced type.
///
/// Factory parameters never take part in it: `counter(initialValue: 1)` and
/// `counter(initialValue: 2)` are one registration.
@usableFromInline
package struct RegistrationKey: Hashable, Sendable, CustomStringConvertible {
    package let container: ObjectIdentifier
    package let type: ObjectIdentifier
    package let name: StaticString
    package let producedType: Any.Type
    /// FNV-1a of the name's bytes, computed once per factory value.
    private let nameHash: UInt64

    package init(container: Any.Type, name: StaticString, type: Any.Type) {
        self.container = ObjectIdentifier(container)
        self.type = ObjectIdentifier(type)
        self.producedType = type
        self.name = name
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        if name.hasPointerRepresentation {
            let bytes = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        nameHash = hash
    }

    @usableFromInline package static func == (lhs: RegistrationKey, rhs: RegistrationKey) -> Bool {
        guard lhs.type == rhs.type, lhs.container == rhs.container, lhs.nameHash == rhs.nameHash else { return false }
        if lhs.name.utf8Start == rhs.name.utf8Start { return true }
        return lhs.name.description == rhs.name.description
    }

    @usableFromInline package func hash(into hasher: inout Hasher) {
        hasher.combine(nameHash &+ UInt64(UInt(bitPattern: type)) &* 31 &+ UInt64(UInt(bitPattern: container)))
    }

    /// The member name, as written in the container extension.
    package var memberName: String { name.description }

    /// The produced type's unqualified name.
    package var typeName: String { _typeName(producedType, qualified: false) }

    /// `member (Type)`, the form every message and event uses.
    @usableFromInline package var description: String { "\(memberName) (\(typeName))" }
}
