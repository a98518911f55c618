import Scoped
import SwiftUIModel

extension Scenario {
    /// 2. Sheet + `@ObservedObject` + Scoped `.shared`: the parent's body still resolves
    /// on every render (eager), but `.shared` hands back the instance the sheet holds;
    /// dismissing drops the last holder, and the next presentation gets a fresh one.
    static var observedShared: Scenario {
        Scenario(
            number: 2, name: "observed-shared",
            explanation: "sheet + @ObservedObject + Scoped .shared: one instance while presented, deinit on dismiss, still resolved eagerly",
            group: .counterSheet, usesScoped: true,
            variants: [
                Variant(
                    label: "@ObservedObject + Scoped .shared",
                    code: CardCode.contentView(sheet: #"CounterView(viewModel: container.counter(initialValue: number)())"#) + "\n" + #"""
                    extension Container {
                        func counter(initialValue: Int) -> MainActorFactory<CounterViewModel> {
                            self { @MainActor in CounterViewModel(initialValue: initialValue) }.shared
                        }
                    }
                    """#,
                    verdict: .avoid("state kept and released on dismiss, but still resolved on every parent render, eagerly", brief: "reused, but built eagerly"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): the dependency-container fix with Factory's .shared",
                    script: Script.sheet
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.sharedCounterRoot(stage)
                },
            ])
    }
}

extension OnModel {
    /// 2 on the model of SwiftUI.
    @MainActor
    static func sharedCounterRoot(_ stage: Stage) -> any View {
        let container = stage.makeContainer()
        return ContentView(numbers: stage.numbers) { number in
            CounterView(viewModel: container.counter(initialValue: number)())
        }
    }
}
