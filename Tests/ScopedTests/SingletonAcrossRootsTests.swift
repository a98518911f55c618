import Scoped
import Testing

private final class RootsService: Sendable {}

extension Container {
    fileprivate var rootsService: Factory<RootsService> { self { RootsService() }.singleton }
}

/// A `.singleton` seen from several roots: the declared instance is the one every root
/// without an override resolves, so only a reset drops it, and its release is reported by
/// the root that built it (a new user found a `register` on a scratch root rebuilding the
/// app's declared singleton).
@Suite(.container) struct SingletonAcrossRootsTests {
    @Test func aRegisterOnAnotherRootKeepsTheDeclaredSingleton() {
        weak var declared: RootsService?
        let app = Container.shared
        let first = app.rootsService()
        declared = first
        let scratch = Container()
        scratch.rootsService.register { RootsService() }
        #expect(app.rootsService() === first)
        #expect(scratch.rootsService() !== first)
        _ = consume first
        #expect(declared != nil)   // still held: the process's singleton, not dropped
    }

    @Test func removingAnotherRootsOverrideKeepsTheDeclaredSingleton() {
        let app = Container.shared
        let first = app.rootsService()
        let scratch = Container()
        scratch.rootsService.register { RootsService() }
        let overridden = scratch.rootsService()
        scratch.rootsService.reset(.registration)
        #expect(scratch.rootsService() === first)
        #expect(scratch.rootsService() !== overridden)
        #expect(app.rootsService() === first)
    }

    @Test func aFactoryResetOnAnyRootDropsTheDeclaredSingleton() {
        let app = Container.shared
        weak var declared: RootsService?
        do {
            let first = app.rootsService()
            declared = first
            Container().rootsService.reset()
            #expect(app.rootsService() !== first)
        }
        #expect(declared == nil)
    }

    @Test func theReleaseIsReportedByTheRootThatBuiltIt() {
        let app = Container.shared
        let scratch = Container()
        let appEvents = Collected<String>()
        let scratchEvents = Collected<String>()
        let appObservation = app.observe { appEvents.append("\($0.kind) \($0.registration ?? "-") in \($0.container)") }
        let scratchObservation = scratch.observe { scratchEvents.append("\($0.kind) \($0.registration ?? "-") in \($0.container)") }
        _ = app.rootsService()
        scratch.rootsService.reset()
        let appName = app.inspection.displayName
        #expect(appEvents.all == [
            "created rootsService in \(appName)",
            "released rootsService in \(appName)",
        ])
        #expect(scratchEvents.all.isEmpty)
        _ = (appObservation, scratchObservation)
    }
}
