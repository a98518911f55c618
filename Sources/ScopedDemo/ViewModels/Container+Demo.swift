import Scoped

/// The demo's factories. Each scenario that uses Scoped makes its own `Container()` root
/// (and child lifetime scopes of it), so scenarios never share instances.
extension Container {
    /// Scenarios 2 and 6: the counter sheet's view model, one instance while anyone holds
    /// it, fresh after the last holder lets go. The parameter is not part of the key.
    @MainActor
    func counter(initialValue: Int) -> MainActorFactory<CounterViewModel> {
        self { @MainActor in CounterViewModel(initialValue: initialValue) }.shared
    }

    /// Scenario 8: a pushed item screen's view model, owned by the screen's lifetime scope.
    @MainActor
    var detail: MainActorParameterFactory<Int, DetailViewModel> {
        self { @MainActor id in DetailViewModel(id: id) }.scoped.perParameter
    }

    /// Scenario 11: a pushed item screen's view model, one per item while anyone holds it
    /// (the list's descriptions do, eagerly).
    @MainActor
    var sharedDetail: MainActorParameterFactory<Int, DetailViewModel> {
        self { @MainActor id in DetailViewModel(id: id) }.shared.perParameter
    }

    /// Scenario 12: a detail screen's view model, production unless a preview overrides it.
    @MainActor
    var pokemonDetail: MainActorParameterFactory<String, any PokemonDetailViewModelProtocol> {
        self { @MainActor name in PokemonDetailViewModel(name: name) }
    }

    /// Scenario 9: where the parent's numbers come from (each run registers its seeded source).
    @MainActor
    var numberSource: MainActorFactory<RandomSource> {
        self { @MainActor in RandomSource(seed: 0) }.cached
    }

    /// Scenario 9: the parent screen's view model, owned by the screen's lifetime scope.
    @MainActor
    var parentViewModel: MainActorFactory<ParentViewModel> {
        self { @MainActor in ParentViewModel(numbers: self.numberSource()) }.scoped
    }

    /// Scenario 9: a child's view model, one per label, owned by the parent screen's
    /// lifetime scope — it outlives the child view being hidden.
    @MainActor
    var childViewModel: MainActorParameterFactory<String, ChildViewModel> {
        self { @MainActor label in ChildViewModel(label: label, parent: self.parentViewModel()) }.scoped.perParameter
    }

    /// Scenario 10: the entry store, one per root container.
    @MainActor
    var entryStore: MainActorFactory<EntryStore> {
        self { @MainActor in EntryStore() }.cached
    }

    /// Seed 002's article list, owned by the screen's lifetime scope (scenario 15).
    @MainActor
    var articleList: MainActorFactory<ArticleListViewModel> {
        self { @MainActor in ArticleListViewModel() }.scoped
    }
}
