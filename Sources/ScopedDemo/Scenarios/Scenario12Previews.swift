import Scoped
import SwiftUIModel

extension Scenario {
    /// 12. Previews (seed 003): the list screen rendered once with a stub list view model.
    /// If the list hard-codes its rows' production detail view model, the preview builds
    /// production view models and their services anyway (`NavigationLink` makes its
    /// destinations eagerly); asking the list's view model for them (a stub hierarchy) or
    /// resolving them from a Scoped factory the preview overrides builds none.
    static var previews: Scenario {
        Scenario(
            number: 12, name: "previews",
            explanation: "a preview with a stub list view model: hard-coded detail view models still build production code; a stub hierarchy or a Scoped override builds none",
            group: .previews, usesScoped: true,
            variants: [
                Variant(
                    label: "detail VM hard-coded in the list",
                    code: #"""
                    struct HardCodedPokemonList<ViewModel: PokemonListViewModelProtocol>: View {
                        @State private var viewModel: ViewModel
                        var body: some View {
                            List(viewModel.names, id: \.self) { name in
                                NavigationLink(name, destination: PokemonDetailView(viewModel: PokemonDetailViewModel(name: name)))
                            }
                        }
                    }
                    // #Preview:
                    NavigationStack { HardCodedPokemonList(viewModel: StubPokemonListViewModel()) }
                    """#,
                    verdict: .avoid("the preview still builds a production view model (and its service) per row", brief: "runs production VM code"),
                    seed: "003 (previews with view-model protocols): \"A New Problem\"",
                    script: Script.preview
                ) { (_: Stage) -> any OnModel.View in
                    OnModel.hardCodedPreviewRoot()
                },
                Variant(
                    label: "stub view-model hierarchy",
                    code: #"""
                    protocol PokemonListViewModelProtocol: AnyObject {
                        associatedtype DetailVM: PokemonDetailViewModelProtocol
                        var names: [String] { get }
                        func detailViewModel(_ name: String) -> DetailVM
                    }
                    struct PokemonList<ViewModel: PokemonListViewModelProtocol>: View {
                        @State private var viewModel: ViewModel
                        var body: some View {
                            List(viewModel.names, id: \.self) { name in
                                NavigationLink(name, destination: PokemonDetailView(viewModel: viewModel.detailViewModel(name)))
                            }
                        }
                    }
                    // #Preview:
                    NavigationStack { PokemonList(viewModel: StubPokemonListViewModel()) }
                    """#,
                    verdict: .use("the stub list hands out stub detail view models: no production code runs in the preview", brief: "stubs all the way down"),
                    seed: "003 (previews with view-model protocols): \"View Model Hierarchy\"",
                    script: Script.preview
                ) { (_: Stage) -> any OnModel.View in
                    OnModel.stubPreviewRoot()
                },
                Variant(
                    label: "Scoped factory overridden",
                    code: #"""
                    extension Container {
                        var pokemonDetail: MainActorParameterFactory<String, any PokemonDetailViewModelProtocol> {
                            self { @MainActor name in PokemonDetailViewModel(name: name) }
                        }
                    }
                    struct ResolvingPokemonList: View {
                        let container: Container
                        let names = ["Bulbasaur", "Charmander", "Squirtle"]
                        var body: some View {
                            ForEach(names, id: \.self) { name in
                                NavigationLink(name, destination: PokemonDetailView(viewModel: container.pokemonDetail(name)))
                            }
                        }
                    }
                    // #Preview:
                    container.pokemonDetail.register { @MainActor name in StubPokemonDetailViewModel(name: name) }
                    return NavigationStack { ResolvingPokemonList(container: container) }
                    """#,
                    verdict: .use("the preview registers stubs over the production factories: nothing else changes", brief: "stubs registered in place"),
                    seed: "003 (previews with view-model protocols), done with a container override",
                    script: Script.preview
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.overriddenPreviewRoot(stage)
                },
            ])
    }
}

extension OnModel {
    /// Seed 003's first list: the rows' detail view model is hard-coded (production).
    struct HardCodedPokemonList<ViewModel: PokemonListViewModelProtocol>: View {
        @State private var viewModel: ViewModel

        init(viewModel: @autoclosure @escaping () -> ViewModel) {
            _viewModel = State(wrappedValue: viewModel())
        }

        var body: some View {
            List(viewModel.names, id: \.self) { name in
                NavigationLink(name, destination: PokemonDetailView(viewModel: PokemonDetailViewModel(name: name)))
            }
        }
    }

    /// Seed 003's fix: the list's view model hands out the rows' detail view models.
    struct PokemonList<ViewModel: PokemonListViewModelProtocol>: View {
        @State private var viewModel: ViewModel

        init(viewModel: @autoclosure @escaping () -> ViewModel) {
            _viewModel = State(wrappedValue: viewModel())
        }

        var body: some View {
            List(viewModel.names, id: \.self) { name in
                NavigationLink(name, destination: PokemonDetailView(viewModel: viewModel.detailViewModel(name)))
            }
        }
    }

    /// The Scoped way: the rows resolve their detail view model from the container.
    struct ResolvingPokemonList: View {
        let container: Container
        let names = ["Bulbasaur", "Charmander", "Squirtle"]

        var body: some View {
            ForEach(names, id: \.self) { name in
                NavigationLink(name, destination: PokemonDetailView(viewModel: container.pokemonDetail(name)))
            }
        }
    }

    /// A row's destination: shows its view model's name.
    struct PokemonDetailView: View {
        let viewModel: any PokemonDetailViewModelProtocol

        var body: some View {
            Text(viewModel.name)
        }
    }

    /// 12.1 on the model of SwiftUI.
    @MainActor
    static func hardCodedPreviewRoot() -> any View {
        NavigationStack { HardCodedPokemonList(viewModel: StubPokemonListViewModel()) }
    }

    /// 12.2 on the model of SwiftUI.
    @MainActor
    static func stubPreviewRoot() -> any View {
        NavigationStack { PokemonList(viewModel: StubPokemonListViewModel()) }
    }

    /// 12.3 on the model of SwiftUI.
    @MainActor
    static func overriddenPreviewRoot(_ stage: Stage) -> any View {
        let container = stage.makeContainer()
        container.pokemonDetail.register { @MainActor name in StubPokemonDetailViewModel(name: name) }
        return NavigationStack { ResolvingPokemonList(container: container) }
    }
}
