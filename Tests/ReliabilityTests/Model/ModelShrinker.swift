/// Shrinks a failing run to a shorter one that still fails (delta debugging: drop chunks
/// of operations, halving the chunk size, while the run keeps failing).
enum ModelShrinker {
    /// Returns the shortest failing run found within `budget` re-runs (their steps advance
    /// `progress`).
    static func shrink(
        _ operations: [ModelOperation], in world: ModelRunner.World = .isolated, budget: Int = 2000,
        progress: ScenarioProgress? = nil
    ) -> [ModelOperation] {
        var current = truncatedToFailure(operations, in: world, progress: progress) ?? operations
        var runs = 0
        var chunk = max(current.count / 2, 1)
        while runs < budget {
            var start = 0
            var removedAny = false
            while start < current.count, runs < budget {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, current.count))
                runs += 1
                if let failing = truncatedToFailure(candidate, in: world, progress: progress) {
                    current = failing
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if chunk == 1 && !removedAny { break }
            if !removedAny { chunk = max(chunk / 2, 1) }
        }
        return current
    }

    /// The prefix of `operations` up to its first mismatch, or nil when it passes.
    private static func truncatedToFailure(
        _ operations: [ModelOperation], in world: ModelRunner.World, progress: ScenarioProgress?
    ) -> [ModelOperation]? {
        guard let failure = ModelRunner.run(operations, in: world, progress: progress).failure else { return nil }
        guard failure.step >= 0, failure.step < operations.count else { return operations }
        return Array(operations[...failure.step])
    }
}
