import SwiftUIModel
extension Scenario {
    /// 7. `NavigationLink(destination:)` with the view model built in the destination's
    /// arguments: every list render builds one per row, for screens never pushed; the
    /// pushed screen, an `@ObservedObject`, gets a new one each render too.
    static var navigationLinkEager: Scenario {
        Scenario(
            number: 7, name: "navigationlink-eager",
            explanation: "NavigationLink with eager destinations: view models built on every list render for screens never pushed",
            group: .navigationLink, usesScoped: false,
            variants: [
                Variant(
                    label: "destination's VM built in list body",
                    code: CardCode.itemList(destination: #"DetailView(viewModel: DetailViewModel(id: id))"#) + "\n" + #"""
                    struct DetailView: View {
                        @ObservedObject var viewModel: DetailViewModel
                    """# + "\n" + CardCode.detailBody,
                    verdict: .avoid("every list render builds a view model per row, pushed or not; the pushed one is replaced too", brief: "a VM per row per render"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): \"NavigationLink creates the underlying CounterView eagerly\"",
                    script: Script.navigation
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.eagerDetailRoot(stage)
                },
            ])
    }
}
