import Scoped
import ScopedTesting
import Testing

/// What identifies a registration (issue #14): the container type, the declaring member's
/// name (`#function`), the produced type and the line of the `self { … }` call. Before the
/// line took part, two overloads of one factory function, or two registrations made in one
/// function, were one registration and handed out each other's instances.
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

    static func twoAdHocRegistrations(in container: Container) -> (Factory<Session>, Factory<Session>) {
        let first = container { Session("first") }.cached
        let second = container { Session("second") }.cached
        return (first, second)
    }
}

extension Container {
    fileprivate func session(user: Int) -> Factory<RegistrationKeyTests.Session> {
        self { RegistrationKeyTests.Session("#\(user)") }.cached
    }
    fileprivate func session(user: String) -> Factory<RegistrationKeyTests.Session> {
        self { RegistrationKeyTests.Session(user) }.cached
    }
}
