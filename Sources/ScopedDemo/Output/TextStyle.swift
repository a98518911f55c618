/// The colours of the default output, applied only when the ``Terminal`` is coloured: the
/// verdict (`use` green, `avoid` red) and the lifeline glyphs (built green, reused cyan,
/// released red). Widths are measured on the plain text; a style wraps a cell after padding.
enum TextStyle {
    private static let reset = "\u{1B}[0m"

    /// `text` (already padded) in the verdict's colour.
    static func verdict(_ advice: Verdict.Advice, _ text: String, on terminal: Terminal) -> String {
        guard terminal.isColoured else { return text }
        return (advice == .use ? "\u{1B}[32m" : "\u{1B}[31m") + text + reset
    }

    /// A lifeline (`.+o-x.`) with its glyphs coloured.
    static func lifeline(_ cells: String, on terminal: Terminal) -> String {
        guard terminal.isColoured else { return cells }
        return cells.map { glyph -> String in
            switch glyph {
            case "+": "\u{1B}[32m+" + reset
            case "o": "\u{1B}[36mo" + reset
            case "x", "*": "\u{1B}[31m\(glyph)" + reset
            default: String(glyph)
            }
        }.joined()
    }
}
