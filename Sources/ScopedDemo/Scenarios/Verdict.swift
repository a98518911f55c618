/// What an iOS engineer should take from a scenario variant: use the pattern or avoid it,
/// and why, in one line.
struct Verdict: Sendable, Equatable {
    enum Advice: String, Sendable {
        case use
        case avoid
    }

    let advice: Advice
    /// One line: the reason (cards, `--wide`).
    let why: String
    /// The reason in at most ``briefLimit`` characters: the table's "why" column.
    let brief: String

    /// The longest ``brief``: what the 100-column table has room for.
    static let briefLimit = 26

    static func use(_ why: String, brief: String) -> Verdict { Verdict(advice: .use, why: why, brief: brief) }
    static func avoid(_ why: String, brief: String) -> Verdict { Verdict(advice: .avoid, why: why, brief: brief) }

    /// `use — built once per presentation, lazily; released on dismiss`.
    var line: String { "\(advice.rawValue) — \(why)" }
}
