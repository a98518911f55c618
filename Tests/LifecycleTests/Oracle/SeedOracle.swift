/// The oracle: every figure the seed articles (`../shared/seeds/`) state about when view
/// models are created, reused and destroyed, each with its seed file, a quote of at most
/// 15 words, and the run of the demo that must show it (seed 42, 12 ticks). A change to the
/// simulation that contradicts an article fails `SeedOracleTests`, whatever the golden
/// files say. Claims no scenario reproduces yet are in ``SeedOracle/notReproduced`` with
/// the reason. Each row says whose figure it pins (``SeedClaim/Basis``): the seed's, the
/// simulation's own (its clock, its seeded numbers, its three rows), or a disagreement
/// between a seed's code as written and its claim (scenario 6).
///
/// Timings used below: sheets are presented at t1 and t9 and dismissed at t7 and t11; the
/// parent re-renders at t2, t4, t6, t8, t10; navigation pushes at t1 and t9 and pops at t7
/// and t11; the multilevel parent screen is presented at t1 (its task fires at t3, t5, …),
/// hides its children at t4, shows them at t6 and is dismissed at t10.
enum SeedOracle {
    static let s000 = "000_9356ae2794c95f44.txt"
    static let s001 = "001_6b64cd8fd72ce640.txt"
    static let s002 = "002_b77ba8ae4faa6dc4.txt"
    static let s003 = "003_bf5ae9654c4d5d5a.txt"
    static let s004 = "004_9e5b5de4fc80fb3e.txt"

