import Scoped
import ScopedSwiftUIOnModel
import SwiftUIModel

extension Scenario {
    /// 8. `NavigationLink` + ScopedSwiftUI: the eager destination is only a description —
    /// `ScopedDetailView(id:)` with `.lifetimeScope("detail")` builds nothing. The push
    /// creates its node, whose `@State` owner opens a child lifetime scope; the screen's
    /// `@ScopedObject` resolves the `.scoped` view model there on first read (built on
    /// push, reused on re-renders) and the pop destroys the node, closing the scope and
    /// releasing it.
    static var navigationLinkScoped: Scenario {
        Scenario(
            number: 8, name: "navigationlink-scoped",
            explanation: "NavigationLink + .lifetimeScope + @ScopedObject (.scoped): built on push only, released on pop",
            group: .navigationLink, usesScoped: true,
            variants: [
                Variant(
                    label: "Scoped lifetimeScope + @ScopedObject",
                    code: CardCode.itemList(destination: #"ScopedDetailView(id: id).lifetimeScope("detail")"#) + "\n" + #"""
                    extension Container {
                        var detail: MainActorParameterFactory<Int, DetailViewModel> {
                            self { @MainActor id in DetailViewModel(id: id) }.scoped.perParameter
                        }
                    }
                    struct ScopedDetailView: View {
                        @ScopedObject private var viewModel: DetailViewModel
                        init(id: Int) {
                            _viewModel = ScopedObject(\.detail, id)
                        }
                        // body: as DetailView's (scenario 7)
                    }
                    """#,
                    verdict: .use("built on push only, kept across re-renders, released when the pop closes the screen's scope", brief: "push builds it, pop frees"),
                    seed: "004 (Recuenco, \"SwiftUI View Models: Lifecycle Quirks\"): NavigationLink eagerness, fixed with a lifetime scope per pushed screen",
                    script: Script.navigation
                ) { (stage: Stage) -> any OnModel.View in
                    guard #available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *) else { fatalError(OnModel.needsMacOS11) }
                    return OnModel.scopedDetailRoot(stage)
                },
            ])
    }
}


extension OnModel {
    /// Scenario 8 on the model of SwiftUI, with the shipped `.lifetimeScope`,
    /// `@ScopedObject` and `.container`.
    @MainActor @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
    static func scopedDetailRoot(_ stage: Stage) -> any View {
        ItemsStackView(numbers: stage.numbers) { id in
            ScopedDetailView(id: id).lifetimeScope("detail")
        }
        .container(stage.makeContainer())
    }
}
