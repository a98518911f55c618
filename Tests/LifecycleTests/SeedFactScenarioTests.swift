import Testing
@testable import ScopedDemo

/// The seed facts issue #32 added, checked where they happen in the trace: scenario 3's
/// autoclosure parameter, 9's `@ObservedObject` chain, 10's KVO view model, 13's counter
/// link, 14's work in `onAppear`/`onDisappear` and 15's UIKit lifetimes.
@Suite struct SeedFactScenarioTests {
    /// 004's conclusion: work opened by `onAppear` and closed by `onDisappear` follows the
    /// pushed screen (t1–t7, t9–t11), however many view models the list built.
    @MainActor
    @Test func workInAppearActionsFollowsThePushedScreen() throws {
        let appear = try results(of: "appear-work")[1]
        #expect(appear.events.filter { $0.kind == .subscriptionOpened }.map(\.tick) == [1, 9])
        let cancelled = appear.events.filter { $0.kind == .subscriptionCancelled }
        #expect(cancelled.map(\.tick) == [7, 11])
        #expect(cancelled.allSatisfy { $0.detail.hasSuffix("(onDisappear)") })
        let initWork = try results(of: "appear-work")[0]
        let shown = Set(initWork.viewModels.filter(\.wasShown).map(\.label))
        let unseen = initWork.events.filter { $0.kind == .subscriptionOpened && !shown.contains($0.subject) }
        #expect(unseen.count == 19, "every row's view model works, shown or not")
    }

    /// An appear action is the newest description's: the pushed screen's `@State` keeps
    /// its first view model, and the action reaches that one.
    @MainActor
    @Test func theAppearActionReachesTheKeptViewModel() throws {
        let appear = try results(of: "appear-work")[1]
        let kept = appear.viewModels.filter(\.wasShown).map(\.label)
        let working = appear.events.filter { $0.kind == .subscriptionOpened }.map(\.subject)
        #expect(working == kept)
    }

    /// 002: the app delegate's view model outlives every presentation and keeps its state;
    /// each reload wraps every row in a new cell view model, released in the same tick.
    @MainActor
    @Test func uikitTheAppDelegateKeepsTheListAndCellsComeAndGo() throws {
        let asWritten = try results(of: "uikit")[0]
        let list = try #require(asWritten.instances.first { $0.label == "ArticleListViewModel#1" })
        #expect(list.releasedTick == nil)
        #expect(asWritten.events.contains { $0.kind == .text && $0.tick == 9 && $0.detail == "\"sorted by date\"" })
        let cells = asWritten.instances.filter { $0.label.hasPrefix("ArticleCellViewModel#") }
        #expect(cells.count == 12)
        #expect(cells.allSatisfy { $0.releasedTick == $0.builtTick })
        let scoped = try results(of: "uikit")[1]
        let lists = scoped.instances.filter { $0.label.hasPrefix("ArticleListViewModel#") }
        #expect(lists.map(\.releasedTick) == [7, 11])
        #expect(scoped.events.contains { $0.kind == .text && $0.tick == 9 && $0.detail == "\"sorted by title\"" })
    }

    /// 001's KVO view model: the tap writes to the model, the model's change reaches the
    /// view model, the bar shows it; one observation for the bar's life.
    @MainActor
    @Test func kvoChangesReachTheViewThroughTheViewModel() throws {
        let kvo = try results(of: "init-log")[2]
        #expect(kvo.events.filter { $0.kind == .subscriptionOpened }.map(\.detail) == ["to Package.contents (KVO)"])
        #expect(kvo.events.contains { $0.kind == .text && $0.tick == 1 && $0.detail == "\"bar count 1\"" })
        #expect(kvo.stateKept == true)
    }

    /// 000's starting point: every parent render rebuilds A and B, and A's render A.1.
    @MainActor
    @Test func observedChildrenAreRebuiltDownTheChain() throws {
        let chain = try results(of: "multilevel")[3]
        let places = chain.instances.filter { $0.label.hasPrefix("ChildViewModel#") }.map(\.builtWhere)
        #expect(places.filter { $0 == "in ParentScreen.body" }.count == 12)
        #expect(places.filter { $0 == "in ObservingChildView.body" }.count == 6)
        #expect(chain.stateKept == false)
    }

    /// Why 000/001 and 004 disagree: the same injection is built once through an
    /// autoclosure parameter, once per render through a plain one.
    @MainActor
    @Test func injectionThroughAnAutoclosureBuildsOnce() throws {
        let variants = try results(of: "stateobject-injected")
        #expect(variants.map(\.inits) == [6, 2])
        #expect(variants[1].builtLazily)
    }

    /// 004's counter link: a description per render, a view model per push.
    @MainActor
    @Test func theCounterLinkBuildsOnPushOnly() throws {
        let link = try results(of: "counter-navigationlink")[0]
        #expect(link.viewModels.map(\.builtTick) == [1, 9])
        // On the model of SwiftUI a new description reaches the pushed counter's body only when
        // the body runs (t3, the tap): equal inputs skip it, so nothing installs the others.
        #expect(link.events.filter { $0.kind == .keep }.map(\.tick) == [3])
    }
}
