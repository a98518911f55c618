import Scoped
import ScopedTesting
import Testing

// A factory value decorated at run time and then registered (#41; a fifth new-user
// evaluation found the decorator dropped): the override keeps the value's decorators, the
// declaration's among them, and a resolve runs each once. Written in one statement,
// `x.decorator { }.register { }` is a chain of statements (RunTimeChainTests); here the
// value is kept in a typed local, which takes the value forms.

extension Container {
    fileprivate func chainPlain(_ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("declared", tracker) }.cached
    }
    fileprivate func chainDecorated(_ tracker: LifecycleTracker, _ calls: Collected<String>) -> Factory<Probe> {
        self { Probe("declared", tracker) }.decorator { calls.append("declared's on \($0.name)") }.cached
    }
    fileprivate func chainDecoratedUnique(_ tracker: LifecycleTracker, _ calls: Collected<String>) -> Factory<Probe> {
        self { Probe("declared", tracker) }.decorator { calls.append("declared's on \($0.name)") }
    }
    fileprivate func chainParameter(_ tracker: LifecycleTracker, _ calls: Collected<String>) -> ParameterFactory<Int, Probe> {
        self { Probe("declared\($0)", tracker) }.decorator { calls.append("declared's on \($0.name)") }.cached
    }
    fileprivate func chainAsync(_ tracker: LifecycleTracker, _ calls: Collected<String>) -> AsyncFactory<Probe> {
        self { Probe("declared", tracker) }.decorator { calls.append("declared's on \($0.name)") }.cached
    }
    fileprivate func chainInner(_ tracker: LifecycleTracker, _ calls: Collected<String>) -> Factory<Probe> {
        self { Probe("inner", tracker) }.decorator { calls.append("inner declared's on \($0.name)") }
    }
    fileprivate func chainOuter(_ tracker: LifecycleTracker, _ calls: Collected<String>) -> Factory<Probe> {
        self { Probe("outer", tracker, holding: [self.chainInner(tracker, calls)()]) }
            .decorator { calls.append("outer declared's on \($0.name)") }
    }
}

@Suite struct ChainedRunTimeDecoratorTests {
    @Test func aDecoratorBeforeRegisterRunsAfterEveryResolve() {
        let tracker = LifecycleTracker()
        let calls = Collected<String>()
        withContainer {
            let value: Factory<Probe> = Container.shared.chainPlain(tracker).decorator { calls.append("chained on \($0.name)") }
            value.register { Probe("registered", tracker) }
            let first = Container.shared.chainPlain(tracker)()
            #expect(Container.shared.chainPlain(tracker)() === first)
            #expect(calls.all == ["chained on registered", "chained on registered"])
        }
    }

