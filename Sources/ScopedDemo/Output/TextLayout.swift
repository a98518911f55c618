/// Small text helpers shared by the output formats.
enum TextLayout {
    /// `text` padded with spaces to `width` characters (never cut).
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// `text` right-aligned in `width` characters.
    static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    /// The line without trailing spaces.
    static func trimmed(_ line: String) -> String {
        var line = Substring(line)
        while line.last == " " { line = line.dropLast() }
        return String(line)
    }

    /// `yes`, `no`, or `n/a` when not measured.
    static func yesNo(_ value: Bool?) -> String {
        value.map { $0 ? "yes" : "no" } ?? "n/a"
    }

    /// The header line of one variant's log or timeline.
    static func header(_ result: VariantResult) -> String {
        "== \(result.scenarioNumber) \(result.scenarioName) · \(result.label) · seed \(result.seed) · \(result.ticks) ticks"
            + (result.stateSDK == .xcode26 ? "" : " · @State as built with Xcode \(result.stateSDK.rawValue)")
    }
}
