import Testing

extension LifecycleTracker {
    /// Expects exactly one instance of `type` to have been built: a view model reused
    /// across re-renders, a store shared by every screen.
    ///
    /// ```swift
    /// tracker.expectBuiltOnce(CounterViewModel.self)
    /// ```
    ///
    /// On failure the message lists every instance built, with its registration, scope,
    /// container and where it was built.
    ///
    /// - Parameters:
    ///   - type: The type, such as `CounterViewModel.self`.
    ///   - sourceLocation: Where a failure is reported: the caller's, forwarded by a helper
    ///     (a call without it passes its own file and line).
    /// - Returns: Whether the expectation held.
    @discardableResult
    public func expectBuiltOnce<T>(_ type: T.Type, sourceLocation: SourceLocation) -> Bool {
        expectBuilt(type, times: 1, sourceLocation: sourceLocation)
    }

    /// Expects exactly `expected` instances of `type` to have been built.
    ///
    /// ```swift
    /// tracker.expectBuilt(DetailViewModel.self, times: 2)   // one per detail screen
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type.
    ///   - expected: The number of instances.
    ///   - sourceLocation: Where a failure is reported: the caller's, forwarded by a helper
    ///     (a call without it passes its own file and line).
    /// - Returns: Whether the expectation held.
    @discardableResult
    public func expectBuilt<T>(
        _ type: T.Type, times expected: Int, sourceLocation: SourceLocation
    ) -> Bool {
        let found = instances(of: type)
        guard found.count != expected else { return true }
        let name = Self.name(of: type)
        let wanted = expected == 0 ? "never to be built" : "to be built \(Self.times(expected))"
        let actual = found.isEmpty ? "it was never built" : "it was built \(Self.times(found.count))"
        let message = "expected \(name) \(wanted), but \(actual)" + Self.list(found, state: false)
        report(LifecycleViolation(
            kind: .builtCount, message: message, instances: found, sourceLocation: sourceLocation))
        return false
    }

    /// Expects every tracked instance of `type` to be released: deinitialized, or (for
    /// instances seen only through the event stream) released by its scope.
    ///
    /// ```swift
    /// checkout.close()
    /// tracker.expectReleased(CartViewModel.self)
    /// ```
    ///
    /// Fails too when no instance of `type` was tracked, so a misspelt type or a missing
    /// ``observe(_:)`` cannot pass silently.
    ///
    /// - Parameters:
    ///   - type: The type.
    ///   - sourceLocation: Where a failure is reported: the caller's, forwarded by a helper
    ///     (a call without it passes its own file and line).
    /// - Returns: Whether the expectation held.
    @discardableResult
    public func expectReleased<T>(_ type: T.Type, sourceLocation: SourceLocation) -> Bool {
        expectEvery(instances(of: type), named: Self.name(of: type), requireSome: true, sourceLocation: sourceLocation)
    }

    /// Expects one tracked instance to be released.
    ///
    /// ```swift
    /// let cart = tracker.watch(checkout.cart())
    /// checkout.close()
    /// tracker.expectReleased(cart)
    /// ```
    ///
    /// - Parameters:
    ///   - instance: A record from ``watch(_:sourceLocation:)`` or ``instances``.
    ///   - sourceLocation: Where a failure is reported: the caller's, forwarded by a helper
    ///     (a call without it passes its own file and line).
    /// - Returns: Whether the expectation held.
    @discardableResult
    public func expectReleased(
        _ instance: TrackedInstance, sourceLocation: SourceLocation
    ) -> Bool {
        let now = current(instance)
        guard !now.isReleased else { return true }
        let message = "expected \(now) to be released, but it is \(Self.phrase(now.state))"
        report(LifecycleViolation(
            kind: .notReleased, message: message, instances: [now], sourceLocation: sourceLocation))
        return false
    }

    /// Expects every instance the tracker has seen, of any type, to be released: the
    /// leak check at the end of a flow. Holds when nothing was tracked.
    ///
    /// - Parameter sourceLocation: Where a failure is reported: the caller's, forwarded by a
    ///   helper (a call without it passes its own file and line).
    /// - Returns: Whether the expectation held.
    @discardableResult
    public func expectAllReleased(sourceLocation: SourceLocation) -> Bool {
        expectEvery(instances, named: "tracked instance", requireSome: false, sourceLocation: sourceLocation)
    }

    /// Expects every tracked instance of `type` to be alive (or, seen only through the
    /// event stream, not released by any scope): hiding a child view must not release
    /// the view model its parent keeps.
    ///
    /// Fails too when no instance of `type` was tracked.
    ///
    /// - Parameters:
    ///   - type: The type.
    ///   - sourceLocation: Where a failure is reported: the caller's, forwarded by a helper
    ///     (a call without it passes its own file and line).
    /// - Returns: Whether the expectation held.
    @discardableResult
    public func expectAlive<T>(_ type: T.Type, sourceLocation: SourceLocation) -> Bool {
        let name = Self.name(of: type)
        let found = instances(of: type)
        let gone = found.filter(\.isReleased)
        guard found.isEmpty || !gone.isEmpty else { return true }
        let actual = found.isEmpty
            ? "no \(name) was tracked"
            : "\(gone.count) of \(found.count) \(gone.count == 1 ? "was" : "were") released"
                + Self.list(gone, state: true)
        let message = "expected every \(name) to be alive, but \(actual)"
        report(LifecycleViolation(
            kind: .notAlive, message: message, instances: gone, sourceLocation: sourceLocation))
        return false
    }

    // MARK: Message parts

    private func expectEvery(
        _ found: [TrackedInstance], named name: String, requireSome: Bool, sourceLocation: SourceLocation
    ) -> Bool {
        let held = found.filter { !$0.isReleased }
        guard (requireSome && found.isEmpty) || !held.isEmpty else { return true }
        let actual = found.isEmpty
            ? "no \(name) was tracked"
            : "\(held.count) of \(found.count) \(held.count == 1 ? "is" : "are") not"
                + Self.list(held, state: true)
        let message = "expected every \(name) to be released, but \(actual)"
        report(LifecycleViolation(
            kind: .notReleased, message: message, instances: held, sourceLocation: sourceLocation))
        return false
    }

    private static func times(_ count: Int) -> String {
        count == 1 ? "once" : "\(count) times"
    }

    private static func list(_ instances: [TrackedInstance], state: Bool) -> String {
        guard !instances.isEmpty else { return "" }
        return ":" + instances.map { "\n  - \($0)" + (state ? ": \(phrase($0.state))" : "") }.joined()
    }

    private static func phrase(_ state: TrackedInstance.State) -> String {
        switch state {
        case .alive: return "still alive"
        case .deinitialized: return "deinitialized"
        case .releasedByScope: return "released by its scope"
        case .unobserved: return "not released by any scope (deinit not observed: watch it or call didDeinit)"
        }
    }
}
