import Scoped

// Line 5 of this file and of RegistrationKeySiteA.swift declare overloads of one member.
extension Container {
    func sameLine(_ value: String) -> Factory<RegistrationKeyTests.Session> { self { .init("string") }.cached }
}
