// Rule modelled here — dynamic properties are installed into the view's node and
// `update()` runs before every `body`:
// - dynamicproperty (developer.apple.com/documentation/swiftui/dynamicproperty): "An
//   interface for a stored variable that updates an external property of a view"; "The
//   view gives values to these properties prior to recomputing the view's body."
// - dynamicproperty/update() (…/dynamicproperty/update()): "SwiftUI calls this function
//   before rendering a view's body to ensure the view has the most recent value."
// The graph finds the properties by reflection (Mirror), nested ones first (a
// `@ScopedObject` holds an `@Environment`, a `State` and a `@StateObject`), links each to
// the node's storage, then calls `update()` on each, outermost last.
//
// What the model cannot do as SwiftUI does: write the updated property back into the
// view value. `update()` runs on a copy; that is exact for every property whose state is
// reached through a reference (SwiftUI's own, and Scoped's wrappers: their `update()`
// marks a slot that `State` storage holds), and wrong for a property that mutates a plain
// stored field in `update()`.

/// dynamicproperty — `protocol DynamicProperty`; dynamicproperty/update().
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// Not Apple's: a dynamic property whose storage the graph links to the node.
@MainActor
protocol InstallableProperty {
    func install(in node: GraphNode, key: String)
}
