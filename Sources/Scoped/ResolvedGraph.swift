/// The object graph a container and its lifetime scopes actually resolved, as a
/// ``GraphRecorder`` saw it in the event stream: one node per registration, one edge per
/// "this body resolved that", captive dependencies marked.
///
/// Render it as Graphviz DOT (paste into any viewer, or `dot -Tsvg`) or as a Mermaid
/// flowchart (GitHub renders it in Markdown):
///
/// ```swift
/// let recorder = GraphRecorder(recording: Container.shared)
/// _ = Container.shared.store()
/// print(recorder.graph.mermaid())
/// ```
public struct ResolvedGraph: Sendable, Equatable {
    /// One registration: what was built, where it lives, how often.
    public struct Node: Sendable, Equatable {
        /// The registration's member name (`store`, `detail`).
        public let registration: String
        /// The produced type's name.
        public let typeName: String
        /// Where the registration is declared (see ``LifecycleEvent/declaration``): two
        /// overloads of one member are two nodes with the same ``name``.
        public let declaration: String?
        /// The scopes it was resolved in (`cached`, `scoped`, a custom scope's name), in
        /// the order first seen; usually one.
        public internal(set) var scopes: [String] = []
        /// The containers and lifetime scopes its instances were built in (`root#1`,
        /// `detail#4`), in the order first seen.
        public internal(set) var containers: [String] = []
        /// How many instances its body built.
        public internal(set) var built = 0
        /// How many resolves returned an instance already held.
        public internal(set) var reused = 0
        /// How many instances a scope let go of (close, reset).
        public internal(set) var released = 0
        /// How many released instances were still alive after their grace period
        /// (``LifecycleEvent/Kind-swift.enum/leaked``).
        public internal(set) var leaked = 0

        /// Instances its scopes still hold: built minus released, for scopes that hold
        /// their instances (`cached`, `scoped`, `singleton`, custom); nil for `unique`,
        /// `graph` and `shared`, whose instances live as long as their callers keep them.
        public var held: Int? {
            lifetimes.allSatisfy(\.keepsInstances) ? built - released : nil
        }
        /// What its scopes do with their instances (a custom scope may be named `shared`).
        var lifetimes: [Scope.Lifetime] = []

        /// `store (EntryStore)`: the node's name (with ``declaration``, its identity).
        public var name: String { "\(registration) (\(typeName))" }

    }

    /// "`from`'s body resolved `to`": `count` times; `captive` when a longer-lived
    /// `from` captured a shorter-lived `to` (a captive dependency).
    public struct Edge: Sendable, Equatable {
        /// The index in ``ResolvedGraph/nodes`` of the registration whose body resolved.
        public let from: Int
        /// The index in ``ResolvedGraph/nodes`` of the registration it resolved.
        public let to: Int
        /// How many resolves went along this edge.
        public internal(set) var count = 0
        /// Whether `from` holds `to` past `to`'s scope.
        public internal(set) var captive = false
    }

    /// The registrations, in the order they were first seen.
    public internal(set) var nodes: [Node] = []
    /// The resolves between registrations, in the order first seen.
    public internal(set) var edges: [Edge] = []

    /// An empty graph.
    public init() {}

    /// The same graph with every container name passed through `rename` — to give
    /// containers stable names in golden files (`root#37` → `root`).
    ///
    /// - Parameter rename: Maps a container's event name to the name to show.
    /// - Returns: The renamed graph; names that become equal are merged.
    public func renamingContainers(_ rename: (String) -> String) -> ResolvedGraph {
        var copy = self
        for index in copy.nodes.indices {
            var renamed: [String] = []
            for name in copy.nodes[index].containers.map(rename) where !renamed.contains(name) { renamed.append(name) }
            copy.nodes[index].containers = renamed
        }
        return copy
    }

