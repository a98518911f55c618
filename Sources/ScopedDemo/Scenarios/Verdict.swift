/// What an iOS engineer should take from a scenario variant: use the pattern or avoid it,
/// and why, in one line.
struct Verdict: Sendable, Equatable {
    enum Advice: String, Sendable {
        case use
        case avoid
    }

    let advice: Advice
    /// One line: the reason.
    let why: String

    static func use(_ why: String) -> Verdict { Verdict(advice: .use, why: why) }
    static func avoid(_ why: String) -> Verdict { Verdict(advice: .avoid, why: why) }

    /// `use — built once per presentation, lazily; released on dismiss`.
    var line: String { "\(advice.rawValue) — \(why)" }
}
