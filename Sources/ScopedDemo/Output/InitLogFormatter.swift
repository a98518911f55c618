/// `--format initlog`: the trace in the format of seed 001's own log — one line per
/// view-model `init` and `deinit`, in order, with the body evaluations of the view whose
/// timer drives the re-renders and the refresh that triggers each:
///
/// ```
/// ScopedDemo.HomeViewModel init()
/// 1 HomeView.body accessed
/// ScopedDemo.BottomBarViewModel init(entryStore:)
/// Triggering HomeView refresh
/// 2 HomeView.body accessed
/// ```
///
/// Services (EntryStore) are left out, as the article's log leaves out its container.
enum InitLogFormatter {
    static func render(_ result: VariantResult) -> String {
        let viewModels = Set(result.viewModels.map(\.label))
        let drivers = Set(result.events.filter { $0.kind == .timer }.map(\.subject))
        var lines = ["// " + TextLayout.header(result).dropFirst(3)]
        for event in result.events {
            switch event.kind {
            case .initialized where viewModels.contains(event.subject):
                lines.append("ScopedDemo.\(typeName(event.subject)) \(signature(event.detail))")
            case .deinitialized where viewModels.contains(event.subject):
                lines.append("ScopedDemo.\(typeName(event.subject)) deinit")
            case .timer where drivers.contains(event.subject):
                lines.append("Triggering \(event.subject) refresh")
            case .body where drivers.contains(event.subject):
                lines.append("\(event.detail.dropFirst("body #".count)) \(event.subject).body accessed")
            default:
                continue
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `BottomBarViewModel#2` → `BottomBarViewModel`.
    private static func typeName(_ label: String) -> String {
        String(label.prefix { $0 != "#" })
    }

    /// The initialiser's signature from the trace's detail: `init(entryStore: EntryStore#1) · …`
    /// → `init(entryStore:)`, `initialValue: 42 · …` → `init(initialValue:)`, nothing → `init()`.
    private static func signature(_ detail: String) -> String {
        var arguments = String(detail.split(separator: "·").first ?? "").trimmingSpaces
        if arguments.hasPrefix("built") { arguments = "" }
        if arguments.hasPrefix("init(") { arguments = String(arguments.dropFirst(5).dropLast()) }
        let labels = arguments.split(separator: ",").compactMap { part in
            part.split(separator: ":").first.map { String($0).trimmingSpaces + ":" }
        }
        return "init(\(labels.joined()))"
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
