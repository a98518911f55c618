import Scoped

/// `--format dot|mermaid`: the graph Scoped resolved in each variant, recorded by a
/// ``GraphRecorder`` on the scenario's containers (the library's own renderers).
enum GraphFormatter {
    /// One Graphviz digraph per variant, named after the scenario.
    static func dot(_ result: VariantResult) -> String {
        "// \(title(of: result))\n" + result.graph.dot(name: "\(result.scenarioName): \(result.label)")
    }

    /// One Mermaid flowchart per variant, titled in a comment.
    static func mermaid(_ result: VariantResult) -> String {
        "%% \(title(of: result))\n" + result.graph.mermaid()
    }

    private static func title(of result: VariantResult) -> String {
        let note = result.graph.nodes.isEmpty ? " (nothing resolved through Scoped: an empty graph)" : ""
        return "\(result.scenarioNumber) \(result.scenarioName) · \(result.label) · seed \(result.seed) · \(result.ticks) ticks\(TextLayout.sdkNote(result))\(note)"
    }
}
