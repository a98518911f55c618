import Foundation
import Scoped
import ScopedTesting
import Testing

/// What identifies a registration (issue #14): the container type, the declaring member's
/// name (`#function`), the produced type and where the `self { … }` call is (file, line,
/// column). Before, two overloads of one factory function, or two registrations made in one
/// function, were one registration and handed out each other's instances; with the line
/// alone, overloads on the same line of two files and two registrations on one line still
/// were (found by a new-user probe).
@Suite struct RegistrationKeyTests {
    final class Session: Sendable {
        let user: String
        init(_ user: String) { self.user = user }
    }

    @Test func overloadsOfOneFactoryFunctionAreTwoRegistrations() {
        let container = Container()
        let byNumber = container.session(user: 7)()
        let byName = container.session(user: "ada")()
        #expect(byNumber !== byName)
        #expect(byNumber.user == "#7")
        #expect(byName.user == "ada")
        #expect(container.session(user: 7)() === byNumber)
        #expect(container.session(user: "ada")() === byName)
    }

    @Test func twoRegistrationsInOneFunctionAreTwoRegistrations() {
        let container = Container()
        let (first, second) = Self.twoAdHocRegistrations(in: container)
        #expect(first().user == "first")
        #expect(second().user == "second")
        #expect(first() !== second())
        #expect(first() === first())
    }

    @Test func overloadsOnTheSameLineOfTwoFilesAreTwoRegistrations() {
        let container = Container()
        let byNumber = container.sameLine(1)()
        let byName = container.sameLine("1")()
        #expect(byNumber.user == "int")
        #expect(byName.user == "string")
        #expect(byNumber !== byName)
    }

    @Test func twoRegistrationsOnOneLineAreTwoRegistrations() {
        let container = Container()
        #expect(Self.either(true, in: container)().user == "yes")
        #expect(Self.either(false, in: container)().user == "no")
        let (x, y) = Self.pair(in: container)
        #expect(x().user == "x")
        #expect(y().user == "y")
    }

    @Test func anOverrideReachesOnlyTheOverloadItWasRegisteredOn() {
        let container = Container()
        container.session(user: 7).register { Session("mock") }
        #expect(container.session(user: 7)().user == "mock")
        #expect(container.session(user: "ada")().user == "ada")
    }

    @Test func aFactoryFunctionCalledWithOtherArgumentsIsStillOneRegistration() {
        let container = Container()
        let first = container.session(user: 1)()
        #expect(container.session(user: 2)() === first)
    }

    /// Events and recorded graphs name a registration by member and type, which overloads
    /// share: the declaration (where the `self { … }` call is) tells them apart.
    @Test func eventsAndGraphsTellOverloadsApart() {
        let container = Container()
        let recorder = GraphRecorder(recording: container)
        let log = EventLog()
        let observation = container.observe(LifecycleObserver(log.append))
        _ = container.session(user: 7)()
        _ = container.session(user: "ada")()
        observation.cancel()
        recorder.stop()
        let created = log.events.filter { $0.kind == .created }
        #expect(created.map(\.registration) == ["session(user:)", "session(user:)"])
        #expect(created.map(\.declaration) == [Container.sessionByNumberSite, Container.sessionByNameSite])
        let nodes = recorder.graph.nodes
        #expect(nodes.map(\.name) == ["session(user:) (Session)", "session(user:) (Session)"])
        #expect(nodes.map(\.declaration) == [Container.sessionByNumberSite, Container.sessionByNameSite])
        #expect(nodes.map(\.built) == [1, 1])
    }

    /// The events an observer received (observers run on the resolving thread).
    final class EventLog: @unchecked Sendable {  // `lock` guards `received`
        private let lock = NSLock()
        private var received: [LifecycleEvent] = []
        @Sendable func append(_ event: LifecycleEvent) { lock.withLock { received.append(event) } }
        var events: [LifecycleEvent] { lock.withLock { received } }
    }

    static func either(_ flag: Bool, in container: Container) -> Factory<Session> {
        flag ? container { Session("yes") }.cached : container { Session("no") }.cached
    }

    static func pair(in container: Container) -> (Factory<Session>, Factory<Session>) {
        (container { Session("x") }.cached, container { Session("y") }.cached)
    }

    /// Messages and events write optionals as Swift does (a new-user finding: a promise's
    /// stop read `accountPayments (Optional<Payments>)`).
    @Test func optionalTypesAreNamedAsSwiftWritesThem() {
        let container = Container()
        let events = Collected<LifecycleEvent>()
        let observation = container.observe { events.append($0) }
        _ = container.maybeSession()
        observation.cancel()
        #expect(events.all.first { $0.kind == .created }?.typeName == "Session?")
        #expect(readableTypeName("Optional<Optional<Session>>") == "Session??")
        #expect(readableTypeName("Dictionary<String, Optional<Array<Optional<Int>>>>") == "Dictionary<String, Array<Int?>?>")
        #expect(readableTypeName("Optional<(Int) -> Optional<Int>>") == "((Int) -> Int?)?")
        #expect(readableTypeName("Optional<Sendable & P>") == "(Sendable & P)?")
        #expect(readableTypeName("MaybeOptional<Int>") == "MaybeOptional<Int>")
        #expect(readableTypeName("Pair<Optional<A>, Optional<B>>") == "Pair<A?, B?>")
    }

    static func twoAdHocRegistrations(in container: Container) -> (Factory<Session>, Factory<Session>) {
        let first: Factory<Session> = container { Session("first") }.cached
        let second: Factory<Session> = container { Session("second") }.cached
        return (first, second)
    }
}

extension Container {
    fileprivate var maybeSession: Factory<RegistrationKeyTests.Session?> { self { RegistrationKeyTests.Session("maybe") } }
    fileprivate func session(user: Int) -> Factory<RegistrationKeyTests.Session> {
        self { RegistrationKeyTests.Session("#\(user)") }.cached
    }
    fileprivate static let sessionByNumberSite = "\(#fileID):\(#line - 2):14"
    fileprivate func session(user: String) -> Factory<RegistrationKeyTests.Session> {
        self { RegistrationKeyTests.Session(user) }.cached
    }
    fileprivate static let sessionByNameSite = "\(#fileID):\(#line - 2):14"
}
