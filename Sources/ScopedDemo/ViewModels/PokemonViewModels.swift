/// Seed 003's view models (scenario 12): a list and a detail screen, each behind a
/// protocol with a production and a stub implementation, so that a preview can run the
/// views without any production code. The production detail view model builds its
/// service (standing for the network client); a preview must build neither.
@MainActor
protocol PokemonListViewModelProtocol: AnyObject {
    /// The detail view model type this list hands to its rows (production or stub).
    associatedtype DetailVM: PokemonDetailViewModelProtocol
    /// The names shown.
    var names: [String] { get }
    /// The view model of a row's detail screen: a dependency of the list, so the list's
    /// view model makes it (seed 003's "view model hierarchy").
    func detailViewModel(_ name: String) -> DetailVM
}

/// What a detail screen needs from its view model.
@MainActor
protocol PokemonDetailViewModelProtocol: AnyObject, Sendable {
    var name: String { get }
}

/// The production list view model.
@MainActor
final class PokemonListViewModel: TracedObject, PokemonListViewModelProtocol {
    /// The names shown; reading them in a `body` shows the view model (it is kept).
    var names: [String] {
        observation.access()
        return ["Bulbasaur", "Charmander", "Squirtle"]
    }
    func detailViewModel(_ name: String) -> PokemonDetailViewModel { PokemonDetailViewModel(name: name) }
}

/// The stub list view model a preview uses.
@MainActor
final class StubPokemonListViewModel: TracedObject, PokemonListViewModelProtocol {
    /// The names shown; reading them in a `body` shows the view model (it is kept).
    var names: [String] {
        observation.access()
        return ["Bulbasaur", "Charmander", "Squirtle"]
    }
    func detailViewModel(_ name: String) -> StubPokemonDetailViewModel { StubPokemonDetailViewModel(name: name) }
}

/// The production detail view model: builds its service.
@MainActor
final class PokemonDetailViewModel: TracedObject, PokemonDetailViewModelProtocol {
    let name: String
    private let service: PokemonService

    init(name: String) {
        self.name = name
        service = PokemonService()
        super.init(detail: "name: \(name)")
    }
}

/// The stub detail view model: fixed data, no service.
@MainActor
final class StubPokemonDetailViewModel: TracedObject, PokemonDetailViewModelProtocol {
    let name: String

    init(name: String) {
        self.name = name
        super.init(detail: "name: \(name)")
    }
}

/// The production service (a network client, say). A service: the summary does not count it.
@MainActor
final class PokemonService: TracedObject {
    init() {
        super.init(role: .service)
    }
}
