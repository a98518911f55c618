import Scoped
import ScopedSwiftUIOnModel
import SwiftUIModel

extension Scenario {
    /// 6. Sheet + a lazy resolve of a `.shared` view model, two ways.
    ///
    /// The article (seed 004) keeps `private let viewModel: () -> CounterViewModel`, a
    /// closure over the container's `.shared` factory, and calls it where it needs the view
    /// model. `.shared` holds weakly, so that works only while something else holds the
    /// instance; here nothing does, and every call — every `body` run, every tap — builds a
    /// fresh one that is released as soon as the call's result is dropped: the count is lost.
    ///
    /// It works while something else holds the instance: handed to an `@ObservedObject`
    /// child, the child's description keeps it until the next body run gets it back.
    ///
    /// ScopedSwiftUI's `@ScopedObject` resolves the same factory once per view identity and
    /// its slot holds the instance for the node's lifetime: built lazily, once per
    /// presentation, released on dismiss.
    static var lazyShared: Scenario {
        Scenario(
            number: 6, name: "lazy-shared",
            explanation: "sheet + lazy .shared: the article's closure rebuilds it on every body run (nothing holds it); @ScopedObject holds it per presentation",
            group: .counterSheet, usesScoped: true,
            variants: [
                Variant(
                    label: "article's () -> VM over .shared",
                    code: CardCode.contentView(sheet: #"ClosureCounterView(initialValue: number, container: container)"#) + "\n" + #"""
                    struct ClosureCounterView: View {
                        private let viewModel: () -> CounterViewModel
                        init(initialValue: Int, container: Container) {
                            viewModel = { container.counter(initialValue: initialValue)() }
                        }
                        var body: some View {
                            Text("count \(viewModel().count)")
                            Button("Increment") { viewModel().increment() }
                        }
                    }
                    """#,
                    verdict: .avoid(".shared holds weakly: with no other holder every body run and tap builds a new one", brief: "nothing holds it: lost"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): the closure over .shared at the end of the @Observable section",
                    script: Script.sheet
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.closureCounterRoot(stage)
                },
                Variant(
                    label: "article's closure, a child holds it",
                    code: CardCode.contentView(sheet: #"HeldClosureCounterView(initialValue: number, container: container)"#) + "\n" + #"""
                    struct HeldClosureCounterView: View {
                        private let viewModel: () -> CounterViewModel
                        init(initialValue: Int, container: Container) {
                            viewModel = { container.counter(initialValue: initialValue)() }
                        }
                        var body: some View {
                            CounterView(viewModel: viewModel())   // an @ObservedObject child holds it until the next body run
                        }
                    }
                    """#,
                    verdict: .avoid("works only while another view holds the instance; correctness depends on who else holds it", brief: "works only while held"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): the closure over .shared, with a holder",
                    script: Script.sheet
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.heldClosureCounterRoot(stage)
                },
                Variant(
                    label: "Scoped @ScopedObject over .shared",
                    code: CardCode.contentView(sheet: #"ScopedCounterView(initialValue: number)"#) + "\n" + #"""
                    // ContentView has .container(container) above it
                    struct ScopedCounterView: View {
                        @ScopedObject private var viewModel: CounterViewModel
                        init(initialValue: Int) {
                            _viewModel = ScopedObject { $0.counter(initialValue: initialValue)() }
                        }
                    """# + "\n" + CardCode.counterBody,
                    verdict: .use("resolved once per view identity, lazily; the view holds it, so it is released on dismiss", brief: "once per sheet, lazily"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): its lazy .shared fix, done by ScopedSwiftUI",
                    script: Script.sheet
                ) { (stage: Stage) -> any OnModel.View in
                    guard #available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *) else { fatalError(OnModel.needsMacOS11) }
                    return OnModel.scopedCounterRoot(stage)
                },
            ])
    }
}

extension OnModel {
    /// 6.3 on the model of SwiftUI, with the shipped `@ScopedObject` and `.container`.
    @MainActor @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
    static func scopedCounterRoot(_ stage: Stage) -> any View {
        ContentView(numbers: stage.numbers) { number in
            ScopedCounterView(initialValue: number)
        }
        .container(stage.makeContainer())
    }
}

extension OnModel {
    /// 6.1 on the model of SwiftUI.
    @MainActor
    static func closureCounterRoot(_ stage: Stage) -> any View {
        let container = stage.makeContainer()
        return ContentView(numbers: stage.numbers) { number in
            ClosureCounterView(initialValue: number, container: container)
        }
    }
}

extension OnModel {
    /// 6.2 on the model of SwiftUI.
    @MainActor
    static func heldClosureCounterRoot(_ stage: Stage) -> any View {
        let container = stage.makeContainer()
        return ContentView(numbers: stage.numbers) { number in
            HeldClosureCounterView(initialValue: number, container: container)
        }
    }
}
