/// One step of a model-based run. Its operands are raw numbers that pick their targets
/// (a held container, a registration, a held reference, …) modulo what exists when the
/// step runs, so any subsequence of a run is itself a valid run: that is what lets a
/// failing run be shrunk and replayed.
///
/// Written as `kind.a.b.c` (`r.3.17.250`): a run replays from the space-separated list
/// in `SCOPED_MODEL_REPLAY`.
struct ModelOperation: Equatable, CustomStringConvertible {
    enum Kind: Character, CaseIterable {
        case resolve = "r"
        case makeLazy = "l"
        case callLazy = "L"
        case dropHeld = "d"
        case register = "g"
        case resetFactory = "f"
        case resetContainer = "c"
        case resetScope = "s"
        case openChild = "o"
        case closeChild = "x"
        case dropChild = "k"
        /// A resolve that builds, with a second thread waiting for the build and a change
        /// (register, reset, close) landing while it runs.
        case raceBuild = "b"

        /// How often the generator picks it, out of the sum of all weights.
        var weight: Int {
            switch self {
            case .resolve: return 40
            case .makeLazy: return 5
            case .callLazy: return 6
            case .dropHeld: return 12
            case .register: return 6
            case .resetFactory: return 5
            case .resetContainer: return 2
            case .resetScope: return 3
            case .openChild: return 8
            case .closeChild: return 5
            case .dropChild: return 5
            case .raceBuild: return 4
            }
        }
    }

    var kind: Kind
    var a: Int
    var b: Int
    var c: Int

    var description: String { "\(kind.rawValue).\(a).\(b).\(c)" }

    /// Parses `r.3.17.250`.
    init?(_ text: Substring) {
        let parts = text.split(separator: ".")
        guard parts.count == 4, parts[0].count == 1, let kind = Kind(rawValue: parts[0].first!),
              let a = Int(parts[1]), let b = Int(parts[2]), let c = Int(parts[3]) else { return nil }
        self.init(kind: kind, a: a, b: b, c: c)
    }

    init(kind: Kind, a: Int, b: Int, c: Int) {
        self.kind = kind
        self.a = a
        self.b = b
        self.c = c
    }

    /// The run of `count` operations that `seed` stands for.
    static func run(seed: UInt64, count: Int) -> [ModelOperation] {
        var random = SplitMix64(seed: seed)
        let total = Kind.allCases.reduce(0) { $0 + $1.weight }
        return (0..<count).map { _ in
            var pick = random.below(total)
            var kind = Kind.resolve
            for candidate in Kind.allCases {
                if pick < candidate.weight {
                    kind = candidate
                    break
                }
                pick -= candidate.weight
            }
            return ModelOperation(kind: kind, a: random.below(1000), b: random.below(1000), c: random.below(1000))
        }
    }

    /// Parses a space-separated list of operations.
    static func parse(_ text: String) -> [ModelOperation]? {
        let operations = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," }).map(ModelOperation.init)
        guard !operations.contains(where: { $0 == nil }) else { return nil }
        return operations.compactMap { $0 }
    }
}
