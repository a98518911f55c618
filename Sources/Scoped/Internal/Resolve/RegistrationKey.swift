
/// Identifies one registration: a container type (``AnyDeclaringContainer`` for every
/// factory: the call's place tells declarations apart), the declaring
/// member's name (`#function`: `api`, `counter(initialValue:)`), the produced type and
/// where the `self { … }` call is (`#fileID`, `#line`, `#column`).
///
/// Factory parameters never take part in it: `counter(initialValue: 1)` and
/// `counter(initialValue: 2)` are one registration. The call's place tells apart what the
/// name cannot: two overloads of one factory function (`session(user: Int)` and
/// `session(user: String)` share the name `session(user:)`), in one file or in two, and
/// two registrations made in one function or on one line (`Container.shared { … }` twice
/// in a test, the two branches of a `?:`).
///
/// Making one costs nothing but five stores (a factory value makes one on every
/// access): equality compares the line and column, then the file's and the name's
/// addresses, and their bytes only when the addresses differ (the same literal in two
/// modules); ``quickHash`` does not read the name.
@usableFromInline
package struct RegistrationKey: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline package let container: ObjectIdentifier
    @usableFromInline package let name: StaticString
    /// The line and column of the `self { … }` call: `line << 12 | column` (columns past
    /// 4,095 share 4,095). 32 bits, right after `name`: they fill the padding after the
    /// name's flags byte.
    @usableFromInline package let position: UInt32
    @usableFromInline package let producedType: Any.Type
    /// The address of the call's `#fileID` literal (NUL-terminated, as every Swift string
    /// literal in a binary is).
    @usableFromInline package let file: UInt

    @inlinable
    package init(container: Any.Type, name: StaticString, type: Any.Type, file: StaticString, line: UInt, column: UInt) {
        self.container = ObjectIdentifier(container)
        self.producedType = type
        self.name = name
        self.position = UInt32(truncatingIfNeeded: line << 12 | min(column, 0xFFF))
        self.file = file.addressBits
    }

    /// A key from its parts, as a resolve site passes them (the produced type is known
    /// there).
    @inlinable @inline(__always)
    package init(container: ObjectIdentifier, name: StaticString, type: Any.Type, position: UInt32, file: UInt) {
        self.container = container
        self.producedType = type
        self.name = name
        self.position = position
        self.file = file
    }

    /// The line of the `self { … }` call.
    package var line: UInt { UInt(position >> 12) }
    /// Its column (4,095 for any column past that).
    package var column: UInt { UInt(position & 0xFFF) }
    /// The file of the call, as `#fileID` names it: `MyApp/Container+Features.swift`.
    package var fileID: String { StaticString.text(atBits: file) }
    /// `MyApp/Container+Features.swift:12:9`: where the `self { … }` call is (stop
    /// messages and events); nil for a key made without one.
    package var declaration: String? { line == 0 ? nil : "\(fileID):\(line):\(column)" }

    @usableFromInline package static func == (lhs: RegistrationKey, rhs: RegistrationKey) -> Bool {
        guard lhs.position == rhs.position, lhs.producedType == rhs.producedType, lhs.container == rhs.container else {
            return false
        }
        guard lhs.file == rhs.file || Platform.cStringsEqual(lhs.file, rhs.file) else { return false }
        return lhs.name.sameText(as: rhs.name)
    }

    @usableFromInline package func hash(into hasher: inout Hasher) {
        hasher.combine(quickHash)
    }

    /// What `Dictionary` hashes with (override tables): ``quickHash`` mixed with the
    /// table's seed, without SipHash.
    @usableFromInline package func _rawHashValue(seed: Int) -> Int {
        let hash = UInt(bitPattern: quickHash ^ seed) &* 0x9E37_79B9_7F4A_7C15
        return Int(bitPattern: hash ^ (hash >> 29))
    }

    /// A hash of the container, the type and the position: what equal keys share without
    /// reading the name (equal keys have the same position, ``==``). The lock-free index of
    /// held instances hashes with it on every resolve; keys that differ only by name (one
    /// line and column, one type) share a probe sequence.
    @inline(__always)
    package var quickHash: Int {
        let hash = (UInt(bitPattern: container) ^ (UInt(bitPattern: ObjectIdentifier(producedType)) &* 0x9E37_79B9_7F4A_7C15)
            ^ UInt(position) << 32) &* 0xC4CE_B9FE_1A85_EC53
        return Int(bitPattern: hash ^ (hash >> 32))
    }

    /// The member name, as written in the container extension.
    package var memberName: String { name.description }

    /// The produced type's unqualified name, optionals as Swift writes them (`Payments?`,
    /// not `Optional<Payments>`).
    @usableFromInline package var typeName: String { readableTypeName(_typeName(producedType, qualified: false)) }

    /// `member (Type)`, the form every message and event uses.
    @usableFromInline package var description: String { "\(memberName) (\(typeName))" }
}

/// `name` with every `Optional<X>` written `X?` (`(X)?` when `X` is a function type or a
/// composition): the runtime's names spell optionals out. Off the resolve path (messages
/// and events only).
package func readableTypeName(_ name: String) -> String {
    readableTypeName(Array(name)[...])
}

private func readableTypeName(_ name: ArraySlice<Character>) -> String {
    let marker = Array("Optional<")
    // `Optional<` at the start of a name, not the end of another (`MaybeOptional<X>`).
    guard let start = name.indices.first(where: { index in
        name[index...].starts(with: marker) && (index == name.startIndex || !name[index - 1].isIdentifierPart)
    }) else { return String(name) }
    // The matching `>`: generic arguments nest, and the `>` of `->` closes nothing.
    var depth = 0
    var end: Int?
    for index in (start + marker.count - 1)..<name.endIndex {
        if name[index] == "<" { depth += 1 }
        if name[index] == ">" && name[index - 1] != "-" {
            depth -= 1
            if depth == 0 {
                end = index
                break
            }
        }
    }
    guard let end else { return String(name) }
    let wrapped = readableTypeName(name[(start + marker.count)..<end])
    let characters = Array(wrapped)
    let isCompound = characters.indices.contains { characters[$0...].starts(with: " -> ") || characters[$0...].starts(with: " & ") }
    let optional = isCompound ? "(\(wrapped))?" : "\(wrapped)?"
    return String(name[..<start]) + optional + readableTypeName(name[(end + 1)...])
}

extension Character {
    /// A letter, digit or `_`: part of an identifier (or `.`, of a qualified name).
    fileprivate var isIdentifierPart: Bool { isLetter || isNumber || self == "_" || self == "." }
}

extension StaticString {
    /// Whether both hold the same text: the same address (one module's literal) or the
    /// same bytes.
    /// Inlined: every key comparison (the resolve's lookups) asks it; the rare text made
    /// of a scalar is compared out of line.
    @inline(__always)
    fileprivate func sameText(as other: StaticString) -> Bool {
        guard hasPointerRepresentation, other.hasPointerRepresentation else { return sameDescription(as: other) }
        guard utf8CodeUnitCount == other.utf8CodeUnitCount else { return false }
        if utf8Start == other.utf8Start { return true }
        return Platform.bytesEqual(utf8Start, other.utf8Start, count: utf8CodeUnitCount)
    }

    @inline(never)
    private func sameDescription(as other: StaticString) -> Bool {
        description == other.description
    }
}
