import SwiftUIModel

/// One of the scenarios (issues #4 and #17): a way of giving a SwiftUI view its view model,
/// played on the simulated SwiftUI and measured. Scenarios 9 and 10 compare two variants.
struct Scenario {
    /// One way of wiring the screen, with its script.
    struct Variant {
        /// What the summary row calls it.
        let label: String
        /// The SwiftUI code it simulates, at most 26 lines; every code line is one the simulation
        /// runs (CardCodeTests).
        let code: String
        /// Use it or avoid it, and why.
        let verdict: Verdict
        /// The verdict when `@State` is Xcode 27's macro, if that changes it.
        var verdictOnXcode27: Verdict? = nil
        /// The seed article (`../shared/seeds/`) and the part of it this variant reproduces.
        let seed: String
        /// The user's actions for a number of ticks.
        let script: @Sendable (Int) -> Script
        /// The root view, made at tick 0 (containers come from the stage), on the model of
        /// SwiftUI (Tests/SwiftUIModel).
        let root: @MainActor (Stage) -> any SwiftUIModel.View
    }

    /// 1 … 12.
    let number: Int
    /// The name for `--scenario`.
    let name: String
    /// One line: what the scenario shows (`--list`, README).
    let explanation: String
    /// The seed's question its rows answer in the table.
    let group: ScenarioGroup
    /// Whether it uses Scoped.
    let usesScoped: Bool
    let variants: [Variant]

    /// Plays every variant, each on a stage of its own seeded with `seed`, with `@State`
    /// as built with `stateSDK`.
    @MainActor
    func run(seed: UInt64, ticks: Int, stateSDK: StateSDK = .xcode26) -> [VariantResult] {
        variants.enumerated().map { index, variant in
            let stage = Stage(seed: seed, stateSDK: stateSDK)
            let script = variant.script(ticks)
            let outcome = stage.play(script, root: variant.root)
            return VariantResult(
                scenario: self, variant: variant, index: index, script: script, seed: seed, stateSDK: stateSDK, stage: stage, outcome: outcome)
        }
    }
}

/// The scenarios: issue #4's ten, then #17's NavigationLink matrix and previews.
enum ScenarioCatalog {
    static var all: [Scenario] {
        [
            .observedObject, .observedShared, .stateObjectInjected, .stateObjectAutoclosure, .stateObservable,
            .lazyShared, .navigationLinkEager, .navigationLinkScoped, .multilevel, .initLog, .navigationMatrix, .previews,
            .counterLink, .appearWork, .uikit,
        ]
    }

    /// Scenarios run only by name (`--scenario leak-check`): not in the summary or `--list`.
    static var byNameOnly: [Scenario] { [.leakCheck] }

    /// The scenario called `name` (or numbered `name`).
    static func scenario(named name: String) -> Scenario? {
        (all + byNameOnly).first { $0.name == name || String($0.number) == name }
    }
}