    static let claims: [SeedClaim] = [
        // Seed 004 — Recuenco, "SwiftUI View Models: Lifecycle Quirks".
        SeedClaim(seed: s004, quote: "the underlying issue is that the CounterView, together with its CounterViewModel, are being recreated",
                  scenario: "observed-object", variant: 0, measure: .inits, expected: "6"),
        SeedClaim(seed: s004, quote: "the underlying issue is that the CounterView, together with its CounterViewModel, are being recreated",
                  scenario: "observed-object", variant: 0, measure: .stateKept, expected: "no"),
        SeedClaim(seed: s004, quote: "the same view model is reused when the view tries to create a new one",
                  scenario: "observed-shared", variant: 0, measure: .stateKept, expected: "yes"),
        SeedClaim(seed: s004, quote: "Once the view is dismissed, the underlying view model is destroyed as well",
                  scenario: "observed-shared", variant: 0, measure: .releasedTicks("CounterViewModel"), expected: "7 11"),
        SeedClaim(seed: s004, quote: "creating a new one the next time we present the screen",
                  scenario: "observed-shared", variant: 0, measure: .builtTicks("CounterViewModel"), expected: "1 9"),
        SeedClaim(seed: s004, quote: "view models are still eager",
                  scenario: "observed-shared", variant: 0, measure: .builtWhere("CounterViewModel"), expected: "after ContentView.body",
                  basis: .model(Self.sheetContent)),
        SeedClaim(seed: s004, quote: "Even if the CounterView is re-created each time (alongside its view model)",
                  scenario: "stateobject-injected", variant: 0, measure: .inits, expected: "6"),
        SeedClaim(seed: s004, quote: "Even if the CounterView is re-created each time (alongside its view model)",
                  scenario: "stateobject-injected", variant: 0, measure: .stateKept, expected: "yes"),
        SeedClaim(seed: s004, quote: "View models are created lazily when the real view is created",
                  scenario: "stateobject-autoclosure", variant: 0, measure: .builtWhere("CounterViewModel"),
                  expected: "while mounting StateObjectCounterView"),
        SeedClaim(seed: s004, quote: "View models are destroyed when the real view is destroyed.",
                  scenario: "stateobject-autoclosure", variant: 0, measure: .releasedTicks("CounterViewModel"), expected: "7 11"),
        SeedClaim(seed: s004, quote: "never the following times where the view description is re-created",
                  scenario: "stateobject-autoclosure", variant: 0, measure: .keptTicks, expected: "3",
                  basis: .model("a parent's new description with equal inputs does not reach the child's body "
                      + "(developer.apple.com/documentation/swiftui/equatableview), so nothing installs it and no keep is "
                      + "shown then; at t3 the tap re-runs the body with the t2 description and its thunk is not run. "
                      + "The thunk runs at no re-creation (2 inits, the row below); the simulation showed 2 4 6 10")),
        SeedClaim(seed: s004, quote: "never the following times where the view description is re-created",
                  scenario: "stateobject-autoclosure", variant: 0, measure: .inits, expected: "2"),
        SeedClaim(seed: s004, quote: "NavigationLink creates the underlying CounterView eagerly.",
                  scenario: "navigationlink-eager", variant: 0, measure: .builtTicks("DetailViewModel"),
                  expected: "0 0 0 2 2 2 4 4 4 6 6 6 8 8 8 9 9 9 10 10 10",
                  basis: .simulation(Self.buildTicks)),
        SeedClaim(seed: s004, quote: "NavigationLink creates the underlying CounterView eagerly.",
                  scenario: "navigationlink-eager", variant: 0, measure: .mostAlive, expected: "5",
                  basis: .model(Self.forEachRows + "; the simulation made the rows in the body: 6")),
        SeedClaim(seed: s004, quote: "at the exact moment when the real view is presented on the screen",
                  scenario: "navigationlink-matrix", variant: 0, measure: .builtTicks("DetailViewModel"), expected: "1 9"),
        SeedClaim(seed: s004, quote: "at the exact moment when the real view is presented on the screen",
                  scenario: "navigationlink-matrix", variant: 0, measure: .builtWhere("DetailViewModel"),
                  expected: "while mounting StateObjectDetailView"),
        SeedClaim(seed: s004, quote: "NavigationLink creates the underlying CounterView eagerly.",
                  scenario: "navigationlink-matrix", variant: 1, measure: .built("DetailViewModel"), expected: "21",
                  basis: .simulation("21 = 3 rows × 7 list renders in 12 ticks; the seed states only that NavigationLink builds eagerly")),
        SeedClaim(seed: s004, quote: "The view model is created multiple times now, each time the ContentView view is recomputed.",
                  scenario: "state-observable", variant: 0, measure: .builtTicks("CounterViewModel"), expected: "1 2 4 6 9 10",
                  basis: .simulation(Self.buildTicks)),
        SeedClaim(seed: s004, quote: "The view model is no longer created lazily.",
                  scenario: "state-observable", variant: 0, measure: .builtWhere("CounterViewModel"), expected: "after ContentView.body",
                  basis: .model(Self.sheetContent)),
        // The article's closure over .shared, as written: the demo disagrees with the claim.
        SeedClaim(seed: s004, quote: "fix both issues, the fact that we are creating multiple view models, eagerly",
                  scenario: "lazy-shared", variant: 0, measure: .inits, expected: "7", basis: .disagreement(Self.closureOverShared)),
        SeedClaim(seed: s004, quote: "fix both issues, the fact that we are creating multiple view models, eagerly",
                  scenario: "lazy-shared", variant: 0, measure: .stateKept, expected: "no", basis: .disagreement(Self.closureOverShared)),
        SeedClaim(seed: s004, quote: "fix both issues, the fact that we are creating multiple view models, eagerly",
                  scenario: "lazy-shared", variant: 1, measure: .inits, expected: "2",
                  basis: .simulation("holds only with a holder the article does not have: the demo's @ObservedObject child")),
        // 004's own NavigationLink example (scenario 13).
        SeedClaim(seed: s004, quote: "Fortunately, @StateObject works perfectly for this case, creating the view model lazily",
                  scenario: "counter-navigationlink", variant: 0, measure: .builtTicks("CounterViewModel"), expected: "1 9"),
        SeedClaim(seed: s004, quote: "Fortunately, @StateObject works perfectly for this case, creating the view model lazily",
                  scenario: "counter-navigationlink", variant: 0, measure: .builtWhere("CounterViewModel"),
                  expected: "while mounting StateObjectCounterView"),
        // 004's conclusion (scenario 14): work in onAppear/onDisappear, not init/deinit.
        SeedClaim(seed: s004, quote: "Relying on the implicit call of init and deinit might be a bad practice",
                  scenario: "appear-work", variant: 0, measure: .subscriptions, expected: "21/18",
                  basis: .simulation("one subscription per view model built: 3 rows × 7 list renders; 3 still open at the end")),
        SeedClaim(seed: s004, quote: "Relying on the implicit call of init and deinit might be a bad practice",
                  scenario: "appear-work", variant: 0, measure: .mostAlive, expected: "7",
                  basis: .model(Self.forEachRows + "; 7, as the simulation said, but of other instances: the pushed "
                      + "screen's model, the t2 description its Increment button captured at t3 (kept until the pop), the "
                      + "entry's newest, a row's old one and the three new")),
        SeedClaim(seed: s004, quote: "a safer approach is to explicitly rely on lifecycle methods that SwiftUI views give us",
                  scenario: "appear-work", variant: 1, measure: .subscriptions, expected: "2/2"),
        SeedClaim(seed: s004, quote: "a safer approach is to explicitly rely on lifecycle methods that SwiftUI views give us",
                  scenario: "appear-work", variant: 1, measure: .lazy, expected: "no"),

        // Seed 003 — previews with view-model protocols and a stub hierarchy.
        SeedClaim(seed: s003, quote: "we are always using a production view model for PokemonDetailView",
                  scenario: "previews", variant: 0, measure: .built("PokemonDetailViewModel"), expected: "3"),
        SeedClaim(seed: s003, quote: "we are always using a production view model for PokemonDetailView",
                  scenario: "previews", variant: 0, measure: .built("PokemonService"), expected: "3"),
        SeedClaim(seed: s003, quote: "run a preview without ever running a single line of view model code",
                  scenario: "previews", variant: 1, measure: .built("PokemonDetailViewModel"), expected: "0"),
        SeedClaim(seed: s003, quote: "run a preview without ever running a single line of view model code",
                  scenario: "previews", variant: 1, measure: .built("PokemonService"), expected: "0"),
        SeedClaim(seed: s003, quote: "the view models for child views are a dependency of the parent view",
                  scenario: "previews", variant: 1, measure: .builtWhere("StubPokemonDetailViewModel"),
                  expected: "after PokemonList.body",
                  basis: .model("still built by the list, not the row's view: on the model of SwiftUI a List's rows are "
                      + "made after its body, one at a time (developer.apple.com/documentation/swiftui/list/init(_:rowcontent:): "
                      + "\"computes its rows on demand\"), and a view is named without its generic arguments; the "
                      + "simulation said in PokemonList<StubPokemonListViewModel>.body")),
        SeedClaim(seed: s003, quote: "run a preview without ever running a single line of view model code",
                  scenario: "previews", variant: 2, measure: .built("PokemonDetailViewModel"), expected: "0"),

        // Seed 001 — "@StateObject and MVVM in SwiftUI" (the init log).
        SeedClaim(seed: s001, quote: "ContentViewModel is created once although ContentView can be recreated several times",
                  scenario: "init-log", variant: 0, measure: .built("HomeViewModel"), expected: "1"),
        SeedClaim(seed: s001, quote: "ContentViewModel is created once although ContentView can be recreated several times",
                  scenario: "init-log", variant: 0, measure: .bodies("HomeView"), expected: "3"),
        SeedClaim(seed: s001, quote: "BottomBarViewModel is not recreated when the BottomBarView struct is initialized",
                  scenario: "init-log", variant: 0, measure: .built("BottomBarViewModel"), expected: "1"),
        SeedClaim(seed: s001, quote: "@StateObject makes sure that only one instance is created per a view structure.",
                  scenario: "init-log", variant: 0, measure: .builtWhere("BottomBarViewModel"), expected: "while mounting BottomBarView"),
        SeedClaim(seed: s001, quote: "BottomBarView uses @ObservableObject for its view model property",
                  scenario: "init-log", variant: 1, measure: .built("BottomBarViewModel"), expected: "3"),
        SeedClaim(seed: s001, quote: "BottomBarView uses @ObservableObject for its view model property",
                  scenario: "init-log", variant: 1, measure: .builtTicks("BottomBarViewModel"), expected: "0 2 4",
                  basis: .simulation(Self.buildTicks)),

        // Seed 000 — Alvarez, "SwiftUI: Multilevel MVVM".
        SeedClaim(seed: s000, quote: "the observable initializer is not called once again",
                  scenario: "multilevel", variant: 0, measure: .builtTicks("ChildViewModel"), expected: "1 1 6 6"),
        SeedClaim(seed: s000, quote: "the observable initializer is not called once again",
                  scenario: "multilevel", variant: 0, measure: .bodies("ParentScreen"), expected: "8",
                  basis: .simulation("eight body runs of this script in 12 ticks; the seed states only that the initializer is not called again")),
        SeedClaim(seed: s000, quote: "children view models not persisting when we hide them",
                  scenario: "multilevel", variant: 0, measure: .releasedTicks("ChildViewModel"), expected: "4 4 10 10"),
        SeedClaim(seed: s000, quote: "children view models not persisting when we hide them",
                  scenario: "multilevel", variant: 0, measure: .showing("A count ", atTick: 6), expected: "A count 0"),
        SeedClaim(seed: s000, quote: "we don’t lose any data across view updates, even if our View layer is lost",
                  scenario: "multilevel", variant: 2, measure: .showing("A count ", atTick: 6), expected: "A count 1"),
        SeedClaim(seed: s000, quote: "we don’t lose any data across view updates, even if our View layer is lost",
                  scenario: "multilevel", variant: 2, measure: .releasedTicks("ChildViewModel"), expected: "10 10"),
        SeedClaim(seed: s000, quote: "the top-most ViewModel has a reference to the child ViewModels",
                  scenario: "multilevel", variant: 1, measure: .builtWhere("ChildViewModel"), expected: "while mounting OwningParentScreen"),
        SeedClaim(seed: s000, quote: "we don’t lose any data across view updates, even if our View layer is lost",
                  scenario: "multilevel", variant: 1, measure: .showing("A count ", atTick: 6), expected: "A count 1"),
        SeedClaim(seed: s000, quote: "we don’t lose any data across view updates, even if our View layer is lost",
                  scenario: "multilevel", variant: 1, measure: .releasedTicks("ChildViewModel"), expected: "10 10 10"),
        SeedClaim(seed: s000, quote: "reflect a change from a top-level scene to be propagated to its subviews",
                  scenario: "multilevel", variant: 1, measure: .shown("A.1 sees 13"), expected: "t3",
                  basis: .simulation(Self.randomThirteen)),
        SeedClaim(seed: s000, quote: "inject a closure into the ChildViewModel to be called at any time",
                  scenario: "multilevel", variant: 1, measure: .shown("number 0 · total 1"), expected: "t2"),
        SeedClaim(seed: s000, quote: "inject a closure into the ChildViewModel to be called at any time",
                  scenario: "multilevel", variant: 1, measure: .bodies("OwnedChildView"), expected: "16",
                  basis: .model("at \"A +1\" (t2) only A (its object changed) and the parent (its total) re-run; B and "
                      + "A.1 get equal inputs and are skipped (developer.apple.com/documentation/swiftui/equatableview); "
                      + "the simulation re-ran all three: 18")),
        SeedClaim(seed: s000, quote: "reflect a change from a top-level scene to be propagated to its subviews",
                  scenario: "multilevel", variant: 0, measure: .shown("A sees 13"), expected: "t3",
                  basis: .simulation(Self.randomThirteen)),
        SeedClaim(seed: s000, quote: "reflect a change from a top-level scene to be propagated to its subviews",
                  scenario: "multilevel", variant: 2, measure: .shown("A sees 13"), expected: "t3",
                  basis: .simulation(Self.randomThirteen)),
        SeedClaim(seed: s000, quote: "inject a closure into the ChildViewModel to be called at any time",
                  scenario: "multilevel", variant: 0, measure: .shown("number 0 · total 1"), expected: "t2"),
        SeedClaim(seed: s000, quote: "inject a closure into the ChildViewModel to be called at any time",
                  scenario: "multilevel", variant: 2, measure: .shown("number 0 · total 1"), expected: "t2"),
        // 000's starting point: @ObservedObject children, three levels (scenario 9, fourth row).
        SeedClaim(seed: s000, quote: "which is instantiated each time the view is refreshed",
                  scenario: "multilevel", variant: 3, measure: .builtTicks("ChildViewModel"),
                  expected: "1 1 1 2 2 2 3 3 3 6 6 6 7 7 7 9 9 9", basis: .simulation(Self.buildTicks)),
        SeedClaim(seed: s000, quote: "the state of truth of our subview was not persisted",
                  scenario: "multilevel", variant: 3, measure: .stateKept, expected: "no"),
        SeedClaim(seed: s000, quote: "which is instantiated each time the view is refreshed",
                  scenario: "multilevel", variant: 3, measure: .mostAlive, expected: "7",
                  basis: .model("the graph lets a replaced @ObservedObject go in update(), before the body "
                      + "(developer.apple.com/documentation/swiftui/dynamicproperty/update()), but the child's own "
                      + "button still holds its previous view value until the child's body made the next level's model: "
                      + "7 with the parent's view model, as the simulation said; the model's 6 (DisagreementTests) counts "
                      + "child models only")),
        SeedClaim(seed: s000, quote: "the state of truth of our subview was not persisted",
                  scenario: "multilevel", variant: 3, measure: .builtWhere("ChildViewModel"),
                  expected: "in ObservingChildView.body | in ParentScreen.body"),

        // Why 000/001 and 004 disagree about injecting into @StateObject (scenario 3): 001's
        // BottomBarView(viewModel: …) goes through the memberwise init, whose parameter is an
        // autoclosure (built once); 004's init(viewModel: CounterViewModel) is a plain one
        // (built with every description).
        SeedClaim(seed: s001, quote: "BottomBarViewModel is not recreated when the BottomBarView struct is initialized",
                  scenario: "stateobject-injected", variant: 1, measure: .inits, expected: "2"),
        SeedClaim(seed: s004, quote: "Even if the CounterView is re-created each time (alongside its view model)",
                  scenario: "stateobject-injected", variant: 0, measure: .builtWhere("CounterViewModel"), expected: "after ContentView.body",
                  basis: .model(Self.sheetContent)),

        // Seed 001's KVO-backed view model (scenario 10, third row).
        SeedClaim(seed: s001, quote: "Whenever any of the package’s properties change, the view needs to reload.",
                  scenario: "init-log", variant: 2, measure: .shown("bar count 1"), expected: "t1"),
        SeedClaim(seed: s001, quote: "View reload is done through the @StateObject property wrapper",
                  scenario: "init-log", variant: 2, measure: .builtWhere("PackageViewModel"), expected: "while mounting PackageBarView"),
        SeedClaim(seed: s001, quote: "View reload is done through the @StateObject property wrapper",
                  scenario: "init-log", variant: 2, measure: .subscriptions, expected: "1/1"),

        // Seed 002's UIKit lifetimes (scenario 15).
        SeedClaim(seed: s002, quote: "assign it to the view controllers weak reference of the same object",
                  scenario: "uikit", variant: 0, measure: .built("ArticleListViewModel"), expected: "1"),
        SeedClaim(seed: s002, quote: "assign it to the view controllers weak reference of the same object",
                  scenario: "uikit", variant: 0, measure: .releasedTicks("ArticleListViewModel"), expected: "-"),
        SeedClaim(seed: s002, quote: "wrap it in the ArticleViewModel class using the convenience constructor",
                  scenario: "uikit", variant: 0, measure: .releasedTicks("ArticleCellViewModel"), expected: "1 1 1 1 3 3 3 3 9 9 9 9",
                  basis: .simulation("4 rows × 3 table reloads (present, sort, present again) in this script")),
    ]

