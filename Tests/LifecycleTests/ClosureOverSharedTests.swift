import Testing
@testable import ScopedDemo

/// Seed 004's `private let viewModel: () -> CounterViewModel` over `.shared`: a fresh
/// instance at every call unless something else holds one.
@Suite struct ClosureOverSharedTests {
    @MainActor
    @Test func nothingHoldsItSoEveryBodyRunAndEveryTapBuildsOne() throws {
        let result = try results(of: "lazy-shared")[0]
        let bodies = result.events.filter { $0.kind == .body && $0.subject == "ClosureCounterView" }.map(\.tick)
        let taps = result.events.filter { $0.kind == .tap && $0.subject == "\"Increment\"" }.map(\.tick)
        #expect(result.viewModels.map(\.builtTick) == (bodies + taps).sorted())
        // Each one goes in the tick it was built in: `.shared` holds weakly.
        #expect(result.viewModels.allSatisfy { $0.releasedTick == $0.builtTick })
        #expect(result.stateKept == false)
    }

    @MainActor
    @Test func aHolderMakesSharedHandTheSameOneBack() throws {
        let held = try results(of: "lazy-shared")[1]
        #expect(held.events.filter { $0.kind == .scopedReused }.map(\.tick) == [2, 4, 6, 10])
        #expect(held.stateKept == true)
    }
}
