// What the diagnostics cost a resolve: an event observer installed on another container
// (so the process-wide "someone observes" flag is on, but nobody observes this one).
import Scoped

enum DiagnosticsRows {
    static func all() -> [Benchmark] {
        let c = Container.shared
        _ = c.bCached()
        let elsewhere = Container()
        func withObserverElsewhere(_ body: () -> UInt64) -> UInt64 {
            let token = elsewhere.observe { _ in }
            defer { token.cancel() }
            return body()
        }
        return [
            Benchmark("observer", "Scoped cached, no observer anywhere", baseline: true) { n in resolveCached(c, n) },
            Benchmark("observer", "Scoped cached, observer on another container") { n in
                withObserverElsewhere { resolveCached(c, n) }
            },
            Benchmark("observer", "Scoped unique, no observer anywhere") { n in resolveUnique(c, n) },
            Benchmark("observer", "Scoped unique, observer on another container") { n in
                withObserverElsewhere { resolveUnique(c, n) }
            },
        ]
    }
}
