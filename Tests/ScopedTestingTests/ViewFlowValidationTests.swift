// Issue #37, item 6: `validateGraph(views:)` resolves a view model the way a view does —
// through a scope a view opened, with the view's overrides, its `@Injected` properties
// through the view's containers — so an app's tests see the graph its screens get.
import Scoped
import ScopedTesting
import Testing

final class ViewShapeCart: Sendable {}
protocol ViewShapeAPI: Sendable {}
struct LiveViewShapeAPI: ViewShapeAPI {}
struct MockViewShapeAPI: ViewShapeAPI {}
final class ViewShapeSession: Sendable {
    let cart: ViewShapeCart
    let api: any ViewShapeAPI
    init(cart: ViewShapeCart, api: any ViewShapeAPI) {
        self.cart = cart
        self.api = api
    }
}
final class ViewShapeScreen: Sendable {
    let session: ViewShapeSession
    init(session: ViewShapeSession) { self.session = session }
}

extension Container {
    var viewShapeCart: Factory<ViewShapeCart> { self { ViewShapeCart() }.scoped }
    var viewShapeAPI: Factory<any ViewShapeAPI> { self { LiveViewShapeAPI() }.cached }
    var viewShapeSession: Factory<ViewShapeSession> {
        self { ViewShapeSession(cart: self.viewShapeCart(), api: self.viewShapeAPI()) }.cached
    }
    var viewShapeScreen: Factory<ViewShapeScreen> { self { ViewShapeScreen(session: self.viewShapeSession()) }.scoped }
}

@Suite struct ViewFlowValidationTests {
    /// The issue's shape through a plain lifetime scope: the root's session captures the
    /// flow's cart, and validation says so.
    @Test func theShapeThroughAPlainScopeIsACaptiveDependency() {
        var report: GraphReport?
        withKnownIssue {
            report = validateGraph(flows: [\.viewShapeScreen])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("captive dependency: viewShapeSession (ViewShapeSession)") }
        }
        #expect(report?.problems.map(\.kind) == [.captiveDependency])
    }

    /// The same shape resolved as a view resolves it, with the view's override of the api:
    /// the root's session is built as the root builds it — so its `.scoped` cart is the
    /// root's, for the app's lifetime, and validation reports that with the chain (the
    /// shape of issue #37, item 1, in an app's own tests).
    @Test func theShapeThroughAViewIsReportedAsAScopedInstanceAtTheRoot() {
        var report: GraphReport?
        withKnownIssue {
            report = validateGraph(views: [ViewFlow(\.viewShapeScreen) { $0.viewShapeAPI.register { MockViewShapeAPI() } }])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("viewShapeCart (ViewShapeCart) is .scoped but was built at the root") }
        }
        #expect(report?.problems.map(\.kind) == [.scopedAtRoot])
        #expect(report?.problems.first?.message.hasSuffix(
            "chain: viewShapeScreen (ViewShapeScreen) → viewShapeSession (ViewShapeSession) → viewShapeCart (ViewShapeCart)")
            == true)
        let names = Set(report?.graph.nodes.map(\.registration) ?? [])
        #expect(names == ["viewShapeScreen", "viewShapeSession", "viewShapeCart", "viewShapeAPI"])
    }
}

final class MisuseTrackerCart: Sendable {}
extension Container {
    var misuseTrackerCart: Factory<MisuseTrackerCart> { self { MisuseTrackerCart() }.scoped }
}

@Suite struct TrackerMisuseTests {
    /// A tracker sees `misuse` events: here a lazy wrapper's first access after its scope closed.
    @Test func aTrackerRecordsMisuse() {
        let root = Container()
        let tracker = LifecycleTracker(observing: root)
        let flow = root.child("flow")
        let lazyCart = LazyInjected(\Container.misuseTrackerCart, in: flow)
        flow.close()
        _ = lazyCart.wrappedValue
        #expect(tracker.misuses.map(\.reason) == [.resolvedAfterScopeClosed])
    }
}
