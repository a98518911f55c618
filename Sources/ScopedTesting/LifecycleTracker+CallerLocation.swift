import Testing

// The tracker's calls without a `sourceLocation:` argument. They take the caller's file
// and line as `#fileID`, `#filePath`, `#line` and `#column` rather than Swift Testing's
// `#_sourceLocation` macro, which expands at the call site and so does not compile in a
// file that imports ScopedTesting without Testing (an XCTest file).

extension LifecycleTracker {
    /// Expects exactly one instance of `type` to have been built; a failure is reported at
    /// the caller's line. See ``expectBuiltOnce(_:sourceLocation:)``.
    ///
    /// ```swift
    /// tracker.expectBuiltOnce(CounterViewModel.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type, such as `CounterViewModel.self`.
    ///   - fileID: The caller's file; filled in for you (as are `filePath`, `line` and `column`).
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the expectation held.
    @discardableResult
    public func expectBuiltOnce<T>(
        _ type: T.Type, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Bool {
        expectBuiltOnce(type, sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects exactly `expected` instances of `type` to have been built; a failure is
    /// reported at the caller's line. See ``expectBuilt(_:times:sourceLocation:)``.
    ///
    /// - Parameters:
    ///   - type: The type.
    ///   - expected: The number of instances.
    ///   - fileID: The caller's file; filled in for you (as are `filePath`, `line` and `column`).
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the expectation held.
    @discardableResult
    public func expectBuilt<T>(
        _ type: T.Type, times expected: Int,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Bool {
        expectBuilt(
            type, times: expected,
            sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects every tracked instance of `type` to be released; a failure is reported at
    /// the caller's line. See ``expectReleased(_:sourceLocation:)-(T.Type,_)``.
    ///
    /// - Parameters:
    ///   - type: The type.
    ///   - fileID: The caller's file; filled in for you (as are `filePath`, `line` and `column`).
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the expectation held.
    @discardableResult
    public func expectReleased<T>(
        _ type: T.Type, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Bool {
        expectReleased(type, sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects one tracked instance to be released; a failure is reported at the caller's
    /// line. See ``expectReleased(_:sourceLocation:)-(TrackedInstance,_)``.
    ///
    /// - Parameters:
    ///   - instance: A record from ``watch(_:fileID:filePath:line:column:)`` or ``instances``.
    ///   - fileID: The caller's file; filled in for you (as are `filePath`, `line` and `column`).
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the expectation held.
    @discardableResult
    public func expectReleased(
        _ instance: TrackedInstance,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Bool {
        expectReleased(
            instance, sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects every instance the tracker has seen to be released; a failure is reported
    /// at the caller's line. See ``expectAllReleased(sourceLocation:)``.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file; filled in for you (as are `filePath`, `line` and `column`).
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the expectation held.
    @discardableResult
    public func expectAllReleased(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Bool {
        expectAllReleased(sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects every tracked instance of `type` to be alive; a failure is reported at the
    /// caller's line. See ``expectAlive(_:sourceLocation:)``.
    ///
    /// - Parameters:
    ///   - type: The type.
    ///   - fileID: The caller's file; filled in for you (as are `filePath`, `line` and `column`).
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the expectation held.
    @discardableResult
    public func expectAlive<T>(
        _ type: T.Type, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Bool {
        expectAlive(type, sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Records that `instance` was initialised, at the caller's line. See
    /// ``didInit(_:named:sourceLocation:)``.
    ///
    /// - Parameters:
    ///   - instance: The object being initialised (`self`).
    ///   - name: The name to track it under; `nil` (the default) for its type name.
    ///   - fileID: The caller's file; filled in for you (as are `filePath`, `line` and `column`).
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The instance's record.
    @discardableResult
    public func didInit(
        _ instance: AnyObject, named name: String? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> TrackedInstance {
        didInit(
            instance, named: name,
            sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Watches `instance` (a weak reference), recorded at the caller's line. See
    /// ``watch(_:sourceLocation:)``.
    ///
    /// - Parameters:
    ///   - instance: The object to watch. The tracker never keeps it alive.
    ///   - fileID: The caller's file; filled in for you (as are `filePath`, `line` and `column`).
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The instance's record.
    @discardableResult
    public func watch(
        _ instance: AnyObject,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> TrackedInstance {
        watch(instance, sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
