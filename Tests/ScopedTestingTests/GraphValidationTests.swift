import Scoped
@testable import ScopedTesting
import Testing

private final class ValidAPI: Sendable {}
private final class ValidStore: Sendable {
    let api: ValidAPI
    init(api: ValidAPI) { self.api = api }
}
private final class ValidScreen: Sendable {
    let store: ValidStore
    init(store: ValidStore) { self.store = store }
}
private final class ValidBadge: Sendable {}
private final class ValidHolder: Sendable {
    let badge: ValidBadge
    init(badge: ValidBadge) { self.badge = badge }
}

extension Scope {
    fileprivate static let recomputed = Scope.Cached(name: "recomputed")
    /// Custom scopes named like built-in ones: they keep their instances as every custom
    /// scope does, whatever the name says.
    fileprivate static let namedScoped = Scope.Cached(name: "scoped")
    fileprivate static let namedShared = Scope.Cached(name: "shared")
}

extension Container {
    fileprivate var validAPI: Factory<ValidAPI> { self { ValidAPI() }.cached }
    fileprivate var validStore: Factory<ValidStore> { self { ValidStore(api: self.validAPI()) }.cached }
    fileprivate var validScreen: Factory<ValidScreen> { self { ValidScreen(store: self.validStore()) }.scoped }
    fileprivate var validDetail: ParameterFactory<Int, ValidScreen> {
        self { _ in ValidScreen(store: self.validStore()) }.scoped.perParameter
    }
    fileprivate var validBadge: Factory<ValidBadge> { self { ValidBadge() }.shared }
    fileprivate var captiveHolder: Factory<ValidHolder> { self { ValidHolder(badge: self.validBadge()) }.cached }
    fileprivate var sessionAPI: Factory<ValidAPI> { self { ValidAPI() }.scope(.namedScoped) }
    fileprivate var sessionBadge: Factory<ValidBadge> { self { ValidBadge() }.scope(.namedShared) }
}

@Suite struct GraphValidationTests {
    @Test func aSoundGraphRecordsNoIssue() {
        let report = validateGraph(roots: [\.validStore], flows: [\.validScreen]) { root in
            let flow = root.child("detail")
            _ = flow.validDetail(7)
            flow.close()
        }
        #expect(report.problems.isEmpty)
        #expect(report.graph.nodes.map(\.registration) == ["validAPI", "validStore", "validScreen", "validDetail"])
        #expect(report.description == "4 registrations resolved, no problems")
    }

