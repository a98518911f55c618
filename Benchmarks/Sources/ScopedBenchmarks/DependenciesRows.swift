// swift-dependencies' rows. Its values are cached per `DependencyValues` (the live
// value is made once): the equivalent of a cached/singleton resolve. It has no
// per-resolve ("unique") or per-graph construction, so those groups have no row for it.
import Dependencies

private enum BenchServiceKey: DependencyKey {
    static let liveValue = Service(7)
}

extension DependencyValues {
    var benchService: Service {
        get { self[BenchServiceKey.self] }
        set { self[BenchServiceKey.self] = newValue }
    }
}

/// A model that declares its dependency the way swift-dependencies documents it.
struct DependencyHolder {
    @Dependency(\.benchService) var service
}

enum DependenciesRows {
    static func all() -> [Benchmark] {
        let held = DependencyHolder()
        _ = held.service
        return [
            Benchmark("cached", "swift-dependencies read (held @Dependency)") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(held.service) }
                return acc
            },
            Benchmark("cached", "swift-dependencies @Dependency init + read") { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(DependencyHolder().service) }
                return acc
            },
        ]
    }
}
