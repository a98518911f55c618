// User-style screens on the model, step by step: which view models exist (identities), how
// many were built and released (LifecycleTracker observing the screen's root container).
import Scoped
import ScopedSwiftUI
import ScopedTesting
import SwiftUI
import Testing

/// A fresh root container for one test, observed by a tracker.
@MainActor
struct World {
    let root = Container()
    let tracker: LifecycleTracker
    let seen = Seen()
    init() { tracker = LifecycleTracker(observing: root) }

    /// `screen` under this world's root, with its `Seen` in the environment.
    func show<Screen: View>(_ screen: Screen) -> ViewGraph {
        ViewGraph(screen.container(root).environment(\.seen, seen))
    }

    func built<T>(_ type: T.Type) -> Int { tracker.instances(of: type).count }
    func alive<T>(_ type: T.Type) -> Int { tracker.instances(of: type).filter { !$0.isReleased }.count }
}

@MainActor @Suite struct ScreenTests {
    @Test func readmeItemScreenIsBuiltOnPushKeptAcrossRerendersAndReleasedOnPop() {
        let world = World()
        let graph = world.show(Items())
        #expect(world.built(ItemViewModel.self) == 0)          // the link builds nothing

        graph.tap("Item 42")
        #expect(world.built(ItemViewModel.self) == 1)
        #expect(graph.texts.contains("Item 42"))
        graph.pop()
        #expect(world.alive(ItemViewModel.self) == 0)          // released with the pop

        graph.tap("Re-render")
        graph.tap("Re-render")
        #expect(world.built(ItemViewModel.self) == 1)          // re-rendering builds nothing

        graph.tap("Item 42")
        #expect(world.built(ItemViewModel.self) == 2)          // a new identity, a new view model
        #expect(world.alive(ItemViewModel.self) == 1)
        #expect(world.seen.count == 2)
        #expect(world.seen[0] == nil)                           // the first push's is gone
        #expect(world.seen[1] != nil)
        graph.pop()
        #expect(world.alive(ItemViewModel.self) == 0)
        graph.tearDown()
    }

    @Test func aPushedScreenKeepsItsViewModelWhileTheRootRerenders() {
        let world = World()
        let graph = world.show(Items())
        graph.tap("Item 42")
        let bodies = graph.bodyCount("ItemScreen")
        graph.type("Renamed", into: "Name")                     // $viewModel.name
        #expect(graph.texts.contains("Renamed"))
        #expect(graph.bodyCount("ItemScreen") == bodies + 1)    // objectWillChange, forwarded
        #expect(world.built(ItemViewModel.self) == 1)
        #expect(world.seen.count == 1)                          // the same instance, re-rendered
        graph.tearDown()
        #expect(world.alive(ItemViewModel.self) == 0)
    }

    @Test func aSheetPresentedTwiceGetsTwoViewModelsEachReleasedOnDismiss() {
        let world = World()
        let graph = world.show(SheetHost())
        #expect(world.built(CounterViewModel.self) == 0)

        graph.tap("Present")
        graph.tap("Increment")
        #expect(graph.texts.contains("count 1"))
        #expect(world.built(CounterViewModel.self) == 1)
        graph.dismissSheet()
        #expect(world.alive(CounterViewModel.self) == 0)

        #expect(world.seen[0] == nil)                           // the first is gone before the second
        graph.tap("Present")
        #expect(graph.texts.contains("count 0"))                // a new view model
        #expect(world.seen.count == 2)
        #expect(world.built(CounterViewModel.self) == 2)
        #expect(world.alive(CounterViewModel.self) == 1)
        graph.dismissSheet()
        #expect(world.alive(CounterViewModel.self) == 0)
        graph.tearDown()
    }

    @Test func aTabViewKeepsEachFlowsPushedScreenWhileTheOtherTabIsShown() {
        let world = World()
        let graph = world.show(Tabs())
        graph.tap("Home item")
        #expect(world.built(ItemViewModel.self) == 1)

        let home = world.seen[0]
        graph.selectTab(1)
        #expect(world.alive(ItemViewModel.self) == 1)           // Home's pushed screen is kept
        graph.tap("Search item")
        #expect(world.built(ItemViewModel.self) == 2)
        #expect(world.alive(ItemViewModel.self) == 2)

        graph.pop()                                             // pops Search's flow only
        #expect(world.alive(ItemViewModel.self) == 1)
        graph.selectTab(0)
        #expect(graph.texts.contains("Item 1"))
        #expect(world.seen[0] === home)                         // the same view model, not a new one
        #expect(world.seen.count == 2)
        graph.pop()
        #expect(world.alive(ItemViewModel.self) == 0)
        graph.tearDown()
    }

