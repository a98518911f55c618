import SwiftUIModel

/// Scenario 9's screens without Scoped, on the model of SwiftUI (the Scoped row's are in
/// ModelScreens.swift).
extension OnModel {
    /// Scenario 9's app: a button presents the parent screen as a sheet.
    struct MultilevelAppView: View {
        let screen: () -> any View
        @State private var showingParent = false

        var body: some View {
            Button("Open parent screen") { showingParent = true }
                .sheet(isPresented: $showingParent) {
                    AnyView(screen())
                }
        }
    }

    /// Scenario 9 without Scoped: the parent owns its view model with `@StateObject`; its
    /// children are the variant's — child views that own their view models with
    /// `@StateObject` and are destroyed when hidden (9.1), or child views observing view
    /// models this body builds (9.4).
    struct ParentScreen<Children: View>: View {
        @StateObject private var viewModel: ParentViewModel
        @State private var showChildren = true
        let children: (ParentViewModel) -> Children

        init(numbers: RandomSource, @ViewBuilder children: @escaping (ParentViewModel) -> Children) {
            _viewModel = StateObject(wrappedValue: ParentViewModel(numbers: numbers))
            self.children = children
        }

        var body: some View {
            Text("number \(viewModel.number) · total \(viewModel.total)")
                .task(every: 2) { viewModel.pickNumber() }
            Button("Toggle children") { showChildren.toggle() }
            if showChildren {
                children(viewModel)
            }
        }
    }

    /// A child view that owns its view model; the autoclosure links it to the parent.
    struct ChildView: View {
        @StateObject private var viewModel: ChildViewModel

        init(label: String, parent: ParentViewModel) {
            _viewModel = StateObject(wrappedValue: ChildViewModel(label: label, parent: parent))
        }

        var body: some View {
            Text("\(viewModel.label) count \(viewModel.count)")
            Text("\(viewModel.label) sees \(viewModel.parentNumber)")
            Button("\(viewModel.label) +1") { viewModel.increment() }
        }
    }

    /// Seed 000's starting point (the "previous article" it recalls), as scenario 9's
    /// fourth row: `ParentScreen` builds its children's view models in its body and hands
    /// them to these `@ObservedObject` child views, three levels deep (parent → A → A.1,
    /// and B). Every parent re-render makes new child descriptions with new view models, so
    /// A and B restart from zero; A's re-render does the same to A.1.
    struct ObservingChildView: View {
        @ObservedObject var viewModel: ChildViewModel
        let parent: ParentViewModel
        let childLabel: String?

        var body: some View {
            Text("\(viewModel.label) count \(viewModel.count)")
            Text("\(viewModel.label) sees \(viewModel.parentNumber)")
            Button("\(viewModel.label) +1") { viewModel.increment() }
            if let childLabel {
                ObservingChildView(viewModel: ChildViewModel(label: childLabel, parent: parent), parent: parent, childLabel: nil)
            }
        }
    }

    /// Scenario 9 as seed 000 solves it: the parent screen owns one view model with
    /// `@StateObject`, which owns its children's; child views only observe the instances
    /// they are handed, so hiding them destroys views, not state.
    struct OwningParentScreen: View {
        @StateObject private var viewModel: OwningParentViewModel
        @State private var showChildren = true

        init(numbers: RandomSource) {
            _viewModel = StateObject(wrappedValue: OwningParentViewModel(numbers: numbers))
        }

        var body: some View {
            Text("number \(viewModel.number) · total \(viewModel.total)")
                .task(every: 2) { viewModel.pickNumber() }
            Button("Toggle children") { showChildren.toggle() }
            if showChildren {
                ForEach(viewModel.children) { child in
                    OwnedChildView(viewModel: child)
                }
            }
        }
    }

    /// A child view (of any level) observing the view model its parent's view model owns,
    /// and showing that view model's own children below it.
    struct OwnedChildView: View {
        @ObservedObject var viewModel: ChildViewModel

        var body: some View {
            Text("\(viewModel.label) count \(viewModel.count)")
            Text("\(viewModel.label) sees \(viewModel.parentNumber)")
            Button("\(viewModel.label) +1") { viewModel.increment() }
            ForEach(viewModel.children) { child in
                OwnedChildView(viewModel: child)
            }
        }
    }
}

/// `ForEach(viewModel.children)`: a child view model is its own identity.
extension ChildViewModel: Identifiable {}
