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
            + sdkNote(result)
    }

    /// Nothing for Xcode 26; for `--sdk 27`, the label every output of it carries: the
    /// macro's laziness is the demo's assumption (StateSDK.swift).
    static func sdkNote(_ result: VariantResult) -> String {
        sdkNote(result.stateSDK)
    }

    /// The note for runs that simulate `sdk`: empty for Xcode 26.
    static func sdkNote(_ sdk: StateSDK) -> String {
        sdk == .xcode26 ? "" : " · @State as Xcode \(sdk.rawValue)'s macro, ASSUMED lazy"
    }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word
    /// stays whole); lines after the first are indented by two spaces.
    static func wrapped(_ text: String, _ width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = (lines.isEmpty ? "" : "  ") + word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = "  " + word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
