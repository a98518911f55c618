/// Wraps a main-actor body so that it runs only on the main actor: synchronously when
/// the resolve happens there, otherwise the process stops with a message naming `key`.
func onMainActorOnly<P, T: Sendable>(
    _ key: RegistrationKey, _ body: @escaping @MainActor @Sendable (P) -> T
) -> @Sendable (P) -> T {
    return { parameter in
        guard Platform.isMainThread else {
            // The body runs inside its own build frame: name only the builds around it.
            let chain = ResolutionContext.current.chain(excludingInnermost: true)
            ScopedFailure.stop(
                "\(key) has a @MainActor body and was resolved off the main actor; "
                    + "resolve it from main-actor code or with `await resolve()`" + chain.suffix,
                declaredBy: [key] + chain.keys)
        }
        nonisolated(unsafe) let parameter = parameter
        return MainActor.assumeIsolated { body(parameter) }
    }
}

extension Factory where T: Sendable {
    package init<C: SharedContainer>(
        container: C, key: StaticString, file: StaticString, line: UInt, column: UInt, mainActorBody: @escaping @MainActor @Sendable () -> T
    ) {
        let registrationKey = RegistrationKey(container: AnyDeclaringContainer.self, name: key, type: T.self, file: file, line: line, column: column)
        let body = onMainActorOnly(registrationKey) { (_: Void) in mainActorBody() }
        self.init(registration: Registration(manager: container.manager, key: registrationKey, body: body))
    }
}

extension ParameterFactory where T: Sendable {
    package init<C: SharedContainer>(
        container: C, key: StaticString, file: StaticString, line: UInt, column: UInt, mainActorBody: @escaping @MainActor @Sendable (P) -> T
    ) {
        let registrationKey = RegistrationKey(container: AnyDeclaringContainer.self, name: key, type: T.self, file: file, line: line, column: column)
        self.init(registration: Registration(
            manager: container.manager, key: registrationKey, body: onMainActorOnly(registrationKey, mainActorBody)))
    }
}
