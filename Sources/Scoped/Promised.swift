// `promised()`: a factory of an optional that resolves to nil until a test or the app
// registers it, as Factory's.

extension SharedContainer {
    /// Makes a factory declared in one module whose body another module registers: it
    /// resolves to `nil` until something registers it. In a debug build of Scoped,
    /// resolving it before then stops with a message naming the registration, except in
    /// Xcode previews (Factory's `promised()`). Both read ``FactoryContext/current``, so a
    /// test world with `isPreview: true` or `isDebug: false` gets `nil`.
    ///
    /// ```swift
    /// // Module Accounts, which knows only the protocol:
    /// extension Container {
    ///     var accountService: Factory<(any AccountServing)?> { promised() }
    /// }
    /// // The app, at start-up:
    /// Container.shared.accountService.register { LiveAccountService() }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declaring member's name, filled in by the compiler.
    ///   - file: The file of this call (`#fileID`), filled in by the compiler.
    ///   - line: The line of this call, filled in by the compiler.
    ///   - column: The column of this call, filled in by the compiler.
    /// - Returns: A `.unique` factory of `T?`; chain a scope to change its lifetime.
    public func promised<T>(
        key: StaticString = #function, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Factory<T?> {
        self(key: key, file: file, line: line, column: column) {
            unfulfilledPromise(RegistrationKey(
                name: key, type: T?.self, file: file, line: line, column: column))
        }
    }

    /// Makes a parameter factory declared in one module whose body another module
    /// registers, as ``promised(key:file:line:column:)`` does for a factory without a
    /// parameter (Factory's `promised()` on a `ParameterFactory`).
    ///
    /// ```swift
    /// extension Container {
    ///     var receipt: ParameterFactory<Int, (any ReceiptPrinting)?> { promised() }
    /// }
    /// Container.shared.receipt.register { id in LiveReceiptPrinter(order: id) }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declaring member's name, filled in by the compiler.
    ///   - file: The file of this call (`#fileID`), filled in by the compiler.
    ///   - line: The line of this call, filled in by the compiler.
    ///   - column: The column of this call, filled in by the compiler.
    /// - Returns: A `.unique` parameter factory of `T?`.
    public func promised<P, T>(
        key: StaticString = #function, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> ParameterFactory<P, T?> {
        self(key: key, file: file, line: line, column: column) { (_: P) in
            unfulfilledPromise(RegistrationKey(
                name: key, type: T?.self, file: file, line: line, column: column))
        }
    }
}

/// What an unregistered promise resolves to: as in Factory, a debug build stops, a
/// preview (a canvas renders screens with some services never registered) and a release
/// build get nil.
private func unfulfilledPromise<T>(_ registration: RegistrationKey) -> T? {
    let context = FactoryContext.current
    guard context.isDebug, !context.isPreview else { return nil }
    ScopedFailure.stop(
        "\(registration) is promised and was resolved before anything registered it; "
            + "register it at start-up (.register { … })",
        declaredBy: [registration])
}
