extension Factory where T: Sendable {
    package init<C: SharedContainer>(
        container: C, key: StaticString, mainActorBody: @escaping @MainActor @Sendable () -> T
    ) {
        let registrationKey = RegistrationKey(container: C.self, name: key, type: T.self)
        self.init(container: container, key: key) {
            guard ThreadIdentity.isMainThread else {
                ScopedFailure.stop(
                    "\(registrationKey) has a @MainActor body and was resolved off the main actor; "
                        + "resolve it from main-actor code or with `await resolveOnMainActor()`"
                        + ResolutionContext.current.chainSuffix)
            }
            return MainActor.assumeIsolated { mainActorBody() }
        }
    }

    /// Resolves on the main actor, from any context: hops there, resolves, and hands the
    /// instance back. Use it for `@MainActor` view models from background tasks.
    ///
    /// ```swift
    /// let list = await Container.shared.list.resolveOnMainActor()
    /// ```
    ///
    /// - Returns: The instance the factory's scope calls for.
    @MainActor
    public func resolveOnMainActor() -> T {
        callAsFunction()
    }
}

extension ParameterFactory where T: Sendable {
    /// Resolves with `parameter` on the main actor, from any context.
    ///
    /// - Parameter parameter: Passed to the body when an instance is built.
    /// - Returns: The instance the factory's scope calls for.
    @MainActor
    public func resolveOnMainActor(_ parameter: P) -> T {
        callAsFunction(parameter)
    }
}
