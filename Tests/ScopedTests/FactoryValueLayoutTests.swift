import Scoped
import ScopedTesting
import Testing

// A factory value's stored layout (issue #40, item 5): eight scalars — the container's
// handle, the key's name, file and shape (its produced type is `T`), the scope in one word
// and the body — so that a value a modifier copies is destroyed inline. The key keeps its
// meaning: a name is its text (an inline one-scalar name equals the literal of the same
// text; bytes after a NUL count), and the scope, custom scope and context rank that share
// words with other fields read back as set.

/// A cached factory under an explicit key and place.
private func probe(
    _ container: Container, _ key: StaticString, line: UInt = 1, column: UInt = 1, _ tracker: LifecycleTracker
) -> Factory<Probe> {
    Factory(container: container, key: key, file: #fileID, line: line, column: column) { Probe("\(key)", tracker) }.cached
}

/// A one-scalar literal made through the generic literal protocol: a `StaticString`
/// without a pointer (its scalar in place of an address).
private func scalarLiteral<S: ExpressibleByUnicodeScalarLiteral>(_ pick: Int) -> S {
    switch pick {
    case 0: "a"
    case 1: "é"
    case 2: "🦊"
    default: "x"
    }
}

@Suite struct FactoryValueLayoutTests {
    /// 8 words for the handle, name, file, shape and scope, 17 bytes for the body (two
    /// words and its case). It was 99 bytes in 15 scalars.
    @Test func aFactoryValueIsFiveWordsAndItsBody() {
        #expect(MemoryLayout<Factory<Probe>>.size == 5 * MemoryLayout<UInt>.size + MemoryLayout<Registration<Void, Probe>.Body>.size)
        #expect(MemoryLayout<NodeHandle>.size == MemoryLayout<UInt>.size)
        #expect(MemoryLayout<ScopeSetting>.size == MemoryLayout<UInt>.size)
    }

    /// A `StaticString` without a pointer keeps its one scalar's bytes in the key: equal
    /// to the literal with that text at the same place, named by it in messages.
    @Test func aNameWithoutAPointerIsTheSameKeyAsTheLiteralWithItsText() {
        for (scalar, literal): (StaticString, StaticString) in [
            (scalarLiteral(0), "a"), (scalarLiteral(1), "é"), (scalarLiteral(2), "🦊"),
        ] {
            #expect(!scalar.hasPointerRepresentation)
            let inline = RegistrationKey(name: scalar, type: Probe.self, file: #fileID, line: 3, column: 4)
            let pointer = RegistrationKey(name: literal, type: Probe.self, file: #fileID, line: 3, column: 4)
            #expect(inline == pointer)
            #expect(pointer == inline)
            #expect(inline.quickHash == pointer.quickHash)
            #expect(inline.memberName == "\(literal)")
            #expect(inline.description == "\(literal) (Probe)")
            #expect(inline != RegistrationKey(name: "b", type: Probe.self, file: #fileID, line: 3, column: 4))
            #expect(inline != RegistrationKey(name: scalar, type: Probe.self, file: #fileID, line: 3, column: 5))
        }
    }

    /// One container, two spellings of one name at one place: one registration, one instance.
    @Test func aFactoryUnderANameWithoutAPointerResolvesAsTheLiteralOne() {
        let container = Container()
        let tracker = LifecycleTracker()
        let name: StaticString = scalarLiteral(3)
        #expect(!name.hasPointerRepresentation)
        let inline = probe(container, name, tracker)()
        #expect(probe(container, "x", tracker)() === inline)
        #expect(probe(container, "y", tracker)() !== inline)
        #expect(tracker.inits("x") == 1)
    }

    /// Names are compared by their bytes, all of them: a NUL inside a name does not end it.
    @Test func namesDifferingAfterANulAreTwoRegistrations() {
        let first = RegistrationKey(name: "a\0b", type: Probe.self, file: #fileID, line: 1, column: 1)
        let second = RegistrationKey(name: "a\0c", type: Probe.self, file: #fileID, line: 1, column: 1)
        #expect(first != second)
        #expect(first.memberName == "a\0b")
        let container = Container()
        let tracker = LifecycleTracker()
        #expect(probe(container, "a\0b", tracker)() !== probe(container, "a\0c", tracker)())
        #expect(probe(container, "a\0b", tracker)() === probe(container, "a\0b", tracker)())
    }

    /// The scope, a custom scope and the context rank, stored in words shared with the key,
    /// read back as set and leave the key alone.
    @Test func scopeCustomScopeAndContextRankReadBackAsSet() {
        let container = Container()
        let tracker = LifecycleTracker()
        let declared = probe(container, "ranked", line: 70_000, column: 5_000, tracker).registration
        #expect(declared.scopeKind == .cached)
        #expect(declared.customScope == nil)
        #expect(declared.contextRank == 0)
        #expect(declared.key.line == 70_000)
        #expect(declared.key.column == 0xFFF)

        let session = Scope(name: "session")
        var changed = declared
        changed.scope = session
        changed.contextRank = ContextRank.argument.rawValue
        #expect(changed.customScope === session)
        #expect(changed.scopeKind == .cached)
        #expect(changed.scope === session)
        #expect(changed.contextRank == ContextRank.argument.rawValue)
        #expect(changed.key == declared.key)
        #expect(changed.key.shape == declared.key.shape)

        changed.setScope(.singleton)
        #expect(changed.customScope == nil)
        #expect(changed.scope === Scope.singleton)
        #expect(changed.contextRank == ContextRank.argument.rawValue)
    }

    /// A factory under a custom scope holds one instance per container under that scope's
    /// name, as before the scope shared a word with the kind.
    @Test func aCustomScopeStillHoldsAndResets() {
        let session = Scope(name: "value-layout-session")
        let container = Container()
        let tracker = LifecycleTracker()
        let factory: () -> Factory<Probe> = { Factory(container: container, key: "custom", file: #fileID, line: 1, column: 1) { Probe("custom", tracker) }.scope(session) }
        let first = factory()()
        #expect(factory()() === first)
        session.reset()
        #expect(factory()() !== first)
        #expect(tracker.inits("custom") == 2)
    }
}
