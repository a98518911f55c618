import Scoped
import ScopedSwiftUIOnModel
import SwiftUIModel

extension Scenario {
    /// 9. Multilevel MVVM: a parent screen whose two child views are hidden and shown
    /// again. With `@StateObject` children, hiding destroys their view models (state
    /// lost); with seed 000's multilevel MVVM the parent's view model owns its children's
    /// strongly (three levels: A owns A.1), so they outlive the views; children resolved with `@ScopedObject` from the parent screen's lifetime scope
    /// (`.lifetimeScope`, `.scoped` factories) outlive
    /// their views (state kept) and are released when the parent screen is dismissed.
    /// Both show parent → child propagation (the parent's number) and child → parent
    /// callbacks (the parent's total).
    static var multilevel: Scenario {
        Scenario(
            number: 9, name: "multilevel",
            explanation: "multilevel MVVM, children hidden and shown: @StateObject children lose state (@ObservedObject ones on every re-render); owned by the parent's view model, or .scoped, they keep it",
            group: .multilevel, usesScoped: true,
            variants: [
                Variant(
                    label: "@StateObject children",
                    code: CardCode.parentScreen(children: [
                        #"ChildView(label: "A", parent: viewModel)"#, #"ChildView(label: "B", parent: viewModel)"#,
                    ]) + "\n" + #"""
                    struct ChildView: View {
                        @StateObject private var viewModel: ChildViewModel
                        init(label: String, parent: ParentViewModel) {
                            _viewModel = StateObject(wrappedValue: ChildViewModel(label: label, parent: parent))
                        }
                        // body: its count, the parent's number it sees, a "+1" button
                    }
                    """#,
                    verdict: .avoid("hiding a child view destroys its @StateObject view model: its state is lost", brief: "hiding destroys its VM"),
                    seed: "000 (Alvarez, \"SwiftUI: Multilevel MVVM\"): \"Forcing the StateObject to reinitialize\"",
                    script: Script.multilevel
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.stateObjectChildrenRoot(stage)
                },
                Variant(
                    label: "parent VM owns children strongly",
                    code: #"""
                    struct OwningParentScreen: View {
                        @StateObject private var viewModel: OwningParentViewModel
                        @State private var showChildren = true
                        init(numbers: RandomSource) {
                            _viewModel = StateObject(wrappedValue: OwningParentViewModel(numbers: numbers))
                        }
                        var body: some View {
                            Text("number \(viewModel.number) · total \(viewModel.total)")
                                .task { while true { try? await Task.sleep(for: .seconds(2)); viewModel.pickNumber() } }
                            Button("Toggle children") { showChildren.toggle() }
                            if showChildren {
                                ForEach(viewModel.children) { child in
                                    OwnedChildView(viewModel: child)
                                }
                            }
                        }
                    }
                    // OwningParentViewModel builds and holds A (which holds A.1) and B, wiring number down and taps up;
                    // OwnedChildView observes one (@ObservedObject) and shows its children the same way
                    """#,
                    verdict: .use("the children's state lives in the parent's view model: hiding views loses nothing", brief: "the parent keeps it"),
                    seed: "000 (Alvarez, \"SwiftUI: Multilevel MVVM\"): \"Solution: Multilevel MVVM\", three levels",
                    script: Script.multilevel
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.owningParentRoot(stage)
                },
                Variant(
                    label: "Scoped .scoped children in a scope",
                    code: #"""
                    struct ScopedParentScreen: View {
                        @ScopedObject(\.parentViewModel) private var viewModel: ParentViewModel
                        @State private var showChildren = true
                        var body: some View {
                            Text("number \(viewModel.number) · total \(viewModel.total)")
                                .task { while true { try? await Task.sleep(for: .seconds(2)); viewModel.pickNumber() } }
                            Button("Toggle children") { showChildren.toggle() }
                            if showChildren {
                                ScopedChildView(label: "A")
                                ScopedChildView(label: "B")
                            }
                        }
                    }
                    struct ScopedChildView: View {
                        @ScopedObject private var viewModel: ChildViewModel
                        init(label: String) {
                            _viewModel = ScopedObject(\.childViewModel, label)
                        }
                        // body: as ChildView's
                    }
                    // Presented as:
                    ScopedParentScreen().lifetimeScope("parentScreen")
                    """#,
                    verdict: .use("children live in the parent screen's scope: state survives hiding; all released on dismiss", brief: "the scope keeps it"),
                    seed: "000 (Alvarez, \"SwiftUI: Multilevel MVVM\"): \"Solution: Multilevel MVVM\", with Scoped's .scoped instead of strong ownership",
                    script: Script.multilevel
                ) { (stage: Stage) -> any OnModel.View in
                    guard #available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *) else { fatalError(OnModel.needsMacOS11) }
                    return OnModel.scopedParentRoot(stage)
                },
                Variant(
                    label: "@ObservedObject children, 3 levels",
                    code: CardCode.parentScreen(children: [
                        #"ObservingChildView(viewModel: ChildViewModel(label: "A", parent: viewModel), parent: viewModel, childLabel: "A.1")"#,
                        #"ObservingChildView(viewModel: ChildViewModel(label: "B", parent: viewModel), parent: viewModel, childLabel: nil)"#,
                    ]) + "\n" + #"""
                    struct ObservingChildView: View {
                        @ObservedObject var viewModel: ChildViewModel
                        var body: some View {
                            Text("\(viewModel.label) count \(viewModel.count)")
                            if let childLabel {
                                ObservingChildView(viewModel: ChildViewModel(label: childLabel, parent: parent), parent: parent, childLabel: nil)
                            }
                        }
                    }
                    """#,
                    verdict: .avoid("every parent render builds new child view models, and each child's render its own child's: state lost down the chain", brief: "each re-render resets them"),
                    seed: "000 (Alvarez, \"SwiftUI: Multilevel MVVM\"): the @ObservedObject child it starts from, three levels",
                    script: Script.multilevel
                ) { (stage: Stage) -> any OnModel.View in
                    OnModel.observingChildrenRoot(stage)
                },
            ])
    }
}

extension OnModel {
    /// 9.1 on the model of SwiftUI.
    @MainActor
    static func stateObjectChildrenRoot(_ stage: Stage) -> any View {
        MultilevelAppView {
            ParentScreen(numbers: stage.numbers) { viewModel in
                ChildView(label: "A", parent: viewModel)
                ChildView(label: "B", parent: viewModel)
            }
        }
    }

    /// 9.2 on the model of SwiftUI.
    @MainActor
    static func owningParentRoot(_ stage: Stage) -> any View {
        MultilevelAppView {
            OwningParentScreen(numbers: stage.numbers)
        }
    }

    /// 9.4 on the model of SwiftUI.
    @MainActor
    static func observingChildrenRoot(_ stage: Stage) -> any View {
        MultilevelAppView {
            ParentScreen(numbers: stage.numbers) { viewModel in
                ObservingChildView(viewModel: ChildViewModel(label: "A", parent: viewModel), parent: viewModel, childLabel: "A.1")
                ObservingChildView(viewModel: ChildViewModel(label: "B", parent: viewModel), parent: viewModel, childLabel: nil)
            }
        }
    }

    /// 9.3 on the model of SwiftUI, with the shipped `.lifetimeScope`, `@ScopedObject` and
    /// `.container`.
    @MainActor @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
    static func scopedParentRoot(_ stage: Stage) -> any View {
        let container = stage.makeContainer()
        let numbers = stage.numbers
        container.numberSource.register { numbers }
        return MultilevelAppView {
            ScopedParentScreen().lifetimeScope("parentScreen")
        }
        .container(container)
    }
}