    @Test func theDeclarationsDecoratorsRunOnceBesideTheChainedOne() {
        let tracker = LifecycleTracker()
        let calls = Collected<String>()
        withContainer {
            let value: Factory<Probe> = Container.shared.chainDecorated(tracker, calls).decorator { calls.append("chained on \($0.name)") }
            value.register { Probe("registered", tracker) }
            let first = Container.shared.chainDecorated(tracker, calls)()   // built
            #expect(Container.shared.chainDecorated(tracker, calls)() === first)   // held
            #expect(
                calls.all == [
                    "declared's on registered", "chained on registered", "declared's on registered", "chained on registered",
                ])
        }
    }

    @Test func aUniqueFactorysChainedDecoratorRunsOnEachBuild() {
        let tracker = LifecycleTracker()
        let calls = Collected<String>()
        withContainer {
            let value: Factory<Probe> = Container.shared.chainDecoratedUnique(tracker, calls).decorator { calls.append("chained on \($0.name)") }
            value.register { Probe("registered", tracker) }
            #expect(Container.shared.chainDecoratedUnique(tracker, calls)() !== Container.shared.chainDecoratedUnique(tracker, calls)())
            #expect(calls.all == Array(repeating: ["declared's on registered", "chained on registered"], count: 2).flatMap { $0 })
        }
    }

    /// Chained before `register`, a decorator is a statement of its own (``RunTimeChain``):
    /// stored apart from the registration, so a later `register` keeps it, as in Factory.
    @Test func aChainedDecoratorIsAStatementThatALaterRegisterKeeps() {
        let tracker = LifecycleTracker()
        let calls = Collected<String>()
        withContainer {
            Container.shared.chainDecorated(tracker, calls).decorator { calls.append("statement on \($0.name)") }
            Container.shared.chainDecorated(tracker, calls).decorator { calls.append("chained on \($0.name)") }
                .register { Probe("first", tracker) }
            _ = Container.shared.chainDecorated(tracker, calls)()
            #expect(calls.all == ["declared's on first", "statement on first", "chained on first"])
            Container.shared.chainDecorated(tracker, calls).register { Probe("second", tracker) }
            _ = Container.shared.chainDecorated(tracker, calls)()
            #expect(calls.all.dropFirst(3) == ["declared's on second", "statement on second", "chained on second"])
        }
    }

    /// A factory value decorated in a typed local and registered later: the override carries
    /// the value's decorators, the declaration's among them, and a later `register` from the
    /// declared value drops the local's.
    @Test func aDecoratedValueKeptInALocalRegistersItsDecorators() {
        let tracker = LifecycleTracker()
        let calls = Collected<String>()
        withContainer {
            let local: Factory<Probe> = Container.shared.chainDecorated(tracker, calls).decorator { calls.append("local on \($0.name)") }
            local.register { Probe("first", tracker) }
            _ = Container.shared.chainDecorated(tracker, calls)()
            #expect(calls.all == ["declared's on first", "local on first"])
            Container.shared.chainDecorated(tracker, calls).register { Probe("second", tracker) }
            _ = Container.shared.chainDecorated(tracker, calls)()
            #expect(calls.all.dropFirst(2) == ["declared's on second"])
        }
    }

    @Test func aParameterFactorysChainedDecoratorRunsOnce() {
        let tracker = LifecycleTracker()
        let calls = Collected<String>()
        withContainer {
            let value: ParameterFactory<Int, Probe> = Container.shared.chainParameter(tracker, calls).decorator { calls.append("chained on \($0.name)") }
            value.register { Probe("registered\($0)", tracker) }
            _ = Container.shared.chainParameter(tracker, calls)(1)
            _ = Container.shared.chainParameter(tracker, calls)(1)
            #expect(
                calls.all == [
                    "declared's on registered1", "chained on registered1", "declared's on registered1", "chained on registered1",
                ])
        }
    }

    @Test func anAsyncFactorysChainedDecoratorRunsOnce() async throws {
        let tracker = LifecycleTracker()
        let calls = Collected<String>()
        try await withContainer {
            let value: AsyncFactory<Probe> = Container.shared.chainAsync(tracker, calls).decorator { calls.append("chained on \($0.name)") }
            value.register { Probe("registered", tracker) }
            let first = try await Container.shared.chainAsync(tracker, calls)()
            #expect(try await Container.shared.chainAsync(tracker, calls)() === first)
            #expect(
                calls.all == [
                    "declared's on registered", "chained on registered", "declared's on registered", "chained on registered",
                ])
        }
    }

    /// The note that an override ran its value's decorators names the registration: a
    /// nested resolve with a chained override of its own neither hides nor doubles the
    /// outer factory's declared decorator.
    @Test func aNestedChainedOverrideLeavesTheOuterResolvesDecoratorsAlone() {
        let tracker = LifecycleTracker()
        let calls = Collected<String>()
        withContainer {
            let value: Factory<Probe> = Container.shared.chainInner(tracker, calls).decorator { calls.append("inner chained on \($0.name)") }
            value.register { Probe("inner registered", tracker) }
            // The outer factory has no override: its declared decorator runs after its body,
            // whose nested resolve ran the inner override's.
            _ = Container.shared.chainOuter(tracker, calls)()
            #expect(
                calls.all == [
                    "inner declared's on inner registered", "inner chained on inner registered", "outer declared's on outer",
                ])
        }
    }
}
