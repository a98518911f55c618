// Factory's reset options, for one factory or a whole container.

/// What Factory's `reset(options:)` resets, of one factory
/// (``FactoryModifying/reset(_:)``) or of a container (``ContainerManager/reset(options:)``).
public enum FactoryResetOptions: Sendable {
    /// Overrides, context modifiers stored at run time and held instances: ``FactoryModifying/reset()``.
    case all
    /// Nothing.
    case none
    /// The overrides `register` made; context modifiers stored at run time stay.
    case registration
    /// The context modifiers stored at run time (`Container.shared.api.onTest { … }`);
    /// overrides `register` made stay.
    case context
    /// Held instances only; overrides stay.
    case scope
}

extension FactoryModifying {
    /// Resets part of this factory's state in its container (Factory's `reset(options)`):
    /// see ``FactoryResetOptions``. The instances made with what it removes are dropped.
    ///
    /// ```swift
    /// Container.shared.api.reset(.context)   // the .onTest { } stored at run time goes
    /// ```
    ///
    /// - Parameter options: What to reset.
    /// - Returns: A chain for statements that follow (Factory's
    ///   `Container.shared.api.reset(.scope).onTest { … }`, ``RunTimeChain``); it may be dropped.
    @discardableResult
    public func reset(_ options: FactoryResetOptions) -> RunTimeChain<Self> {
        _ = applying(FactoryModification(.storedReset(options)))
        return RunTimeChain(self)
    }
}
