import Scoped

/// What one instance did, as the tests and the timeline read it.
struct InstanceSummary: Equatable, Sendable {
    /// `CounterViewModel#3`.
    let label: String
    /// Whether the summary counts it.
    let isViewModel: Bool
    /// The tick its `init` ran in.
    let builtTick: Int
    /// The tick its `deinit` ran in, if it ran before the scenario ended.
    let releasedTick: Int?
    /// Whether the view that displayed it first built it (not a parent, eagerly).
    let builtLazily: Bool
    /// `in ContentView.body`, `while mounting StateObjectCounterView`.
    let builtWhere: String
    /// Later ticks in which a render read it or Scoped handed it out again.
    let reusedTicks: [Int]
    /// Whether a view's `body` ever read it (it was on screen): kept, not discarded.
    let wasShown: Bool
}

/// The measured result of one scenario variant: its trace and the summary's numbers.
struct VariantResult: Sendable {
    let scenarioNumber: Int
    let scenarioName: String
    /// `6.3` (scenario 6, third variant), or `4` for a scenario with one variant.
    let id: String
    /// The seed's question this row answers in the table.
    let group: ScenarioGroup
    let usesScoped: Bool
    /// The variant's label (the summary row's text).
    let label: String
    /// The SwiftUI code the variant simulates.
    let code: String
    /// Use it or avoid it, and why.
    let verdict: Verdict
    /// The seed article and the part of it the variant reproduces.
    let seedArticle: String
    let seed: UInt64
    /// Which `@State` the run simulated.
    let stateSDK: StateSDK
    let ticks: Int
    let actions: [Script.Action]
    let events: [TraceEvent]
    let instances: [InstanceSummary]
    /// The most view models alive at once.
    let mostAlive: Int
    /// Whether the count the user set showed, and still showed after the re-render (or the
    /// hiding and showing) the script checks (nil: not measured).
    let stateKept: Bool?
    /// Whether every view model the dismissed screen showed was deinitialised by the dismissal.
    let releasedOnDismiss: Bool?
    /// What Scoped resolved, containers named as in the trace (empty if Scoped was not used).
    let graph: ResolvedGraph
    /// Scoped's lifetimes as Trace Event format JSON (`--format trace`), this variant as
    /// process number `index + 1`.
    let traceJSON: String

    /// The view models (what the counts count).
    var viewModels: [InstanceSummary] { instances.filter(\.isViewModel) }
    /// View-model `init`s.
    var inits: Int { viewModels.count }
    /// View-model `deinit`s during the scenario.
    var deinits: Int { viewModels.filter { $0.releasedTick != nil }.count }
    /// Subscriptions view models opened (in `init`).
    var subscriptionsOpened: Int { events.filter { $0.kind == .subscriptionOpened }.count }
    /// Subscriptions cancelled (their view model went).
    var subscriptionsCancelled: Int { events.filter { $0.kind == .subscriptionCancelled }.count }
    /// Whether every subscription was opened by a view model a view showed, and cancelled
    /// by the end of the run (nil: none opened).
    var subscriptionsFollowTheScreen: Bool? {
        let opened = events.filter { $0.kind == .subscriptionOpened }
        guard !opened.isEmpty else { return nil }
        let shown = Set(viewModels.filter(\.wasShown).map(\.label))
        return opened.allSatisfy { shown.contains($0.subject) } && subscriptionsOpened == subscriptionsCancelled
    }
    /// View models a view showed (read in its `body`).
    var kept: Int { viewModels.filter(\.wasShown).count }
    /// View models built but never shown: ignored by `@StateObject`/`@State`, made for a
    /// destination never pushed, or built outside any `body` and dropped.
    var discarded: Int { inits - kept }
    /// Instances of production types (view models and services that are not `Stub…`):
    /// what a preview should not run.
    var productionInstances: Int { instances.filter { !$0.label.hasPrefix("Stub") }.count }
    /// Whether every view model was built by the view that shows it.
    var builtLazily: Bool { !viewModels.isEmpty && viewModels.allSatisfy(\.builtLazily) }

    @MainActor
    init(
        scenario: Scenario, variant: Scenario.Variant, index: Int, script: Script, seed: UInt64, stateSDK: StateSDK, stage: Stage,
        outcome: Stage.Outcome
    ) {
        scenarioNumber = scenario.number
        scenarioName = scenario.name
        id = scenario.variants.count > 1 ? "\(scenario.number).\(index + 1)" : String(scenario.number)
        group = scenario.group
        usesScoped = scenario.usesScoped
        label = variant.label
        code = variant.code
        verdict = stateSDK == .xcode27 ? variant.verdictOnXcode27 ?? variant.verdict : variant.verdict
        seedArticle = variant.seed
        self.seed = seed
        self.stateSDK = stateSDK
        ticks = script.ticks
        actions = script.actions
        events = stage.trace.events
        instances = stage.trace.records.map { record in
            InstanceSummary(
                label: record.label, isViewModel: record.role == .viewModel, builtTick: record.builtTick,
                releasedTick: record.releasedTick, builtLazily: record.builtLazily,
                builtWhere: record.builtBy?.description ?? "outside rendering", reusedTicks: record.reusedTicks,
                wasShown: record.wasShown)
        }
        mostAlive = stage.trace.mostAlive
        if let before = outcome.stateBefore, let after = outcome.stateAfter {
            // Kept: the user's change showed, and still shows later (a view model rebuilt by
            // the tap's own re-render never shows it).
            stateKept = before != outcome.stateInitial && before == after
        } else {
            stateKept = nil
        }
        releasedOnDismiss = outcome.releasedOnDismiss
        graph = stage.graph
        traceJSON = stage.traceJSON(
            processID: index + 1, processName: "\(scenario.name) · \(variant.label)\(TextLayout.sdkNote(stateSDK))")
    }
}
