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
            Benchmark("observer", "Scoped cached, no observer anywhere", baseline: true) { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(c.bCached()) }
                return acc
            },
            Benchmark("observer", "Scoped cached, observer on another container") { n in
                withObserverElsewhere {
                    var acc: UInt64 = 0
                    for _ in 0..<n { acc &+= fold(c.bCached()) }
                    return acc
                }
            },
            Benchmark("observer", "Scoped unique, no observer anywhere") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= keep(c.bUnique()) }
                return acc
            },
            Benchmark("observer", "Scoped unique, observer on another container") { n in
                withObserverElsewhere {
                    var acc: UInt64 = 0
                    for _ in 0..<n { acc &+= keep(c.bUnique()) }
                    return acc
                }
            },
        ]
    }
}