    @Test func aCaptiveDependencyFailsTheTestWithItsChain() {
        var report: GraphReport?
        withKnownIssue {
            report = validateGraph(roots: [\.captiveHolder])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("captive dependency: captiveHolder (ValidHolder) (.cached)") }
        }
        #expect(report?.problems.map(\.kind) == [.captiveDependency])
        #expect(report?.problems.first?.message == """
            captive dependency: captiveHolder (ValidHolder) (.cached) holds validBadge (ValidBadge) shared, which it keeps \
            alive past its scope; chain: captiveHolder (ValidHolder) → validBadge (ValidBadge)
            """)
        #expect(report.map(String.init(describing:)) == """
            2 registrations resolved, 1 problem:
            - \(report?.problems.first?.message ?? "")
            """)
    }

    @Test func aCustomScopeNamedLikeABuiltInOneIsJudgedByWhatItDoes() {
        // Named "scoped", it is a custom (cached) scope: built at the root is its place.
        let report = validateGraph(roots: [\.sessionAPI, \.sessionBadge])
        #expect(report.problems.isEmpty)
        // Named "shared", it keeps its instance: the graph counts what it holds.
        let badge = report.graph.nodes.first { $0.registration == "sessionBadge" }
        #expect(badge?.scopes == ["shared"])
        #expect(badge?.held == 1)
    }

    @Test func aScopedInstanceBuiltAtTheRootFailsTheTest() {
        var report: GraphReport?
        withKnownIssue {
            report = validateGraph(roots: [\.validScreen])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("validScreen (ValidScreen) is .scoped but was built at the root") }
        }
        #expect(report?.problems.map(\.kind) == [.scopedAtRoot])
        #expect(report?.problems.first?.message.hasSuffix("chain: validScreen (ValidScreen)") == true)
    }

    @Test func aSecondBuildWhileTheFirstIsHeldIsAProblem() {
        // Scoped itself never does this (exactly-once creation): the check is a safety net,
        // fed here with the records it reads from the event stream.
        let builds = [
            BuildRecord(released: false, subject: "store (Store)", scope: "cached", keepsInstances: true, container: "root#1"),
            BuildRecord(released: false, subject: "store (Store)", scope: "cached", keepsInstances: true, container: "flow#2"),
            BuildRecord(released: false, subject: "row (Row)", scope: "unique", keepsInstances: false, container: "root#1"),
            BuildRecord(released: false, subject: "row (Row)", scope: "unique", keepsInstances: false, container: "root#1"),
            BuildRecord(released: true, subject: "store (Store)", scope: "cached", keepsInstances: true, container: "flow#2"),
            BuildRecord(released: false, subject: "store (Store)", scope: "cached", keepsInstances: true, container: "flow#2"),
            BuildRecord(released: false, subject: "store (Store)", scope: "cached", keepsInstances: true, container: "root#1"),
        ]
        #expect(builtMoreThanOnce(in: builds).map(\.message) == [
            "store (Store) was built again in root#1 (.cached) while its first instance (.cached) was held there",
        ])
    }

    @Test func aRegistrationResolvedWithASecondLifetimeIsNotBuiltTwice() {
        let report = validateGraph { root in
            _ = root.validAPI()
            _ = root.validAPI.scope(.recomputed)()
        }
        #expect(report.problems.isEmpty)
        #expect(report.graph.nodes.first?.built == 1)
    }

    @Test func aParameterFactoryInTheListIsReported() {
        var report: GraphReport?
        withKnownIssue {
            report = validateGraph(roots: [\.validDetail])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("which needs a parameter") }
        }
        #expect(report?.problems.map(\.kind) == [.notResolvable])
        #expect(report?.problems.map(\.message) == [
            "graph validation: validDetail (ValidScreen) is a ParameterFactory<Int, ValidScreen>, which needs a "
                + "parameter; resolve it in `resolving:`"
        ])
    }

    @Test func validationRunsInAFreshWorldAndLeavesSharedUntouched() {
        _ = validateGraph(roots: [\.validStore])
        let outside = GraphRecorder(recording: Container.shared)
        defer { outside.stop() }
        _ = validateGraph(roots: [\.validStore])
        // Only the validated graph's registrations: tests running beside this one may
        // resolve other factories through `Container.shared` meanwhile.
        let validated: Set = ["validStore", "validAPI"]
        #expect(!outside.graph.nodes.contains { validated.contains($0.registration) },
                "the validation's resolves happen in its own world")
    }
}

@MainActor private final class ValidScreenModel {
    let store: ValidStore
    init(store: ValidStore) { self.store = store }
}

extension Container {
    @MainActor fileprivate var validScreenModel: MainActorFactory<ValidScreenModel> {
        self { @MainActor in ValidScreenModel(store: self.validStore()) }.scoped
    }
}

extension GraphValidationTests {
    @MainActor @Test func mainActorFactoriesAreValidatedOnTheMainActor() {
        let report = validateGraph(flows: [\.validScreenModel])
        #expect(report.problems.isEmpty)
        #expect(report.graph.nodes.map(\.registration) == ["validAPI", "validStore", "validScreenModel"])
    }
}

// MARK: Async graphs

private struct ValidationFailure: Error {}

extension Container {
    fileprivate var asyncBadge: AsyncFactory<ValidBadge> { self { ValidBadge() }.shared }
    fileprivate var asyncHolder: AsyncFactory<ValidHolder> {
        self { ValidHolder(badge: try await self.asyncBadge()) }.cached
    }
    fileprivate var asyncScreen: AsyncFactory<ValidScreen> { self { ValidScreen(store: self.validStore()) }.scoped }
    fileprivate var asyncEntry: AsyncParameterFactory<Int, ValidScreen> {
        self { _ in ValidScreen(store: self.validStore()) }.scoped
    }
    fileprivate var failingAsync: AsyncFactory<ValidAPI> { self { throw ValidationFailure() } }
}

extension GraphValidationTests {
    @Test func theAsyncValidationAwaitsAsyncFactoriesAndFindsTheirCaptiveDependency() async {
        var report: GraphReport?
        await withKnownIssue {
            report = await validateGraph(roots: [\.asyncHolder])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("captive dependency: asyncHolder (ValidHolder) (.cached)") }
        }
        #expect(report?.problems.map(\.kind) == [.captiveDependency])
        #expect(report?.problems.first?.message == """
            captive dependency: asyncHolder (ValidHolder) (.cached) holds asyncBadge (ValidBadge) shared, which it keeps \
            alive past its scope; chain: asyncHolder (ValidHolder) → asyncBadge (ValidBadge)
            """)
    }

    @Test func theAsyncValidationFindsAScopedAsyncFactoryBuiltAtTheRoot() async {
        var report: GraphReport?
        await withKnownIssue {
            report = await validateGraph(roots: [\.asyncScreen])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("asyncScreen (ValidScreen) is .scoped but was built at the root") }
        }
        #expect(report?.problems.map(\.kind) == [.scopedAtRoot])
    }

    @Test func aSoundAsyncGraphWithAnAsyncResolvingClosureRecordsNoIssue() async {
        let report = await validateGraph(roots: [\.validStore], flows: [\.asyncScreen, \.validScreen]) { root in
            let flow = root.child("entry")
            _ = try await flow.asyncEntry(3)
            flow.close()
        }
        #expect(report.problems.isEmpty)
        #expect(report.graph.nodes.map(\.registration) == ["validAPI", "validStore", "asyncScreen", "validScreen", "asyncEntry"])
    }

    @Test func aThrowingBuildOrResolvingClosureIsAProblem() async {
        var report: GraphReport?
        await withKnownIssue {
            report = await validateGraph(roots: [\.failingAsync]) { _ in throw ValidationFailure() }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("threw ValidationFailure()") }
        }
        #expect(report?.problems.map(\.kind) == [.threw, .threw])
        #expect(report?.problems.map(\.message) == [
            "graph validation: failingAsync (ValidAPI) threw ValidationFailure()",
            "graph validation: `resolving:` threw ValidationFailure()",
        ])
    }

    @Test func theAsyncValidationSendsParameterFactoriesToResolving() async {
        var report: GraphReport?
        await withKnownIssue {
            report = await validateGraph(roots: [\.asyncEntry])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("which needs a parameter") }
        }
        #expect(report?.problems.map(\.message) == [
            "graph validation: asyncEntry (ValidScreen) is an AsyncParameterFactory<Int, ValidScreen>, which needs a "
                + "parameter; resolve it in `resolving:`"
        ])
    }

    @Test func theSynchronousValidationPointsAnAsyncFactoryToTheAsyncOne() {
        var report: GraphReport?
        withKnownIssue {
            report = validateGraph(roots: [\.asyncHolder])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("await validateGraph") }
        }
        #expect(report?.problems.map(\.message) == [
            "graph validation: asyncHolder (ValidHolder) is an AsyncFactory<ValidHolder>, which this synchronous "
                + "validateGraph cannot await; validate it with `await validateGraph(…)`, whose roots, flows and "
                + "`resolving:` are async"
        ])
    }

    @MainActor @Test func theAsyncValidationResolvesMainActorFactoriesOnTheMainActor() async {
        let report = await validateGraph(flows: [\.validScreenModel])
        #expect(report.problems.isEmpty)
        #expect(report.graph.nodes.map(\.registration) == ["validAPI", "validStore", "validScreenModel"])
    }
}

// MARK: Captive chains through unique builds

private final class VThing: Sendable {
    let inner: VThing?
    init(_ inner: VThing? = nil) { self.inner = inner }
}

extension Container {
    fileprivate var vShared: Factory<VThing> { self { VThing() }.shared }
    fileprivate var vMiddle: Factory<VThing> { self { VThing(self.vShared()) } }
    fileprivate var vDeepChain: Factory<VThing> { self { VThing(self.vMiddle()) }.cached }
    fileprivate var vAsyncShared: AsyncFactory<VThing> { self { VThing() }.shared }
    fileprivate var vAsyncMiddle: AsyncFactory<VThing> { self { VThing(try await self.vAsyncShared()) } }
    fileprivate var vAsyncSyncMiddle: AsyncFactory<VThing> { self { VThing(self.vMiddle()) } }
    fileprivate var vAsyncDeepChain: AsyncFactory<VThing> {
        self { VThing(VThing(try await self.vAsyncMiddle()), VThing(try await self.vAsyncSyncMiddle())) }.cached
    }
}

extension VThing {
    fileprivate convenience init(_ first: VThing, _ second: VThing) { self.init(VThing(first)) ; _ = second }
}

extension GraphValidationTests {
    @Test func aCaptiveChainNamesTheUniqueBuildsBetweenHolderAndCaptured() {
        var report: GraphReport?
        withKnownIssue {
            report = validateGraph(roots: [\.vDeepChain])
        } matching: { _ in true }
        #expect(report?.problems.map(\.message) == [
            "captive dependency: vDeepChain (VThing) (.cached) holds vShared (VThing) shared, which it keeps alive past "
                + "its scope; chain: vDeepChain (VThing) → vMiddle (VThing) → vShared (VThing)"
        ])
    }

    @Test func anAsyncCaptiveChainNamesTheUniqueBuildsBetweenHolderAndCaptured() async {
        var report: GraphReport?
        await withKnownIssue {
            report = await validateGraph(roots: [\.vAsyncDeepChain])
        } matching: { _ in true }
        #expect(report?.problems.map(\.message) == [
            "captive dependency: vAsyncDeepChain (VThing) (.cached) holds vAsyncShared (VThing) shared, which it keeps "
                + "alive past its scope; chain: vAsyncDeepChain (VThing) → vAsyncMiddle (VThing) → vAsyncShared (VThing)",
            "captive dependency: vAsyncDeepChain (VThing) (.cached) holds vShared (VThing) shared, which it keeps "
                + "alive past its scope; chain: vAsyncDeepChain (VThing) → vAsyncSyncMiddle (VThing) → vMiddle (VThing) "
                + "→ vShared (VThing)",
        ])
    }
}

extension Container {
    fileprivate var vAsyncCached: AsyncFactory<VThing> { self { VThing() }.cached }
    fileprivate var vAsyncCachedOnCachedAndUnique: AsyncFactory<VThing> {
        self { VThing(try await self.vAsyncCached(), try await self.vAsyncMiddleWithoutShared()) }.cached
    }
    fileprivate var vAsyncMiddleWithoutShared: AsyncFactory<VThing> { self { VThing() } }
}

extension GraphValidationTests {
    @Test func anAsyncCachedBodyResolvingCachedAndUniqueAsyncFactoriesHoldsNothingCaptive() async {
        let report = await validateGraph(roots: [\.vAsyncCachedOnCachedAndUnique])
        #expect(report.problems.isEmpty)
    }
}

// MARK: Helpers that make factories

private final class HelperDB: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

extension Container {
    /// The wrong helper: its `self { … }` is keyed by the helper, whoever calls it.
    fileprivate func mergingDB(_ name: String) -> Factory<HelperDB> { self { HelperDB(name) }.cached }
    fileprivate var primaryDB: Factory<HelperDB> { mergingDB("primary") }
    fileprivate var replicaDB: Factory<HelperDB> { mergingDB("replica") }

    /// The right one: it forwards its callers' key and site.
    fileprivate func forwardingDB(
        _ name: String, key: StaticString = #function, file: StaticString = #fileID, line: UInt = #line,
        column: UInt = #column
    ) -> Factory<HelperDB> {
        self(key: key, file: file, line: line, column: column) { HelperDB(name) }.cached
    }
    fileprivate var primaryForwardedDB: Factory<HelperDB> { forwardingDB("primary") }
    fileprivate var replicaForwardedDB: Factory<HelperDB> { forwardingDB("replica") }
}

extension GraphValidationTests {
    @Test func twoMembersThatMakeOneRegistrationAreAProblem() {
        var report: GraphReport?
        withKnownIssue {
            report = validateGraph(roots: [\.primaryDB, \.primaryDB], flows: [\.replicaDB])
        } matching: { _ in true }
        let declaration = Container().primaryDB.registrationKey.declaration ?? "?"
        #expect(report?.problems.map(\.message) == [
            "graph validation: roots[0] and flows[0] are one registration, mergingDB(_:) (HelperDB), made by the "
                + "self { … } call at \(declaration); a helper that makes factories must forward its callers' key:, "
                + "file:, line: and column:, or they all share one registration"
        ])
        #expect(report?.problems.map(\.kind) == [.mergedRegistrations])
    }

    @Test func aHelperThatForwardsItsCallersKeyMakesOneRegistrationEach() {
        let report = validateGraph(roots: [\.primaryForwardedDB, \.replicaForwardedDB])
        #expect(report.problems.isEmpty)
        withContainer {
            #expect(Container.shared.primaryForwardedDB().name == "primary")
            #expect(Container.shared.replicaForwardedDB().name == "replica")
        }
    }
}
