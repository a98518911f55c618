// Screens written as an app writes them, with the shipped wrappers (ScopedSwiftUI's
// SwiftUI layer, compiled unchanged against the model: Tests/SwiftUIModel/README.md).
import Observation
import Scoped
import ScopedSwiftUI
import SwiftUI

// MARK: What the screens' bodies saw

/// Every view model instance a screen's body read, in order of first read (held weakly):
/// tests compare identities with it. Screens reach it through the environment.
@MainActor final class Seen {
    private final class Entry {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }
    private var entries: [Entry] = []

    func record(_ object: AnyObject) {
        if !entries.contains(where: { $0.object === object }) { entries.append(Entry(object)) }
    }

    /// How many distinct instances were read.
    var count: Int { entries.count }

    /// The `index`th instance read, if still alive.
    subscript(index: Int) -> AnyObject? { entries[index].object }
}

struct SeenKey: EnvironmentKey {
    static let defaultValue: Seen? = nil
}

extension EnvironmentValues {
    var seen: Seen? {
        get { self[SeenKey.self] }
        set { self[SeenKey.self] = newValue }
    }
}

// MARK: README's ItemScreen

@MainActor final class ItemViewModel: ObservableObject {
    let id: Int
    @Published var name: String
    init(id: Int) {
        self.id = id
        name = "Item \(id)"
    }
}

extension Container {
    @MainActor var item: MainActorParameterFactory<Int, ItemViewModel> {
        self { @MainActor id in ItemViewModel(id: id) }.scoped.perParameter
    }
}

struct ItemScreen: View {
    @ScopedObject private var viewModel: ItemViewModel
    @Environment(\.seen) private var seen
    init(id: Int) { _viewModel = ScopedObject(\.item, id) }
    var body: some View {
        let _ = seen?.record(viewModel)
        VStack {
            Text(viewModel.name)
            TextField("Name", text: $viewModel.name)
        }
    }
}

/// README's `Items`, with a counter that re-renders the root.
struct Items: View {
    @State private var renders = 0
    var body: some View {
        NavigationStack {
            VStack {
                Text("renders \(renders)")
                Button("Re-render") { renders += 1 }
                NavigationLink("Item 42", value: 42)
            }
            .navigationDestination(for: Int.self) { id in
                ItemScreen(id: id).lifetimeScope("item")
            }
        }
    }
}

// MARK: A sheet with @ScopedObject

@MainActor final class CounterViewModel: ObservableObject {
    @Published var count = 0
}

extension Container {
    @MainActor var counter: MainActorFactory<CounterViewModel> { self { @MainActor in CounterViewModel() }.scoped }
}

struct CounterSheet: View {
    @ScopedObject(\.counter) private var viewModel: CounterViewModel
    @Environment(\.seen) private var seen
    var body: some View {
        let _ = seen?.record(viewModel)
        VStack {
            Text("count \(viewModel.count)")
            Button("Increment") { viewModel.count += 1 }
        }
    }
}

struct SheetHost: View {
    @State private var isPresented = false
    var body: some View {
        VStack {
            Button("Present") { isPresented = true }
        }
        .sheet(isPresented: $isPresented) {
            CounterSheet().lifetimeScope("sheet")
        }
    }
}

// MARK: A TabView of two flows

struct Flow: View {
    let name: String
    let firstID: Int
    var body: some View {
        NavigationStack {
            VStack {
                Text(name)
                NavigationLink("\(name) item", value: firstID)
            }
            .navigationDestination(for: Int.self) { id in
                ItemScreen(id: id).lifetimeScope(name)
            }
        }
    }
}

struct Tabs: View {
    var body: some View {
        TabView {
            Flow(name: "Home", firstID: 1)
            Flow(name: "Search", firstID: 2)
        }
    }
}

// MARK: A List of rows with per-row view models

struct Row: Identifiable, Equatable {
    let id: Int
}

@MainActor final class RowViewModel: ObservableObject {
    let id: Int
    init(id: Int) { self.id = id }
}

