import SwiftUIModel

extension Scenario {
    /// 5. Sheet + `@State` holding an `@Observable` view model assigned in `init` (Apple's
    /// migration guide, as seed 004 follows it): the node keeps the first. Built with
    /// Xcode 26 (`@State` the property wrapper) one is also built — eagerly — for every
    /// description. Built with Xcode 27 (`@State` the macro, `--sdk 27`) the demo
    /// *assumes* once per presentation, lazily (StateSDK.swift says why that is unconfirmed).
    static var stateObservable: Scenario {
        Scenario(
            number: 5, name: "state-observable",
            explanation: "sheet + @State + @Observable assigned in init: state kept, but one built per render, eagerly (--sdk 27: an assumed lazy macro)",
            group: .counterSheet, usesScoped: false,
            variants: [
                Variant(
                    label: "@State + @Observable, built in init",
                    code: CardCode.contentView(sheet: #"ObservableCounterView(initialValue: number)"#) + "\n" + #"""
                    // CounterViewModel is @Observable here (the demo's view models are both kinds)
                    struct ObservableCounterView: View {
                        @State private var viewModel: CounterViewModel
                        init(initialValue: Int) {
                            viewModel = CounterViewModel(initialValue: initialValue)
                        }
                    """# + "\n" + CardCode.counterBody,
                    verdict: .avoid("one view model per parent render, eagerly; only the first is kept", brief: "rebuilt eagerly, one kept"),
                    verdictOnXcode27: .use("IF Xcode 27's @State macro evaluates the initial value lazily (assumed, unconfirmed): once per identity", brief: "once, lazily (assumed)"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): \"iOS 17 and the @Observable macro\"",
                    script: Script.sheet,
                    root: OnModel.observableCounterRoot),
            ])
    }
}

extension OnModel {
    /// 5 on the model of SwiftUI (`--sdk 27`: with the assumed `@State` macro, AssumedMacroState.swift).
    @MainActor
    static func observableCounterRoot(_ stage: Stage) -> any View {
        ContentView(numbers: stage.numbers) { number in
            ObservableCounterView(initialValue: number)
        }
    }
}
