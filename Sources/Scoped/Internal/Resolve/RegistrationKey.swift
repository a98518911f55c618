/// Identifies one registration: the declaring member's name (`#function`), the produced
/// type and where the `self { … }` call is (`#fileID`, `#line`, `#column`). Parameters never
/// take part; the place tells apart overloads and registrations made in one function. Making one
/// is four stores; equality compares the literals' addresses first, their bytes only when they
/// differ (one literal in two modules); ``quickHash`` does not read the name.
@usableFromInline package struct RegistrationKey: Hashable, Sendable, CustomStringConvertible {
    /// The name literal's address; a one-scalar name's UTF-8 bytes (``isInline``).
    @usableFromInline package let name: UInt
    /// The line and column (`line << 12 | column`, bits 0–31), the name's UTF-8 length (bits
    /// 32–59), bit 63 for an inline name; bits 60–62 zero (a factory value's context rank).
    @usableFromInline package let shape: UInt64
    @usableFromInline package let producedType: Any.Type
    /// The address of the call's `#fileID` literal (NUL-terminated).
    @usableFromInline package let file: UInt
    /// Bit 63 of ``shape``: the name's bytes are in ``name``.
    @inlinable static var inlineName: UInt64 { 1 << 63 }
    @inlinable static var nameLengthLimit: Int { 1 << 28 }
    @inlinable package init(name: StaticString, type: Any.Type, file: StaticString, line: UInt, column: UInt) {
        let position = UInt32(truncatingIfNeeded: line << 12 | min(column, 0xFFF))
        self.init(parts: Self.parts(of: name, position: position), type: type, file: file.addressBits)
    }
    /// A key from its parts, as a resolve site passes them.
    @inlinable @inline(__always) package init(name: UInt, shape: UInt64, type: Any.Type, file: UInt) {
        self.name = name
        self.shape = shape
        self.producedType = type
        self.file = file
    }
    @inlinable @inline(__always) init(parts: (name: UInt, shape: UInt64), type: Any.Type, file: UInt) {
        self.init(name: parts.name, shape: parts.shape, type: type, file: file)
    }
    /// ``name`` and ``shape`` for `name` at `position`: two constants at a literal's site.
    @inlinable @inline(__always)
    static func parts(of name: StaticString, position: UInt32) -> (name: UInt, shape: UInt64) {
        guard name.hasPointerRepresentation, name.utf8CodeUnitCount < nameLengthLimit else {
            return inlineParts(of: name, position: position)
        }
        return (name.addressBits, UInt64(position) | UInt64(name.utf8CodeUnitCount) << 32)
    }
    /// A name without a pointer: its one scalar's UTF-8 bytes inline. Stops at 256 MiB.
    @usableFromInline @inline(never)
    static func inlineParts(of name: StaticString, position: UInt32) -> (name: UInt, shape: UInt64) {
        guard !name.hasPointerRepresentation else {
            ScopedFailure.stop("a registration's name (key:) of \(name.utf8CodeUnitCount) bytes is longer than Scoped supports (256 MiB)")
        }
        let bytes = Array(String(name.unicodeScalar).utf8)
        let bits = bytes.reversed().reduce(UInt(0)) { $0 << 8 | UInt($1) }
        return (bits, UInt64(position) | UInt64(bytes.count) << 32 | inlineName)
    }
    /// The line and column of the `self { … }` call: `line << 12 | column`.
    package var position: UInt32 { UInt32(truncatingIfNeeded: shape) }
    package var line: UInt { UInt(position >> 12) }
    package var column: UInt { UInt(position & 0xFFF) }
    /// `MyApp/Container+Features.swift:12:9` (the `#fileID`), or nil for a key made without a place.
    package var declaration: String? { line == 0 ? nil : "\(StaticString.text(atBits: file)):\(line):\(column)" }
    var nameLength: Int { Int(truncatingIfNeeded: shape >> 32 & 0x0FFF_FFFF) }
    var isInline: Bool { shape & Self.inlineName != 0 }
    @usableFromInline package static func == (lhs: RegistrationKey, rhs: RegistrationKey) -> Bool {
        // Keys of other registrations differ in their shape (place, name length): no call.
        lhs.hasSameLiterals(as: rhs) || (lhs.shape ^ rhs.shape) & ~inlineName == 0 && equalLiterals(lhs, rhs)
    }
    @inline(__always) func hasSameLiterals(as other: RegistrationKey) -> Bool {
        name == other.name && shape == other.shape && file == other.file && producedType == other.producedType
    }
    /// The same registration from different literals: one literal in two modules, or an inline
    /// name and a literal one (the shapes differ in that bit only).
    @inline(never) private static func equalLiterals(_ lhs: RegistrationKey, _ rhs: RegistrationKey) -> Bool {
        let differing = lhs.shape ^ rhs.shape
        guard differing & ~inlineName == 0, lhs.producedType == rhs.producedType else { return false }
        guard lhs.file == rhs.file || Platform.cStringsEqual(lhs.file, rhs.file) else { return false }
        guard differing == 0 else { return lhs.memberName == rhs.memberName }
        if lhs.name == rhs.name { return true }
        return !lhs.isInline && StaticString.bytesEqual(atBits: lhs.name, rhs.name, count: lhs.nameLength)
    }
    @usableFromInline package func hash(into hasher: inout Hasher) {
        hasher.combine(quickHash)
    }
    /// What `Dictionary` hashes with: ``quickHash`` mixed with the seed, without SipHash.
    @usableFromInline package func _rawHashValue(seed: Int) -> Int {
        let hash = UInt(bitPattern: quickHash ^ seed) &* 0x9E37_79B9_7F4A_7C15
        return Int(bitPattern: hash ^ (hash >> 29))
    }
    /// A hash of the declaring container, the type and the position, without the name (equal
    /// keys share a position): what the lock-free index probes with on every resolve.
    @inline(__always) package var quickHash: Int {
        let container = UInt(bitPattern: ObjectIdentifier(AnyDeclaringContainer.self))
        let hash = (container ^ (UInt(bitPattern: ObjectIdentifier(producedType)) &* 0x9E37_79B9_7F4A_7C15)
            ^ UInt(position) << 32) &* 0xC4CE_B9FE_1A85_EC53
        return Int(bitPattern: hash ^ (hash >> 32))
    }
    package var memberName: String {
        guard isInline else { return StaticString.text(atBits: name, count: nameLength) }
        let bytes = (0..<nameLength).map { UInt8(truncatingIfNeeded: name >> (8 * $0)) }
        return String(decoding: bytes, as: UTF8.self)
    }
    /// The produced type's unqualified name, optionals written `X?`.
    @usableFromInline package var typeName: String { readableTypeName(_typeName(producedType, qualified: false)) }
    /// `member (Type)`, the form every message and event uses.
    @usableFromInline package var description: String { "\(memberName) (\(typeName))" }
}

/// `name` with every `Optional<X>` written `X?` (`(X)?` for a function type or composition).
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
    guard let end = name[(start + marker.count - 1)...].indices.first(where: { index in
        if name[index] == "<" { depth += 1 }
        if name[index] == ">" && name[index - 1] != "-" { depth -= 1 }
        return depth == 0
    }) else { return String(name) }
    let wrapped = readableTypeName(name[(start + marker.count)..<end])
    let characters = Array(wrapped)
    let isCompound = characters.indices.contains { characters[$0...].starts(with: " -> ") || characters[$0...].starts(with: " & ") }
    let optional = isCompound ? "(\(wrapped))?" : "\(wrapped)?"
    return String(name[..<start]) + optional + readableTypeName(name[(end + 1)...])
}

extension Character {
    fileprivate var isIdentifierPart: Bool { isLetter || isNumber || self == "_" || self == "." }
}
