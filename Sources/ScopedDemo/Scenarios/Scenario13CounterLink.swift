import SwiftUIModel

extension Scenario {
    /// 13. Seed 004's own NavigationLink example: the counter screen pushed, not presented.
    /// The link's title reads `number`, so every 2 s the parent re-renders and makes a new
    /// destination description (`NavigationLink` takes it eagerly); the `@StateObject`
    /// autoclosure builds the view model only when the push creates the screen.
    static var counterLink: Scenario {
        Scenario(
            number: 13, name: "counter-navigationlink",
            explanation: "seed 004's counter pushed by a NavigationLink: descriptions made every render, the @StateObject view model built on push only",
            group: .navigationLink, usesScoped: false,
            variants: [
                Variant(
                    label: "004's counter link, @StateObject",
                    code: #"""
                    struct CounterLinkView: View {
                        @State private var number = 0
                        var body: some View {
                            NavigationStack {
                                NavigationLink("Show counter with value: \(number)", destination: StateObjectCounterView(initialValue: number))
                            }
                            .task { while true { try? await Task.sleep(for: .seconds(2)); number = numbers.next() } }
                        }
                    }
                    // StateObjectCounterView: scenario 4's, its view model built in the @StateObject autoclosure
                    """#,
                    verdict: .use("the link makes a description every render, but the view model is built on push only", brief: "built on push only"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): the counter shown with NavigationLink",
                    script: Script.counterLink
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.CounterLinkView(numbers: stage.numbers)
                },
            ])
    }
}

extension OnModel {
    /// Seed 004's counter pushed by a link, on the model of SwiftUI: the link's destination
    /// is made every render, its `@StateObject` view model built on push only.
    struct CounterLinkView: View {
        let numbers: RandomSource
        @State private var number = 0

        var body: some View {
            NavigationStack {
                NavigationLink("Show counter with value: \(number)", destination: StateObjectCounterView(initialValue: number))
            }
            .task(every: 2) { number = numbers.next() }
        }
    }
}
