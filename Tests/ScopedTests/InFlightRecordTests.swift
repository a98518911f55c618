import Scoped
import Testing

// A storage records each build in flight (EntryTable.swift) and forgets it when it ends.
// What the record held must go then: a per-parameter build's parameter, even when the
// build files nothing; and later builds, nested or not, each keep their own instance.
// (A version that kept ended records as slots for the next builds failed the first test
// until it dropped the parameter at the end.)

private final class Token: Hashable, Sendable {
    static func == (lhs: Token, rhs: Token) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

private final class Made: Sendable {
    let name: String
    let inner: Made?
    init(_ name: String, inner: Made? = nil) { (self.name, self.inner) = (name, inner) }
}

extension Container {
    /// Builds nothing to keep (`nil`: no scope keeps it), so its build ends unfiled.
    fileprivate var nothingFor: ParameterFactory<Token, Made?> { self { _ in nil }.scoped.perParameter }
    fileprivate var inner: Factory<Made> { self { Made("inner") }.scoped }
    /// Builds `inner` inside its own build: two builds in flight in the same storage.
    fileprivate var outer: Factory<Made> { self { Made("outer", inner: self.inner()) }.scoped }
    fileprivate var other: Factory<Made> { self { Made("other") }.scoped }
}

@Suite struct InFlightRecordTests {
    @Test func anUnfiledPerParameterBuildLetsItsParameterGoWhenItEnds() {
        let flow = Container().child("flow")
        var token: Token? = Token()
        weak let weakToken = token
        #expect(flow.nothingFor(token!) == nil)
        token = nil
        // Nothing filed holds the key: only the ended build's record could still hold it.
        #expect(weakToken == nil)
        flow.close()
    }

    @Test func nestedThenLaterBuildsReuseSlotsAndKeepTheirInstances() {
        let flow = Container().child("flow")
        let outer = flow.outer()
        #expect(outer.inner === flow.inner())
        // Both builds ended (two in flight at once before): the next ones are builds of their own.
        let other = flow.other()
        #expect(other.name == "other")
        #expect(flow.other() === other)
        #expect(flow.outer() === outer)
        weak let weakOuter = outer
        weak let weakOther = other
        _ = consume outer
        _ = consume other
        flow.close()
        #expect(weakOuter == nil)
        #expect(weakOther == nil)
    }
}
