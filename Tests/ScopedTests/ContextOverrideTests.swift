import Scoped
import Testing

/// What produced an instance: the declared body or one of the overrides.
private final class Origin: Sendable {
    let source: String
    init(_ source: String) { self.source = source }
}

/// A launch argument this process surely has: its own executable path.
private let presentArgument = FactoryContext.arguments[0]

extension Container {
    fileprivate var declaredOnly: Factory<Origin> { self { Origin("declared") } }
    fileprivate var testOverDeclared: Factory<Origin> { self { Origin("declared") }.onTest { Origin("test") } }
    fileprivate var debugOnly: Factory<Origin> { self { Origin("declared") }.onDebug { Origin("debug") } }
    fileprivate var testThenDebug: Factory<Origin> {
        self { Origin("declared") }.onTest { Origin("test") }.onDebug { Origin("debug") }
    }
    fileprivate var debugThenTest: Factory<Origin> {
        self { Origin("declared") }.onDebug { Origin("debug") }.onTest { Origin("test") }
    }
    fileprivate var previewOutsidePreviews: Factory<Origin> {
        self { Origin("declared") }.onTest { Origin("test") }.onPreview { Origin("preview") }
    }
    fileprivate var argumentOverTest: Factory<Origin> {
        self { Origin("declared") }.onArg(presentArgument) { Origin("argument") }.onTest { Origin("test") }
    }
    fileprivate var absentArgument: Factory<Origin> {
        self { Origin("declared") }.onTest { Origin("test") }.onArg("-scopedNoSuchArgument") { Origin("argument") }
    }
    fileprivate var lastTestWins: Factory<Origin> {
        self { Origin("declared") }.onTest { Origin("first") }.onTest { Origin("second") }
    }
    fileprivate var cachedTest: Factory<Origin> { self { Origin("declared") }.onTest { Origin("test") }.cached }
    fileprivate var parameterTest: ParameterFactory<String, Origin> {
        self { Origin("declared \($0)") }.onTest { Origin("test \($0)") }.onArg(presentArgument) { Origin("argument \($0)") }
    }
}

/// The same factory with every context forced on, through the ranking the public
/// modifiers use, applied in `order`.
private func forcedContexts(_ order: [ContextRank]) -> Factory<Origin> {
    var factory = Container().declaredOnly
    for rank in order {
        let name = "\(rank)"
        factory = Factory(registration: factory.registration.overriding(rank: rank, if: true) { $0.storedBody = $0.storedBody.replacingBase(with: .plain { Origin(name) }) })
    }
    return factory
}

@Suite struct ContextOverrideTests {
    @Test func isTestIsTrueUnderSwiftTest() {
        #expect(FactoryContext.isTest)
        #expect(!FactoryContext.isPreview)
        #expect(FactoryContext.arguments == CommandLine.arguments)
    }

    @Test func onTestReplacesTheDeclaredBodyUnderTests() {
        #expect(Container().testOverDeclared().source == "test")
        #expect(Container().declaredOnly().source == "declared")
    }

    @Test func onDebugAppliesInDebugBuildsOnly() {
        #expect(Container().debugOnly().source == (FactoryContext.isDebug ? "debug" : "declared"))
    }

    @Test func onTestOutranksOnDebugWhateverTheOrder() {
        #expect(Container().testThenDebug().source == "test")
        #expect(Container().debugThenTest().source == "test")
    }

    @Test func onPreviewDoesNothingOutsidePreviews() {
        #expect(Container().previewOutsidePreviews().source == "test")
    }

    @Test func onArgAppliesWhenTheArgumentIsPresentAndOutranksOnTest() {
        #expect(Container().argumentOverTest().source == "argument")
        #expect(Container().absentArgument().source == "test")
    }

    @Test func amongOverridesOfOneKindTheLastApplies() {
        #expect(Container().lastTestWins().source == "second")
    }

    @Test func registerOutranksEveryContextOverride() {
        let container = Container()
        container.argumentOverTest.register { Origin("registered") }
        #expect(container.argumentOverTest().source == "registered")
        container.argumentOverTest.reset()
        #expect(container.argumentOverTest().source == "argument")
    }

    @Test func contextOverridesKeepTheScope() {
        let container = Container()
        #expect(container.cachedTest() === container.cachedTest())
        #expect(container.cachedTest().source == "test")
    }

    @Test func parameterFactoriesHaveContextOverridesToo() {
        #expect(Container().parameterTest("x").source == "argument x")
    }

    /// The whole precedence table, every context forced on: register > onArg >
    /// onPreview > onTest > onDebug > declared, whatever order they were applied in.
    @Test(arguments: [
        [ContextRank.debug, .test, .preview, .argument],
        [.argument, .preview, .test, .debug],
        [.preview, .debug, .argument, .test],
    ])
    func precedenceWithEveryContextOn(order: [ContextRank]) {
        #expect(forcedContexts(order)().source == "argument")
        #expect(forcedContexts(order.filter { $0 != .argument })().source == "preview")
        #expect(forcedContexts(order.filter { $0 == .test || $0 == .debug })().source == "test")
        #expect(forcedContexts([.debug])().source == "debug")
        #expect(forcedContexts([])().source == "declared")
        let registered = forcedContexts(order)
        registered.register { Origin("registered") }
        #expect(registered().source == "registered")
    }
}

extension Container {
    fileprivate var perParameterThenTest: ParameterFactory<Int, Origin> {
        self { Origin("declared \($0)") }.scoped.perParameter.onTest { Origin("test \($0)") }
    }
    fileprivate var perParameterThenArgument: ParameterFactory<Int, Origin> {
        self { Origin("declared \($0)") }.cached.perParameter.onArg(presentArgument) { Origin("argument \($0)") }
    }
}

extension ContextOverrideTests {
    @Test func aContextOverrideAfterPerParameterKeepsOneInstancePerParameter() {
        let flow = Container().child("rows")
        #expect(flow.perParameterThenTest(1).source == "test 1")
        #expect(flow.perParameterThenTest(2).source == "test 2", "the override did not drop .perParameter")
        #expect(flow.perParameterThenTest(1) === flow.perParameterThenTest(1))
        let root = Container()
        #expect(root.perParameterThenArgument(3).source == "argument 3")
        #expect(root.perParameterThenArgument(4) !== root.perParameterThenArgument(3))
    }
}
