import Scoped

/// `--format json`: one JSON object per event, one per line (JSON Lines).
///
/// ```
/// {"scenario":1,"name":"observed-object","variant":"…","seed":42,"t":1,"seq":5,"event":"init","subject":"CounterViewModel#1","detail":"…"}
/// ```
///
/// With `--sdk 27` every object also carries `"assumption"`: the macro's laziness is the
/// demo's assumption, not Apple's statement (StateSDK.swift).
enum JSONLinesFormatter {
    static func render(_ result: VariantResult) -> String {
        let assumption = result.stateSDK == .xcode27
            ? "\"assumption\":\(quoted("@State as Xcode 27's macro, initial value ASSUMED lazy (unconfirmed)")),"
            : ""
        return result.events.map { event in
            "{\"scenario\":\(result.scenarioNumber),\(assumption)\"name\":\(quoted(result.scenarioName)),"
                + "\"variant\":\(quoted(result.label)),\"seed\":\(result.seed),"
                + "\"t\":\(event.tick),\"seq\":\(event.sequence),\"event\":\(quoted(event.kind.rawValue)),"
                + "\"subject\":\(quoted(event.subject)),\"detail\":\(quoted(event.detail))}\n"
        }.joined()
    }

    /// `text` as a JSON string literal (the library's writer, shared with its trace files).
    static func quoted(_ text: String) -> String { JSONText.quoted(text) }
}
