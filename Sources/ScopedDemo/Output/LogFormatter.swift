/// `--format log`: one line per event, simulated time first.
///
/// ```
/// t=01s  init             CounterViewModel#1        initialValue: 61 · built in ContentView.body
/// ```
enum LogFormatter {
    static func render(_ result: VariantResult) -> String {
        let tickWidth = max(2, String(result.ticks - 1).count)
        let subjectWidth = max(24, result.events.map(\.subject.count).max() ?? 0)
        var lines = [TextLayout.header(result)]
        for event in result.events {
            let time = "t=" + TextLayout.padLeft(String(event.tick), tickWidth).replacingSpaces(with: "0") + "s"
            lines.append(TextLayout.trimmed(
                "\(time)  \(TextLayout.pad(event.kind.rawValue, 15))  \(TextLayout.pad(event.subject, subjectWidth))  \(event.detail)"))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func replacingSpaces(with replacement: Character) -> String {
        String(map { $0 == " " ? replacement : $0 })
    }
}