    /// The graph as Graphviz DOT: `dot -Tsvg graph.dot > graph.svg`.
    ///
    /// Nodes show the registration, its type, its scope and containers (the first three, then
    /// how many more), and its counts;
    /// captive edges are red and dashed, registrations with leaked instances red.
    ///
    /// - Parameter name: The graph's name (`digraph "name" {`).
    public func dot(name: String = "Scoped") -> String {
        var lines = ["digraph \"\(Self.dotEscaped(name))\" {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
        for (index, node) in nodes.enumerated() {
            let label = labelLines(of: node).map(Self.dotEscaped).joined(separator: "\\n")
            lines.append("  n\(index) [label=\"\(label)\"\(node.leaked > 0 ? ", color=red, fontcolor=red" : "")];")
        }
        for edge in edges {
            var attributes = ["label=\"\(edge.count)×\"" ]
            if edge.captive { attributes += ["color=red", "style=dashed", "fontcolor=red", "xlabel=\"captive\""] }
            lines.append("  n\(edge.from) -> n\(edge.to) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The graph as a Mermaid flowchart, for a ` ```mermaid ` block in Markdown.
    ///
    /// Captive edges are dotted and labelled `captive`; registrations with leaked instances
    /// are red.
    public func mermaid() -> String {
        var lines = ["flowchart LR"]
        for (index, node) in nodes.enumerated() {
            let label = labelLines(of: node).map(Self.mermaidEscaped).joined(separator: "<br/>")
            lines.append("  n\(index)[\"\(label)\"]")
        }
        for edge in edges {
            let arrow = edge.captive ? "-. \"captive, \(edge.count)×\" .->" : "-- \"\(edge.count)×\" -->"
            lines.append("  n\(edge.from) \(arrow) n\(edge.to)")
        }
        for (index, node) in nodes.enumerated() where node.leaked > 0 {
            lines.append("  style n\(index) stroke:#d00,color:#d00")
        }
        if edges.contains(where: \.captive) {
            let captive = edges.enumerated().filter { $0.element.captive }.map { String($0.offset) }
            lines.append("  linkStyle \(captive.joined(separator: ",")) stroke:#d00,color:#d00")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a node's box says, line by line.
    private func labelLines(of node: Node) -> [String] {
        let scopes = node.scopes.map { "." + $0 }.joined(separator: ", ")
        var counts = "built \(node.built)"
        if node.reused > 0 { counts += " · reused \(node.reused)" }
        if let held = node.held { counts += " · held \(held)" }
        if node.leaked > 0 { counts += " · leaked \(node.leaked)" }
        // A session-long recording can see thousands of short-lived scopes: the first three are named.
        let more = node.containers.count > 3 ? " and \(node.containers.count - 3) more" : ""
        let containers = node.containers.prefix(3).joined(separator: ", ") + more
        return [node.registration, node.typeName, "\(scopes) in \(containers)", counts]
    }

    /// Text inside a DOT quoted string: backslashes and quotes escaped, a line break
    /// (in a scope's or container's name) as DOT's centred `\n`, so each statement stays
    /// on one line.
    private static func dotEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n", "\r\n", "\r": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// Text inside a Mermaid `["…"]` label, which Mermaid renders as HTML: quotes, angle
    /// brackets, `&` and backticks as Mermaid's entity codes (`#quot;`, `#lt;`, `#gt;`,
    /// `#amp;`, `#96;`), a `#` that would start one (`#lt;`) as `#35;`, and a line break as
    /// `<br/>` — so `&amp;` shows as typed and a name never ends the label or the line.
    private static func mermaidEscaped(_ text: String) -> String {
        var result = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            switch character {
            case "\"": result += "#quot;"
            case "<": result += "#lt;"
            case ">": result += "#gt;"
            case "&": result += "#amp;"
            case "`": result += "#96;"
            case "#" where startsEntityCode(characters[(index + 1)...]): result += "#35;"
            case "\n", "\r\n", "\r": result += "<br/>"
            default: result.append(character)
            }
        }
        return result
    }

    /// Whether the text after a `#` reads as the rest of an entity code: letters or
    /// digits, then `;`.
    private static func startsEntityCode(_ rest: ArraySlice<Character>) -> Bool {
        guard let end = rest.firstIndex(where: { !($0.isLetter || $0.isNumber) }), end > rest.startIndex else {
            return false
        }
        return rest[end] == ";"
    }
}
