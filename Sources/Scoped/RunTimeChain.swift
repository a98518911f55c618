/// What a modifier written as a statement at run time returns: the same statements again,
/// so that every link of a chain is stored, as in Factory.
///
/// ```swift
/// Container.shared.api
///     .onDevice { LiveAPIClient() }
///     .onSimulator { RecordedAPIClient() }   // both stored
/// Container.shared.api.register { MockAPIClient() }.onPreview { PreviewAPIClient() }.onTest { MockAPIClient() }
/// ```
///
/// Each call stores what it says in the container of the calling code's world, exactly as
/// the statement on the factory itself (``FactoryModifying/onTest(_:)->RunTimeChain<Self>``,
/// ``FactoryModifying/register(_:)-5fb5z``, ``FactoryModifying/scope(_:)->RunTimeChain<Self>``,
/// ``FactoryModifying/timeToLive(_:)->RunTimeChain<Self>``,
/// ``FactoryModifying/decorator(_:)->RunTimeChain<Self>``), and returns the chain for the
/// next link; the result may be dropped. It has no resolve: a factory value kept in a local
/// names its type (`let api: Factory<APIClient> = Container.shared.api.onTest { … }` changes
/// that value and stores nothing, as in a declaration).
public struct RunTimeChain<Factory: FactoryModifying> {
    /// The factory the statements are stored for.
    let factory: Factory

    init(_ factory: Factory) {
        self.factory = factory
    }

    /// Stores `body` as the factory's override, as ``FactoryModifying/register(_:)-5fb5z`` does.
    ///
    /// - Parameter body: Makes the replacement instance.
    /// - Returns: This chain, for the next statement.
    @discardableResult
    public func register(_ body: Factory.Body) -> Self {
        factory.updateRegistration(override: body)
        return self
    }

    /// Stores `body` as the factory's body under tests; see ``FactoryModifying/onTest(_:)->RunTimeChain<Self>``.
    ///
    /// - Parameter body: Makes the instance used under tests.
    /// - Returns: This chain, for the next statement.
    @discardableResult
    public func onTest(_ body: Factory.Body) -> Self { storing(.test, body) }

    /// Stores `body` as the factory's body in Xcode previews.
    ///
    /// - Parameter body: Makes the instance used in previews.
    /// - Returns: This chain, for the next statement.
    @discardableResult
    public func onPreview(_ body: Factory.Body) -> Self { storing(.preview, body) }

    /// Stores `body` as the factory's body in debug builds.
    ///
    /// - Parameter body: Makes the instance used in debug builds.
    /// - Returns: This chain, for the next statement.
    @discardableResult
    public func onDebug(_ body: Factory.Body) -> Self { storing(.debug, body) }

    /// Stores `body` as the factory's body when the process was launched with `argument`.
    ///
    /// - Parameters:
    ///   - argument: A launch argument, matched exactly.
    ///   - body: Makes the instance used when the argument is present.
    /// - Returns: This chain, for the next statement.
    @discardableResult
    public func onArg(_ argument: String, _ body: Factory.Body) -> Self { storing(.argument, body, arguments: [argument]) }

    /// Stores `body` as the factory's body when the process was launched with any of `arguments`.
    ///
    /// - Parameters:
    ///   - arguments: Launch arguments, each matched exactly.
    ///   - body: Makes the instance used when one of them is present.
    /// - Returns: This chain, for the next statement.
    @discardableResult
    public func onArgs(_ arguments: [String], _ body: Factory.Body) -> Self { storing(.argument, body, arguments: arguments) }

    /// Stores `body` as the factory's body in a simulator (never on Linux).
    ///
    /// - Parameter body: Makes the instance used in a simulator.
    /// - Returns: This chain, for the next statement.
    @discardableResult
    public func onSimulator(_ body: Factory.Body) -> Self { storing(.simulator, body) }

    /// Stores `body` as the factory's body on a device of an Apple platform (never on Linux).
    ///
    /// - Parameter body: Makes the instance used on a device.
    /// - Returns: This chain, for the next statement.
    @discardableResult
    public func onDevice(_ body: Factory.Body) -> Self { storing(.device, body) }

    /// Stores `decorate`, run after every resolve; see ``FactoryModifying/decorator(_:)->RunTimeChain<Self>``.
    ///
    /// - Parameter decorate: Receives the instance after each resolve.
    /// - Returns: This chain, for the next statement.
    @discardableResult
    public func decorator(_ decorate: @escaping @Sendable (Factory.Instance) -> Void) -> Self {
        _ = factory.applying(FactoryModification(.storedDecorator(decorate)))
        return self
    }

    /// Gives the factory's override `scope`; see ``FactoryModifying/scope(_:)->RunTimeChain<Self>``.
    ///
    /// - Parameter scope: A built-in scope or a custom ``Scope/Cached``.
    /// - Returns: This chain, for the next statement.
    @discardableResult
    public func scope(_ scope: Scope) -> Self {
        _ = factory.applying(FactoryModification(.storedScope(scope)))
        return self
    }

    private func storing(_ rank: ContextRank, _ body: Factory.Body, arguments: [String] = []) -> Self {
        _ = factory.applying(FactoryModification(.storedContext(rank, arguments: arguments, body: body)))
        return self
    }
}

extension RunTimeChain where Factory.Instance: Sendable {
    /// Gives the factory's override a time to live; see ``FactoryModifying/timeToLive(_:)->RunTimeChain<Self>``.
    ///
    /// - Parameter seconds: How long a held instance lives, from when it was stored.
    /// - Returns: This chain, for the next statement.
    @discardableResult
    public func timeToLive(_ seconds: Double) -> Self {
        _ = factory.applying(FactoryModification(.storedTimeToLive(seconds)))
        return self
    }
}

// The scope properties, as statements ending a chain (`….onTest { … }.cached`), under the
// requirements of the factory's own (FactoryModifying.swift).

extension RunTimeChain where Factory.Body: Sendable {
    /// Gives the factory's override the `.unique` scope; see ``FactoryModifying/scope(_:)->RunTimeChain<Self>``.
    public var unique: Void { _ = scope(.unique) }
}

extension RunTimeChain where Factory: SynchronousFactoryModifying, Factory.Body: Sendable {
    /// Gives the factory's override the `.graph` scope; see ``FactoryModifying/scope(_:)->RunTimeChain<Self>``.
    public var graph: Void { _ = scope(.graph) }
}

extension RunTimeChain where Factory.Instance: Sendable, Factory.Body: Sendable {
    /// Gives the factory's override the `.cached` scope; see ``FactoryModifying/scope(_:)->RunTimeChain<Self>``.
    public var cached: Void { _ = scope(.cached) }

    /// Gives the factory's override the `.shared` scope; see ``FactoryModifying/scope(_:)->RunTimeChain<Self>``.
    public var shared: Void { _ = scope(.shared) }

    /// Gives the factory's override the `.scoped` scope; see ``FactoryModifying/scope(_:)->RunTimeChain<Self>``.
    public var scoped: Void { _ = scope(.scoped) }

    /// Gives the factory's override the `.singleton` scope; see ``FactoryModifying/scope(_:)->RunTimeChain<Self>``.
    public var singleton: Void { _ = scope(.singleton) }
}
