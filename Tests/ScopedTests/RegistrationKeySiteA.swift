import Scoped

// Line 5 of this file and of RegistrationKeySiteB.swift declare overloads of one member.
extension Container {
    func sameLine(_ value: Int) -> Factory<RegistrationKeyTests.Session> { self { .init("int") }.cached }
}
