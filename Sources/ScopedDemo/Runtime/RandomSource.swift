/// The seeded random numbers the parent picks every 2 seconds (SplitMix64): the same seed
/// gives the same numbers on every platform and Swift version, so the trace is
/// deterministic.
@MainActor
final class RandomSource {
    private var state: UInt64

    /// A generator that starts from `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next number in `0..<100`.
    func next() -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % 100)
    }
}
