/// `--scenario NAME` without `--format` (or `--format card`): for each variant, the seed
/// it reproduces, the SwiftUI code it simulates, its timeline and its verdict.
///
/// ```
/// == 4 stateobject-autoclosure · sheet + @StateObject, built in autoclosure · seed 42 · 12 ticks
/// reproduces: seed 004 (…): the autoclosure fix
/// simulates:
///     struct StateObjectCounterView: View { … }
/// tick …
/// verdict: use — built once per presentation, lazily, inside the autoclosure; released on dismiss
/// ```
enum ScenarioCardFormatter {
    static func render(_ result: VariantResult) -> String {
        var lines = [TextLayout.header(result)]
        lines += TextLayout.wrapped("reproduces: seed \(result.seedArticle)", Terminal.standardWidth)
        lines.append("simulates:")
        lines += result.code.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
        lines.append("")
        lines += TimelineFormatter.render(result).split(separator: "\n").dropFirst().map(String.init)
        lines.append("")
        lines += TextLayout.wrapped("verdict: " + result.verdict.line, Terminal.standardWidth)
        if result.stateSDK == .xcode27 { lines.append(StateSDK.assumption) }
        return lines.map(TextLayout.trimmed).joined(separator: "\n") + "\n"
    }
}