    @Test func listRowsEachOwnAViewModelReleasedWithTheirRow() {
        let world = World()
        let graph = world.show(RowList())
        #expect(world.built(RowViewModel.self) == 3)
        #expect(graph.texts == ["row 1", "row 2", "row 3"])

        let (second, third) = (world.seen[1], world.seen[2])
        graph.tap("Remove first")
        #expect(world.built(RowViewModel.self) == 3)            // rows 2 and 3 keep theirs
        #expect(world.seen[0] == nil)
        #expect(world.seen[1] === second && world.seen[2] === third && second != nil)
        #expect(world.alive(RowViewModel.self) == 2)
        #expect(graph.texts == ["row 2", "row 3"])

        graph.tap("Append")
        #expect(world.built(RowViewModel.self) == 4)
        #expect(world.alive(RowViewModel.self) == 3)
        graph.tearDown()
        #expect(world.alive(RowViewModel.self) == 0)
    }

    @Test func anIdChangeEndsTheIdentityAndItsViewModel() {
        let world = World()
        let graph = world.show(Profile())
        #expect(graph.texts.contains("Item 1"))
        graph.tap("Switch user")
        #expect(graph.texts.contains("Item 2"))
        #expect(world.seen.count == 2 && world.seen[0] == nil)
        #expect(world.built(ItemViewModel.self) == 2)
        #expect(world.alive(ItemViewModel.self) == 1)
        graph.tearDown()
        #expect(world.alive(ItemViewModel.self) == 0)
    }

    @Test func aContainerOverrideReachesItsSubtreeOnly() {
        let world = World()
        let graph = ViewGraph(PreviewPair().container(world.root))
        #expect(graph.texts == ["api mock", "api live"])
        #expect(world.built(ProfileViewModel.self) == 2)
        graph.tearDown()
        #expect(world.alive(ProfileViewModel.self) == 0)
    }

    @Test func scopedObservableBindingWritesTheViewModelAndRerendersItsReader() {
        let world = World()
        let graph = ViewGraph(NoteScreen().lifetimeScope("note").container(world.root))
        #expect(graph.texts == ["draft"])
        let before = graph.bodyCount("NoteScreen")
        graph.type("final", into: "Note")                       // $viewModel.text
        #expect(graph.texts == ["final"])
        #expect(graph.bodyCount("NoteScreen") == before + 1)
        #expect(world.built(NoteViewModel.self) == 1)
        graph.tearDown()
        #expect(world.alive(NoteViewModel.self) == 0)
    }

    /// An environment change after installation: the container above an open screen is
    /// swapped. The screen re-renders (its `.lifetimeScope` reads the environment) but keeps
    /// its view model and its scope, opened in the first container, until it goes.
    @Test func aContainerSwappedAboveAnOpenScreenKeepsItsViewModelAndScope() {
        let world = World()
        let second = Container()
        second.api.register { MockAPI() }
        let graph = world.show(SwitchingWindow(first: world.root, second: second))
        #expect(graph.texts == ["api live"])
        let modifierBodies = graph.bodyCount("LifetimeScopeModifier")
        graph.tap("Switch container")
        #expect(graph.bodyCount("LifetimeScopeModifier") == modifierBodies + 1)
        #expect(graph.texts == ["api live"])                   // the same view model
        #expect(world.built(ProfileViewModel.self) == 1)
        #expect(second.heldInstanceCount == 0)
        graph.tearDown()
        #expect(world.alive(ProfileViewModel.self) == 0)
    }

    /// A custom container type: `.container(shop)`, `.lifetimeScope(_:of:)`,
    /// `.container(ShopContainer.self) { }` overrides, a plain `Factory` and a resolve closure.
    @Test func aCustomContainerTypesScreenLivesInItsOwnScopeWithItsOverrides() {
        let shop = ShopContainer()
        let tracker = LifecycleTracker(observing: shop)
        let graph = ViewGraph(Shopfront(shop: shop))
        graph.tap("Open cart")
        #expect(graph.texts == ["cart in CHF, same true"])      // the override; one instance
        #expect(tracker.instances(of: CartViewModel.self).count == 1)
        #expect(shop.heldInstanceCount == 0)                    // held by the sheet's scope
        graph.dismissSheet()
        #expect(tracker.instances(of: CartViewModel.self).allSatisfy { $0.isReleased })
        graph.tap("Open cart")
        #expect(tracker.instances(of: CartViewModel.self).count == 2)
        graph.tearDown()
    }
}