extension Container {
    @MainActor var row: MainActorParameterFactory<Int, RowViewModel> {
        self { @MainActor id in RowViewModel(id: id) }.scoped.perParameter
    }
}

struct RowView: View {
    @ScopedObject private var viewModel: RowViewModel
    @Environment(\.seen) private var seen
    init(id: Int) { _viewModel = ScopedObject(\.row, id) }
    var body: some View {
        let _ = seen?.record(viewModel)
        Text("row \(viewModel.id)")
    }
}

struct RowList: View {
    @State private var rows = [Row(id: 1), Row(id: 2), Row(id: 3)]
    var body: some View {
        VStack {
            Button("Remove first") { rows.removeFirst() }
            Button("Append") { rows.append(Row(id: (rows.last?.id ?? 0) + 1)) }
            List(rows) { row in
                RowView(id: row.id).lifetimeScope("row")
            }
        }
    }
}

// MARK: An .id change

struct Profile: View {
    @State private var user = 1
    var body: some View {
        VStack {
            Button("Switch user") { user += 1 }
            ItemScreen(id: user).lifetimeScope("profile").id(user)
        }
    }
}

// MARK: A preview-like .container { } subtree

protocol API: Sendable { var name: String { get } }
struct LiveAPI: API { let name = "live" }
struct MockAPI: API { let name = "mock" }

@MainActor final class ProfileViewModel: ObservableObject {
    @Injected(\.api) var api: any API
}

extension Container {
    var api: Factory<any API> { self { LiveAPI() } }
    @MainActor var profile: MainActorFactory<ProfileViewModel> { self { @MainActor in ProfileViewModel() }.scoped }
}

struct ProfileScreen: View {
    @ScopedObject(\.profile) private var viewModel: ProfileViewModel
    var body: some View { Text("api \(viewModel.api.name)") }
}

struct PreviewPair: View {
    var body: some View {
        VStack {
            ProfileScreen().container { $0.api.register { MockAPI() } }
            ProfileScreen().lifetimeScope("live")
        }
    }
}

/// A window whose app model swaps the container above an open screen.
struct SwitchingWindow: View {
    let first: Container
    let second: Container
    @State private var useSecond = false
    var body: some View {
        VStack {
            Button("Switch container") { useSecond = true }
            ProfileScreen().lifetimeScope("profile").container(useSecond ? second : first)
        }
    }
}

// MARK: @ScopedObservable with a binding

@MainActor @Observable final class NoteViewModel {
    var text = "draft"
}

extension Container {
    @MainActor var note: MainActorFactory<NoteViewModel> { self { @MainActor in NoteViewModel() }.scoped }
}

struct NoteScreen: View {
    @ScopedObservable(\.note) private var viewModel: NoteViewModel
    var body: some View {
        VStack {
            Text(viewModel.text)
            TextField("Note", text: $viewModel.text)
        }
    }
}

// MARK: A custom container type, a plain Factory and a resolve closure

final class ShopContainer: SharedContainer {
    static let shared = ShopContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
}

final class CartViewModel: ObservableObject, Sendable {
    let currency: String
    init(currency: String) { self.currency = currency }
}

extension ShopContainer {
    var currency: Factory<String> { self { "EUR" } }
    var cartViewModel: Factory<CartViewModel> { self { CartViewModel(currency: self.currency()) }.scoped }
}

struct CartScreen: View {
    @ScopedObject(\ShopContainer.cartViewModel) private var viewModel: CartViewModel
    @ScopedObject(in: ShopContainer.self, { $0.cartViewModel() }) private var same: CartViewModel
    var body: some View {
        Text("cart in \(viewModel.currency), same \(viewModel === same)")
    }
}

struct Shopfront: View {
    let shop: ShopContainer
    @State private var isPresented = false
    var body: some View {
        Button("Open cart") { isPresented = true }
            .sheet(isPresented: $isPresented) {
                CartScreen()
                    .container(ShopContainer.self, "prices") { $0.currency.register { "CHF" } }
                    .lifetimeScope("cart", of: ShopContainer.self)
            }
            .container(shop)
    }
}
