extension SharedContainer {
    /// Makes an async factory keyed by the calling member's name and `T`: its body may
    /// `await` and `throw`. Call it as `self { … }` inside a container extension.
    ///
    /// ```swift
    /// extension Container {
    ///     var database: AsyncFactory<Database> { self { try await Database.open(path: "app.sqlite") }.cached }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declaring member's name, filled in by the compiler.
    ///   - file: The file of this call (`#fileID`), filled in by the compiler.
    ///   - line: The line of this call, filled in by the compiler.
    ///   - column: The column of this call, filled in by the compiler. With `file` and
    ///     `line` it tells apart overloads of one factory function and registrations made
    ///     in one function.
    ///   - body: Makes an instance. It may resolve other factories, synchronous or async.
    /// - Returns: A `.unique` async factory; chain a scope to change its lifetime.
    @inlinable
    public func callAsFunction<T: Sendable>(
        key: StaticString = #function, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
        _ body: @escaping @Sendable () async throws -> T
    ) -> AsyncFactory<T> {
        let key = RegistrationKey(name: key, type: T.self, file: file, line: line, column: column)
        return AsyncFactory(
            registration: AsyncRegistration(references: AsyncRegistration<Void, T>.reference(to: manager), key: key, body: .plain(body)))
    }

    /// Makes an async parameter factory keyed by the calling member's name and `T`.
    ///
    /// ```swift
    /// extension Container {
    ///     var document: AsyncParameterFactory<URL, Document> {
    ///         self { url in try await Document.load(from: url) }.cached.perParameter
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declaring member's name, filled in by the compiler.
    ///   - file: The file of this call (`#fileID`), filled in by the compiler.
    ///   - line: The line of this call, filled in by the compiler.
    ///   - column: The column of this call, filled in by the compiler.
    ///   - body: Makes an instance from the parameter.
    /// - Returns: A `.unique` async parameter factory.
    @inlinable
    public func callAsFunction<P: Sendable, T: Sendable>(
        key: StaticString = #function, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
        _ body: @escaping @Sendable (P) async throws -> T
    ) -> AsyncParameterFactory<P, T> {
        let key = RegistrationKey(name: key, type: T.self, file: file, line: line, column: column)
        return AsyncParameterFactory(
            registration: AsyncRegistration(references: AsyncRegistration<P, T>.reference(to: manager), key: key, body: .parameter(body)))
    }
}
