import SwiftUIModel

extension Scenario {
    /// 3. Sheet + `@StateObject` given an instance built by the caller: the node keeps the
    /// first, but every render still builds one more, which is dropped — unless the
    /// parameter is an autoclosure, as a memberwise initializer's is.
    ///
    /// Why seeds 000/001 and 004 disagree about injecting into `@StateObject`: 001 (and
    /// 000) write `BottomBarView(viewModel: BottomBarViewModel(…))` against the view's
    /// *memberwise* initializer, whose parameter for a `@StateObject var viewModel` is
    /// `@autoclosure @escaping () -> BottomBarViewModel` (a property wrapper whose
    /// `init(wrappedValue:)` takes an autoclosure passes it on, SE-0258): the argument is
    /// evaluated only when SwiftUI creates the storage, so it is built once. 004 writes its
    /// own `init(viewModel: CounterViewModel)`, a plain parameter: the argument is built
    /// with every description, and `StateObject(wrappedValue:)` only wraps the ready one.
    static var stateObjectInjected: Scenario {
        Scenario(
            number: 3, name: "stateobject-injected",
            explanation: "sheet + @StateObject with an injected instance: a plain parameter builds (and drops) one every render; an autoclosure one, as the memberwise init's, once",
            group: .counterSheet, usesScoped: false,
            variants: [
                Variant(
                    label: "@StateObject, instance injected",
                    code: CardCode.contentView(sheet: #"InjectedCounterView(viewModel: CounterViewModel(initialValue: number))"#) + "\n" + #"""
                    struct InjectedCounterView: View {
                        @StateObject private var viewModel: CounterViewModel
                        init(viewModel: CounterViewModel) {
                            _viewModel = StateObject(wrappedValue: viewModel)
                        }
                    """# + "\n" + CardCode.counterBody,
                    verdict: .avoid("state kept, but one extra view model built and thrown away on every parent render", brief: "one kept, extras dropped"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): \"@StateObject and iOS 14 to the rescue\", injected instance",
                    script: Script.sheet
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.injectedCounterRoot(stage)
                },
                Variant(
                    label: "@StateObject, autoclosure injected",
                    code: CardCode.contentView(sheet: #"AutoclosureCounterView(viewModel: CounterViewModel(initialValue: number))"#) + "\n" + #"""
                    // As the memberwise init of a view declaring `@StateObject var viewModel` (seeds 000, 001):
                    struct AutoclosureCounterView: View {
                        @StateObject private var viewModel: CounterViewModel
                        init(viewModel: @autoclosure @escaping () -> CounterViewModel) {
                            _viewModel = StateObject(wrappedValue: viewModel())
                        }
                    """# + "\n" + CardCode.counterBody,
                    verdict: .use("the injected argument is an autoclosure: built once, when the sheet's view is created", brief: "built once, lazily"),
                    seed: "000/001 against 004: injecting into @StateObject works through the memberwise init's autoclosure",
                    script: Script.sheet
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.autoclosureCounterRoot(stage)
                },
            ])
    }
}

extension OnModel {
    /// 3.1 on the model of SwiftUI.
    @MainActor
    static func injectedCounterRoot(_ stage: Stage) -> any View {
        ContentView(numbers: stage.numbers) { number in
            InjectedCounterView(viewModel: CounterViewModel(initialValue: number))
        }
    }
}

extension OnModel {
    /// 3.2 on the model of SwiftUI.
    @MainActor
    static func autoclosureCounterRoot(_ stage: Stage) -> any View {
        ContentView(numbers: stage.numbers) { number in
            AutoclosureCounterView(viewModel: CounterViewModel(initialValue: number))
        }
    }
}
