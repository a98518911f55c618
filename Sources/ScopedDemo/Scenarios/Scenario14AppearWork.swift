import SwiftUIModel

extension Scenario {
    /// 14. Seed 004's conclusion: rather than rely on `init`/`deinit` (RAII) for work such
    /// as subscriptions, start it in `onAppear` and stop it in `onDisappear`. Both variants
    /// keep an `@Observable` view model in `@State`, set in `init` (004's iOS 17 code), on
    /// the item list's pushed screen, so view models are built eagerly for every row on
    /// every list render; only where the work starts differs.
    static var appearWork: Scenario {
        Scenario(
            number: 14, name: "appear-work",
            explanation: "seed 004's conclusion: work opened in init runs for every eagerly built view model; in onAppear/onDisappear only while shown",
            group: .work, usesScoped: false,
            variants: [
                Variant(
                    label: "work in init, ended in deinit",
                    code: CardCode.itemList(destination: #"InitWorkDetailView(id: id)"#) + "\n" + #"""
                    struct InitWorkDetailView: View {
                        @State private var viewModel: WorkViewModel
                        init(id: Int) {
                            viewModel = WorkViewModel(id: id, startsWorkInInit: true)   // subscribes in init
                        }
                        var body: some View {
                            Text("count \(viewModel.count)")
                            Button("Increment") { viewModel.increment() }
                        }
                    }
                    """#,
                    verdict: .avoid("every view model built for a row opens its subscription, shown or not, until it goes", brief: "work for unseen screens"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): subscriptions hooked to init and deinit",
                    script: Script.navigation,
                    root: OnModel.initWorkRoot),
                Variant(
                    label: "work in onAppear, ended onDisappear",
                    code: CardCode.itemList(destination: #"AppearWorkDetailView(id: id)"#) + "\n" + #"""
                    struct AppearWorkDetailView: View {
                        @State private var viewModel: WorkViewModel
                        init(id: Int) {
                            viewModel = WorkViewModel(id: id, startsWorkInInit: false)
                        }
                        var body: some View {
                            Text("count \(viewModel.count)")
                                .onAppear { viewModel.startWork() }
                                .onDisappear { viewModel.stopWork() }
                            Button("Increment") { viewModel.increment() }
                        }
                    }
                    """#,
                    verdict: .use("the subscription runs exactly while the screen is shown, however many view models were built", brief: "work only while shown"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): its conclusion, onAppear and onDisappear",
                    script: Script.navigation,
                    root: OnModel.appearWorkRoot),
            ])
    }
}
