import Scoped
import Testing

private final class GraphAPI: Sendable {}
private final class GraphStore: Sendable {
    let api: GraphAPI
    init(api: GraphAPI) { self.api = api }
}
private final class GraphRow: Sendable {
    let store: GraphStore
    init(store: GraphStore) { self.store = store }
}
private final class GraphBadge: Sendable {}
private final class GraphHolder: Sendable {
    let badge: GraphBadge
    init(badge: GraphBadge) { self.badge = badge }
}

extension Container {
    fileprivate var graphAPI: Factory<GraphAPI> { self { GraphAPI() }.cached }
    fileprivate var graphStore: Factory<GraphStore> { self { GraphStore(api: self.graphAPI()) }.cached }
    fileprivate var graphRow: ParameterFactory<Int, GraphRow> {
        self { _ in GraphRow(store: self.graphStore()) }.scoped.perParameter
    }
    fileprivate var graphBadge: Factory<GraphBadge> { self { GraphBadge() }.shared }
    fileprivate var graphHolder: Factory<GraphHolder> { self { GraphHolder(badge: self.graphBadge()) }.cached }
}

/// `from→to ×count`, with ` captive` when marked.
private func edges(of graph: ResolvedGraph) -> [String] {
    graph.edges.map { "\($0.from)→\($0.to) ×\($0.count)\($0.captive ? " captive" : "")" }
}

@Suite struct GraphRecorderTests {
    @Test func nodesEdgesAndCountsFollowWhatWasResolved() {
        let root = Container()
        let recorder = GraphRecorder(recording: root)
        let flow = root.child("rows")
        let rows = (1...3).map { flow.graphRow($0) }
        #expect(rows[0].store === rows[2].store)
        _ = root.graphStore()

        let graph = recorder.graph
        #expect(graph.nodes.map(\.name) == ["graphAPI (GraphAPI)", "graphStore (GraphStore)", "graphRow (GraphRow)"])
        let (api, store, row) = (graph.nodes[0], graph.nodes[1], graph.nodes[2])
        #expect((api.built, api.reused, api.scopes, api.held) == (1, 0, ["cached"], 1))
        #expect((store.built, store.reused, store.held) == (1, 3, 1))   // rows 2 and 3, then the root
        #expect((row.built, row.reused, row.scopes, row.held) == (3, 0, ["scoped"], 3))
        #expect(store.containers.count == 1 && row.containers.count == 1 && row.containers != store.containers)
        #expect(edges(of: graph) == ["1→0 ×1", "2→1 ×3"])   // store → api; row → store, 3×

        flow.close()
        #expect(recorder.graph.nodes[2].released == 3)
        #expect(recorder.graph.nodes[2].held == 0)
        recorder.stop()
    }

    @Test func aCaptiveDependencyIsAMarkedEdge() {
        let root = Container()
        let recorder = GraphRecorder(recording: root)
        _ = root.graphHolder()
        let graph = recorder.graph
        #expect(graph.nodes.map(\.name) == ["graphHolder (GraphHolder)", "graphBadge (GraphBadge)"])
        #expect(edges(of: graph) == ["0→1 ×1 captive"])
        #expect(graph.nodes[1].held == nil, ".shared instances are not held by a scope")
    }

