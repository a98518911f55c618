import Scoped

/// The three phases of a soak round, run by every thread between barriers.
extension SoakWorld {
    /// Coordinator, everyone else idle: drop last round's world, check that nothing is
    /// alive, then open this round's shared children and lazies.
    func setUpRound(_ round: Int) {
        let old = state.withLock { state -> [ModelContainer] in
            let children = state.children
            state.children = []
            state.lazies = []
            state.results = [:]
            state.lazyResults = [:]
            state.observed = []
            return children
        }
        for child in old.reversed() { child.close() }
        _ = consume old
        root.reset()
        for scope in [Scope.cached, .shared, .scoped, .modelSession, .singleton] { scope.reset() }
        let alive = tracker.alive
        if !alive.isEmpty { fail("round \(round): alive after dropping and resetting everything: \(alive.sorted())") }
        if !tracker.anomalies.isEmpty { fail("round \(round): released twice: \(tracker.anomalies)") }

        let first = root.child("shared1")
        let children = [first, root.child("shared2"), first.child("shared3")]
        let lazies = [
            root.lazy(.cachedProbe, 0), children[0].lazy(.scopedParam, 2),
            children[1].lazy(.uniqueProbe, 0), children[2].lazy(.holder, 0),
        ]
        state.withLock { state in
            state.children = children
            state.lazies = lazies
        }
    }

    /// Everyone at once: the first resolves of a fresh generation. Each thread resolves
    /// every registration through every shared container in its own random order, and
    /// calls every shared lazy. It returns what it got, for the caller to hold until every
    /// thread is done (so `.shared` instances stay held for everyone).
    func firstResolves(thread: Int, round: Int) -> [Probe] {
        var random = SplitMix64(seed: UInt64(round * 1_000 + thread))
        let containers = self.containers
        var plan: [(Int, ModelRegistration, Int)] = []
        for index in containers.indices {
            for registration in ModelRegistration.allCases {
                for parameter in registration.takesParameter ? [0, 1, 2] : [0] {
                    plan.append((index, registration, parameter))
                }
            }
        }
        plan.shuffle(using: &random)
        var held: [Probe] = []
        var results: [OwnerKey: Set<Int>] = [:]
        for (index, registration, parameter) in plan {
            let probe = containers[index].resolve(registration, parameter)
            held.append(probe)
            if let owner = Self.owner(of: registration, resolvedThrough: index) {
                let key = OwnerKey(owner: owner, registration: registration,
                                   parameter: registration.perParameter ? parameter : nil)
                results[key, default: []].insert(probe.id)
            }
        }
        let lazies = state.withLock { $0.lazies }
        var lazyResults: [Int: Int] = [:]
        for (index, lazy) in lazies.enumerated() {
            let probe = lazy()
            held.append(probe)
            lazyResults[index] = probe.id
        }
        let observed = Set(held.flatMap(Self.ids(in:)))
        state.withLock { state in
            state.results.merge(results) { $0.union($1) }
            for (index, id) in lazyResults { state.lazyResults[index, default: []].insert(id) }
            state.observed.formUnion(observed)
            state.firstResolves += plan.count + lazies.count
        }
        return held
    }

    /// Coordinator: every owner handed every thread the same instance, every lazy
    /// resolved once, and no body ran for an instance nobody received.
    func checkFirstResolves(round: Int, createdBefore: Int) {
        let (results, lazyResults, observed) = state.withLock { ($0.results, $0.lazyResults, $0.observed) }
        for (key, ids) in results where ids.count != 1 {
            fail("round \(round): \(key) handed out \(ids.count) instances: \(ids.sorted())")
        }
        for (index, ids) in lazyResults where ids.count != 1 {
            fail("round \(round): shared lazy \(index) resolved to \(ids.sorted())")
        }
        if lazyResults[0] != results[OwnerKey(owner: 0, registration: .cachedProbe, parameter: nil)] {
            fail("round \(round): the lazy over cachedProbe does not hand out the cached instance")
        }
        let created = tracker.created - createdBefore
        if created != observed.count {
            fail("round \(round): \(created) instances created, \(observed.count) handed out (a body ran twice?)")
        }
    }
}
