// The test-isolation hook: resolves outside any test container (the production path:
// one relaxed atomic load decides that no test world is active anywhere) against the
// same resolves inside ScopedTesting's `withContainer`, where every resolve reads the
// task-local world and goes through the test's stand-in container.
import Scoped
import ScopedTesting

enum IsolationRows {
    static func all() -> [Benchmark] {
        let c = Container.shared
        _ = c.bCached()
        return [
            Benchmark("isolation", "Scoped cached, no test container", baseline: true) { n in resolveCached(c, n) },
            Benchmark("isolation", "Scoped cached, inside withContainer") { n in
                withContainer { resolveCached(c, n) }
            },
        ]
    }
}
