import Scoped

/// The churn phase: every thread at once runs random operations — resolves of every
/// scope, lazies, overrides, factory/container/scope resets, opening, closing and
/// dropping lifetime scopes — with no expectation but the invariants checked afterwards.
extension SoakWorld {
    private struct OwnChild {
        let container: ModelContainer
        /// Its parent, grandparent, …: closing any of them closes it.
        let ancestors: [ModelContainer]
    }

    /// Runs `count` random operations on this thread, advancing `progress` after each.
    func churn(thread: Int, round: Int, count: Int, progress: ScenarioProgress) {
        var random = SplitMix64(seed: UInt64(round * 7_919 + thread * 104_729))
        let shared = containers
        var own: [OwnChild] = []
        var held: [Probe] = []
        var lazies: [Lazy<Probe>] = []
        let registrations = ModelRegistration.allCases
        for _ in 0..<count {
            let open = shared + own.map(\.container)
            let registration = registrations[random.below(registrations.count)]
            let parameter = random.below(3)
            let roll = random.below(100)
            switch roll {
            case 0..<40:
                let probe = open[random.below(open.count)].resolve(registration, parameter)
                if random.below(2) == 0 && held.count < 12 { held.append(probe) }
            case 40..<46:
                if lazies.count < 6 { lazies.append(shared[random.below(shared.count)].lazy(registration, parameter)) }
            case 46..<54:
                if !lazies.isEmpty {
                    let probe = lazies[random.below(lazies.count)]()
                    if held.count < 12 { held.append(probe) }
                }
            case 54..<64:
                if !held.isEmpty { held.remove(at: random.below(held.count)) }
                if !lazies.isEmpty && random.below(3) == 0 { lazies.remove(at: random.below(lazies.count)) }
            case 64..<71:
                if own.count < 3 {
                    let parent = open[random.below(open.count)]
                    let above = own.first { $0.container === parent }?.ancestors ?? []
                    own.append(OwnChild(container: parent.child("t\(thread)"), ancestors: [parent] + above))
                }
            case 71..<75:
                if !own.isEmpty {
                    let closing = own[random.below(own.count)].container
                    closing.close()
                    own.removeAll { child in
                        child.container === closing || child.ancestors.contains { $0 === closing }
                    }
                }
            case 75..<79:
                if !own.isEmpty { own.remove(at: random.below(own.count)) }
            case 79..<85:
                if !own.isEmpty && registration != .cachedProbe && random.below(2) == 0 {
                    own[random.below(own.count)].container.registerOverride(registration, variant: parameter)
                } else {
                    if registration == .cachedProbe { countCachedDrop() }
                    root.registerOverride(registration, variant: parameter)
                }
            case 85..<90:
                if !own.isEmpty && random.below(2) == 0 {
                    own[random.below(own.count)].container.resetFactory(registration)
                } else {
                    if registration == .cachedProbe { countCachedDrop() }
                    root.resetFactory(registration)
                }
            case 90..<93:
                if !own.isEmpty { own[random.below(own.count)].container.reset() }
            case 93..<95:
                countCachedDrop()
                root.reset()
            default:
                let scopes = [Scope.cached, .shared, .scoped, .modelSession, .singleton]
                let scope = scopes[random.below(scopes.count)]
                if scope === Scope.cached { countCachedDrop() }
                scope.reset()
            }
            progress.advance()
        }
        state.withLock { $0.operations += count }
    }

    private func countCachedDrop() {
        state.withLock { $0.cachedDrops += 1 }
    }

    /// Coordinator, after the churn: no instance was released twice, and the root's
    /// `cachedProbe` was built at most once per operation that could have dropped it
    /// (it existed when the churn began): exactly-once creation under concurrent
    /// resolves and resets.
    func checkChurn(round: Int, cachedBuiltBefore: Int, dropsBefore: Int) {
        let built = Self.cachedBuilds(tracker.createdByTag) - cachedBuiltBefore
        let drops = state.withLock { $0.cachedDrops } - dropsBefore
        if built > drops {
            fail("round \(round): cachedProbe built \(built) times after only \(drops) operations that could drop it")
        }
        if !tracker.anomalies.isEmpty { fail("round \(round): released twice: \(tracker.anomalies)") }
    }

    /// How many instances `cachedProbe`'s bodies (declared or overridden) have made.
    static func cachedBuilds(_ byTag: [String: Int]) -> Int {
        byTag.filter { $0.key == "cached" || $0.key.hasPrefix("cached/") }.values.reduce(0, +)
    }
}
