/// An async factory value that can be resolved without knowing its type: the async
/// graph validation in ScopedTesting awaits the key paths an app lists
/// (`roots: [\.database]`).
package protocol AnyAsyncFactoryValue {
    /// The registration's key, to name it in messages.
    var registrationKey: RegistrationKey { get }
    /// Resolves and drops the instance; nil for a factory that needs a parameter.
    func resolveDiscardingInstance(isolation: isolated (any Actor)?) async throws -> Void?
}

extension AsyncFactory: AnyAsyncFactoryValue {
    package var registrationKey: RegistrationKey { registration.key }

    package func resolveDiscardingInstance(isolation: isolated (any Actor)?) async throws -> Void? {
        _ = try await callAsFunction(isolation: isolation)
        return ()
    }
}

extension AsyncParameterFactory: AnyAsyncFactoryValue {
    package var registrationKey: RegistrationKey { registration.key }

    package func resolveDiscardingInstance(isolation: isolated (any Actor)?) async throws -> Void? { nil }
}

// The keys of the synchronous factory values (``AnyFactoryValue``, Factory.swift).
extension Factory {
    package var registrationKey: RegistrationKey { registration.key }
}

extension ParameterFactory {
    package var registrationKey: RegistrationKey { registration.key }
}

extension MainActorFactory {
    package var registrationKey: RegistrationKey { factory.registration.key }
}

extension MainActorParameterFactory {
    package var registrationKey: RegistrationKey { factory.registration.key }
}