    /// Where a sheet's view model is built on the model of SwiftUI.
    static let sheetContent = "still eager, built by the parent's sheet, not the view that shows it: on the model the "
        + "sheet's content closure runs when the graph builds the sheet, after ContentView's body returned "
        + "(developer.apple.com/documentation/swiftui/view/sheet(ispresented:ondismiss:content:)); "
        + "the simulation ran it in the body: in ContentView.body"

    /// The rule behind the `ForEach` rows' figures on the model of SwiftUI.
    static let forEachRows = "on the model of SwiftUI ForEach rows are made after the list's body, one at a time, "
        + "each row's previous destination released before the next is made "
        + "(developer.apple.com/documentation/swiftui/foreach: \"computes views on demand\")"

    /// Why build ticks are the simulation's figures.
    static let buildTicks = "the build ticks follow the simulated 2 s timer and this script; the seed states only that building is eager"
    /// Why 13 is the simulation's figure.
    static let randomThirteen = "13 is the seeded random number (seed 42) picked at t3; the seed states only that changes propagate down"
    /// Why scenario 6 disagrees with seed 004.
    static let closureOverShared = "the article's closure over .shared, as written, builds on every body run and tap: "
        + ".shared holds weakly and nothing else holds the instance (the article elides its body, so it may have had a holder)"

    /// Claims of the seeds about view-model lifetimes that no scenario reproduces, and why.
    static let notReproduced: [(seed: String, quote: String, reason: String)] = [
        (s004, "with Xcode 15.0, all @State properties are leaked",
         "a bug of one Xcode release (fixed in 15.2 beta, per the article); the simulation models the fixed behaviour"),
        (s001, "Foundation framework defines a publisher named NSObject.KeyValueObservingPublisher",
         "Foundation's publisher itself: plain Swift stands in for KVO (PackageViewModel.swift); "
             + "the observation's lifetime is in the oracle"),
    ]
}
