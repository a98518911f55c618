/// Wraps a main-actor body so that it runs only on the main actor: synchronously when
/// the resolve happens there, otherwise the process stops with a message naming `key`.
/// `fix` ends the message: a main-actor factory's own, or, for a main-actor body declared in
/// a `Factory` (deprecated), the type to declare.
func onMainActorOnly<P, T: Sendable>(
    _ key: RegistrationKey, fix: String? = nil,
    _ body: @escaping @MainActor @Sendable (P) -> T
) -> @Sendable (P) -> T {
    return { parameter in
        guard Platform.isMainThread else {
            // The body runs inside its own build frame: name only the builds around it.
            let chain = ResolutionContext.current.chain(excludingInnermost: true)
            ScopedFailure.stop(
                "\(key) has a @MainActor body and was resolved off the main actor; "
                    + (fix ?? "resolve it from main-actor code or with `await resolve()`") + chain.suffix,
                declaredBy: [key] + chain.keys)
        }
        nonisolated(unsafe) let parameter = parameter
        return MainActor.assumeIsolated { body(parameter) }
    }
}

extension Factory where T: Sendable {
    /// `declaredAsFactory`: the deprecated `Factory` spelling of a main-actor body, whose stop
    /// says which type to declare; a ``MainActorFactory``'s own says how to resolve it.
    package init<C: SharedContainer>(
        container: C, key: StaticString, file: StaticString, line: UInt, column: UInt, declaredAsFactory: Bool = false,
        mainActorBody: @escaping @MainActor @Sendable () -> T
    ) {
        let registrationKey = RegistrationKey(name: key, type: T.self, file: file, line: line, column: column)
        let fix = declaredAsFactory ? "declare the member MainActorFactory<\(registrationKey.typeName)>, whose resolve() is awaited off the main actor" : nil
        let body = onMainActorOnly(registrationKey, fix: fix) { (_: Void) in mainActorBody() }
        self.init(registration: Registration(manager: container.manager, key: registrationKey, body: body))
    }
}

extension ParameterFactory where T: Sendable {
    /// `declaredAsFactory`: as ``Factory``'s.
    package init<C: SharedContainer>(
        container: C, key: StaticString, file: StaticString, line: UInt, column: UInt, declaredAsFactory: Bool = false,
        mainActorBody: @escaping @MainActor @Sendable (P) -> T
    ) {
        let registrationKey = RegistrationKey(name: key, type: T.self, file: file, line: line, column: column)
        let fix =
            declaredAsFactory
            ? "declare the member MainActorParameterFactory<\(P.self), \(registrationKey.typeName)>, whose resolve(_:) is awaited off the main actor" : nil
        self.init(registration: Registration(
            manager: container.manager, key: registrationKey, body: onMainActorOnly(registrationKey, fix: fix, mainActorBody)))
    }
}
