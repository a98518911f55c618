import Testing
@testable import ScopedDemo

/// One figure a seed article states, the quote that states it, and where the demo
/// reproduces it: a scenario variant's run and what to measure there.
struct SeedClaim: Sendable, CustomTestStringConvertible {
    /// Whose figure `expected` is.
    enum Basis: Sendable, Equatable {
        /// The seed states it (or the fact the run measures).
        case seed
        /// The simulation's own figure (its clock, its seeded numbers, its three rows): the
        /// row pins the demo's output around a fact the seed states without the number.
        case simulation(String)
        /// The demo runs the seed's code as written and the seed's claim does not hold: why.
        case disagreement(String)
        /// The figure of the model of SwiftUI the row runs on (Tests/SwiftUIModel): the rule,
        /// with the Apple page it follows, and what the demo's simulation said before (issue #39).
        case model(String)

        var tag: String {
            switch self {
            case .seed: "seed"
            case .simulation: "simulation's figure"
            case .disagreement: "disagrees with the seed"
            case .model: "model's figure"
            }
        }
    }

    /// What to read from a variant's run.
    enum Measure: Sendable, CustomStringConvertible {
        /// View-model `init`s.
        case inits
        /// Whether every view model was built by the view that shows it (`yes`/`no`).
        case lazy
        /// Whether the count survived (`yes`/`no`).
        case stateKept
        /// How many instances of the type were built.
        case built(String)
        /// The ticks the type's instances were built in (`1 9`).
        case builtTicks(String)
        /// The ticks the type's instances were released in (`7 11`).
        case releasedTicks(String)
        /// Where the type's instances were built, sorted and deduplicated.
        case builtWhere(String)
        /// How many times the view's `body` ran.
        case bodies(String)
        /// The most view models alive at once.
        case mostAlive
        /// The ticks `@StateObject`/`@State` kept an instance and ignored a new description's.
        case keptTicks
        /// The tick a `Text` first showed this string (`t3`).
        case shown(String)
        /// What the last `Text` starting with the prefix showed by the end of the tick.
        case showing(String, atTick: Int)
        /// Subscriptions opened/cancelled (`2/2`).
        case subscriptions

        var description: String {
            switch self {
            case .inits: "view-model inits"
            case .lazy: "built lazily"
            case .stateKept: "state kept"
            case .built(let type): "\(type) built"
            case .builtTicks(let type): "\(type) built at ticks"
            case .releasedTicks(let type): "\(type) released at ticks"
            case .builtWhere(let type): "\(type) built where"
            case .bodies(let view): "\(view).body runs"
            case .mostAlive: "most view models alive at once"
            case .keptTicks: "kept (new description ignored) at ticks"
            case .shown(let text): "\"\(text)\" first shown at"
            case .showing(let prefix, let tick): "\"\(prefix)…\" shown at t\(tick)"
            case .subscriptions: "subscriptions opened/cancelled"
            }
        }

        /// The measure's value in `result`.
        func value(in result: VariantResult) -> String {
            func of(_ type: String) -> [InstanceSummary] { result.instances.filter { $0.label.hasPrefix(type + "#") } }
            switch self {
            case .inits: return String(result.inits)
            case .lazy: return TextLayout.yesNo(result.builtLazily)
            case .stateKept: return TextLayout.yesNo(result.stateKept)
            case .built(let type): return String(of(type).count)
            case .builtTicks(let type): return of(type).map { String($0.builtTick) }.joined(separator: " ")
            case .releasedTicks(let type): return of(type).map { $0.releasedTick.map(String.init) ?? "-" }.joined(separator: " ")
            case .builtWhere(let type): return Set(of(type).map(\.builtWhere)).sorted().joined(separator: " | ")
            case .bodies(let view): return String(result.events.filter { $0.kind == .body && $0.subject == view }.count)
            case .mostAlive: return String(result.mostAlive)
            case .keptTicks: return result.events.filter { $0.kind == .keep }.map { String($0.tick) }.joined(separator: " ")
            case .shown(let text):
                return result.events.first { $0.kind == .text && $0.detail == "\"\(text)\"" }.map { "t\($0.tick)" } ?? "never"
            case .showing(let prefix, let tick):
                let texts = result.events.filter { $0.kind == .text && $0.tick <= tick && $0.detail.hasPrefix("\"" + prefix) }
                return texts.last.map { String($0.detail.dropFirst().dropLast()) } ?? "nothing"
            case .subscriptions: return "\(result.subscriptionsOpened)/\(result.subscriptionsCancelled)"
            }
        }
    }

    /// The seed file (in `../shared/seeds/`).
    let seed: String
    /// At most 15 words of the article, verbatim.
    let quote: String
    /// The scenario that reproduces it, and which of its variants (0-based).
    let scenario: String
    let variant: Int
    /// The `@State` the run simulates (scenario 5 depends on it).
    var stateSDK: StateSDK = .xcode26
    let measure: Measure
    /// What the article's statement means for that run, at seed 42 and 12 ticks.
    let expected: String
    /// Whose figure `expected` is.
    var basis: Basis = .seed

    var testDescription: String {
        "\(seed.prefix(3)) “\(quote)” → \(scenario)#\(variant) \(measure) = \(expected) [\(basis.tag)]"
    }
}
