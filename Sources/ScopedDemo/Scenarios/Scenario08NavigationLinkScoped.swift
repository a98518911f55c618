import Scoped

extension Scenario {
    /// 8. `NavigationLink` + Scoped: the eager destination is only a ``LifetimeScope``
    /// holding a closure. The push creates its node, which opens a child lifetime scope;
    /// the screen resolves a `Lazy` over the `.scoped` factory in its body (built on
    /// push, reused on re-renders) and the pop closes the scope, releasing it.
    static var navigationLinkScoped: Scenario {
        Scenario(
            number: 8, name: "navigationlink-scoped",
            explanation: "NavigationLink + Scoped lifetime scope + Lazy (.scoped): built on push only, released on pop",
            usesScoped: true,
            variants: [
                Variant(label: "NavigationLink + lifetime scope + Lazy", script: Script.navigation) { stage in
                    let container = stage.makeContainer()
                    return ItemListView(numbers: stage.numbers) { id in
                        LifetimeScope("detail", in: container) { flow in
                            ScopedDetailView(viewModel: flow.detail.lazy(id))
                        }
                    }
                },
            ])
    }
}

/// An item screen given a thunk over a `.scoped` factory of its screen's lifetime scope.
struct ScopedDetailView: View {
    let viewModel: Lazy<DetailViewModel>

    var body: ViewContent {
        let viewModel = self.viewModel()
        Text("item \(viewModel.id)")
        Text("count \(viewModel.count)")
        Button("Increment") { viewModel.increment() }
    }
}
