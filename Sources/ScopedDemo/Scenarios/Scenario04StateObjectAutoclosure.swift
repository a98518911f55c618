import SwiftUIModel

extension Scenario {
    /// 4. Sheet + `@StateObject` with the view model built inside the autoclosure: built
    /// once, when the sheet's view is created — lazily.
    static var stateObjectAutoclosure: Scenario {
        Scenario(
            number: 4, name: "stateobject-autoclosure",
            explanation: "sheet + @StateObject built inside the autoclosure: once per presentation, lazily, deinit on dismiss",
            group: .counterSheet, usesScoped: false,
            variants: [
                Variant(
                    label: "@StateObject, built in autoclosure",
                    code: CardCode.contentView(sheet: #"StateObjectCounterView(initialValue: number)"#) + "\n" + #"""
                    struct StateObjectCounterView: View {
                        @StateObject private var viewModel: CounterViewModel
                        init(initialValue: Int) {
                            _viewModel = StateObject(wrappedValue: CounterViewModel(initialValue: initialValue))
                        }
                    """# + "\n" + CardCode.counterBody,
                    verdict: .use("built once per presentation, lazily, inside the autoclosure; released on dismiss", brief: "built once, lazily"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): the autoclosure fix (\"A subtle change fixes the issue\")",
                    script: Script.sheet
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.stateObjectCounterRoot(stage)
                },
            ])
    }
}

extension OnModel {
    /// 4 on the model of SwiftUI.
    @MainActor
    static func stateObjectCounterRoot(_ stage: Stage) -> any View {
        ContentView(numbers: stage.numbers) { number in
            StateObjectCounterView(initialValue: number)
        }
    }
}
