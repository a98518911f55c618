import SwiftUIModel

extension Scenario {
    /// 1. Sheet + `@ObservedObject`, the view model built in the parent's body: rebuilt on
    /// every tick of the parent's timer, so the counter loses its state.
    static var observedObject: Scenario {
        Scenario(
            number: 1, name: "observed-object",
            explanation: "sheet + @ObservedObject built in the parent's body: a new view model on every re-render, count lost",
            group: .counterSheet, usesScoped: false,
            variants: [
                Variant(
                    label: "@ObservedObject built in parent body",
                    code: CardCode.contentView(sheet: #"CounterView(viewModel: CounterViewModel(initialValue: number))"#) + "\n" + #"""
                    struct CounterView: View {
                        @ObservedObject var viewModel: CounterViewModel
                    """# + "\n" + CardCode.counterBody,
                    verdict: .avoid("a new view model on every parent render: the count is lost", brief: "a new one every re-render"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): \"It all started with @ObservedObject\"",
                    script: Script.sheet
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.observedCounterRoot(stage)
                },
            ])
    }
}

extension OnModel {
    /// 1 on the model of SwiftUI.
    @MainActor
    static func observedCounterRoot(_ stage: Stage) -> any View {
        ContentView(numbers: stage.numbers) { number in
            CounterView(viewModel: CounterViewModel(initialValue: number))
        }
    }
}