    @Test func dotAndMermaidTextIsExact() {
        let root = Container()
        let recorder = GraphRecorder(recording: root)
        _ = root.graphStore()
        _ = root.graphHolder()
        let container = recorder.graph.nodes[0].containers[0]
        #expect(recorder.graph.dot() == """
            digraph "Scoped" {
              rankdir=LR;
              node [shape=box, fontname="Helvetica"];
              n0 [label="graphAPI\\nGraphAPI\\n.cached in \(container)\\nbuilt 1 · held 1"];
              n1 [label="graphStore\\nGraphStore\\n.cached in \(container)\\nbuilt 1 · held 1"];
              n2 [label="graphHolder\\nGraphHolder\\n.cached in \(container)\\nbuilt 1 · held 1"];
              n3 [label="graphBadge\\nGraphBadge\\n.shared in \(container)\\nbuilt 1"];
              n1 -> n0 [label="1×"];
              n2 -> n3 [label="1×", color=red, style=dashed, fontcolor=red, xlabel="captive"];
            }

            """)
        #expect(recorder.graph.mermaid() == """
            flowchart LR
              n0["graphAPI<br/>GraphAPI<br/>.cached in \(container)<br/>built 1 · held 1"]
              n1["graphStore<br/>GraphStore<br/>.cached in \(container)<br/>built 1 · held 1"]
              n2["graphHolder<br/>GraphHolder<br/>.cached in \(container)<br/>built 1 · held 1"]
              n3["graphBadge<br/>GraphBadge<br/>.shared in \(container)<br/>built 1"]
              n1 -- "1×" --> n0
              n2 -. "captive, 1×" .-> n3
              linkStyle 1 stroke:#d00,color:#d00

            """)
    }

    @Test func aStoppedRecorderKeepsItsGraphAndRecordsNothingMore() {
        let root = Container()
        let recorder = GraphRecorder(recording: root)
        _ = root.graphAPI()
        recorder.stop()
        _ = root.graphStore()
        #expect(recorder.graph.nodes.map(\.registration) == ["graphAPI"])
        recorder.clear()
        #expect(recorder.graph == ResolvedGraph())
    }

    @Test func eventsNameTheBodyThatResolved() {
        let root = Container()
        let events = Collected<LifecycleEvent>()
        let observation = root.observe { events.append($0) }
        _ = root.graphStore()
        observation.cancel()
        let created = events.all.filter { $0.kind == .created }
        #expect(created.map { $0.resolvedBy?.description } == ["graphStore (GraphStore)", nil])
        #expect(created[0].description.hasSuffix(" for graphStore (GraphStore)"))
    }
}

extension GraphRecorderTests {
    @Test func containersCanBeRenamedForStableOutput() {
        let root = Container()
        let recorder = GraphRecorder(recording: root)
        let first = root.child("rows"), second = root.child("rows")
        _ = first.graphRow(1)
        _ = second.graphRow(2)
        let renamed = recorder.graph.renamingContainers { $0.hasPrefix("rows#") ? "rows" : "root" }
        #expect(renamed.nodes.map(\.containers) == [["root"], ["root"], ["rows"]])
        #expect(recorder.graph.nodes[2].containers.count == 2, "the recorder's own graph keeps both names")
    }

    /// A node built in many lifetime scopes names the first three in its box, then how many
    /// more (a session-long recording listed every one); ``ResolvedGraph/Node/containers``
    /// keeps them all.
    @Test func aNodeBuiltInManyScopesNamesTheFirstThree() {
        let root = Container()
        let recorder = GraphRecorder(recording: root)
        var names: [String] = []
        for index in 0..<5 {
            let flow = root.child("flow")
            _ = flow.graphRow(index)
            names.append(flow.inspection.displayName)
            flow.close()
        }
        let row = recorder.graph.nodes.first { $0.registration == "graphRow" }
        #expect(row?.containers == names)
        #expect(recorder.graph.mermaid().contains(
            "n2[\"graphRow<br/>GraphRow<br/>.scoped in \(names[0]), \(names[1]), \(names[2]) and 2 more<br/>built 5 · held 0\"]"))
    }
}

// MARK: Awkward names

private final class Box<Value>: Sendable {}

extension Scope {
    fileprivate static let awkward = Scope.Cached(name: "se&amp;ssion\n\"2\" #lt;")
}

extension Container {
    fileprivate var awkwardBox: Factory<Box<Int>> {
        self(key: "box \"quoted\" {braced} `ticked`") { Box<Int>() }.scope(.awkward)
    }
    fileprivate var awkwardRow: Factory<Box<[String: Int]>> {
        self(key: "row<T> & more") { _ = self.awkwardBox(); return Box<[String: Int]>() }.scoped
    }
}

extension GraphRecorderTests {
    /// Quotes, braces, generics, line breaks, `&` and things that look like escapes in
    /// registration, type, scope and container names: neither format lets one end a label
    /// or a line, and each shows the name as typed.
    @Test func awkwardNamesAreEscapedInDotAndMermaid() {
        let root = Container()
        let recorder = GraphRecorder(recording: root)
        let flow = root.child("flow {1}\n\"a\" & b\\c")
        _ = flow.awkwardRow()
        let graph = recorder.graph.renamingContainers { $0.hasPrefix("flow") ? $0.prefix { $0 != "#" } + "#9" : "root#1" }
        #expect(graph.dot(name: "app \"graph\"") == #"""
            digraph "app \"graph\"" {
              rankdir=LR;
              node [shape=box, fontname="Helvetica"];
              n0 [label="box \"quoted\" {braced} `ticked`\nBox<Int>\n.se&amp;ssion\n\"2\" #lt; in root#1\nbuilt 1 · held 1"];
              n1 [label="row<T> & more\nBox<Dictionary<String, Int>>\n.scoped in flow {1}\n\"a\" & b\\c#9\nbuilt 1 · held 1"];
              n1 -> n0 [label="1×"];
            }

            """#)
        #expect(graph.mermaid() == """
            flowchart LR
              n0["box #quot;quoted#quot; {braced} #96;ticked#96;<br/>Box#lt;Int#gt;<br/>.se#amp;amp;ssion<br/>#quot;2#quot; #35;lt; in root#1<br/>built 1 · held 1"]
              n1["row#lt;T#gt; #amp; more<br/>Box#lt;Dictionary#lt;String, Int#gt;#gt;<br/>.scoped in flow {1}<br/>#quot;a#quot; #amp; b\\c#9<br/>built 1 · held 1"]
              n1 -- "1×" --> n0

            """)
    }
}

/// A recorder dropped without `stop()` used to leave its observer installed, which nothing
/// could remove: every resolve of the container went on paying for an event (a fifth
/// new-user evaluation: a `.unique` resolve 0.1 → 1.1 µs with one dropped recorder).
@Suite struct DroppedRecorderTests {
    @Test func aRecorderDroppedWithoutStopRemovesItsObserver() {
        let recorders: [(Container) -> AnyObject] = [
            { GraphRecorder(recording: $0) }, { TraceRecorder(recording: $0) },
        ]
        for record in recorders {
            let container = Container()
            do {
                let recorder = record(container)
                _ = container.graphAPI()
                #expect(container.inspection.isObserved, "\(type(of: recorder))")
            }
            #expect(!container.inspection.isObserved)
        }
    }
}
