// Does resolve time depend on how many registrations exist? Scoped: generated cached
// factories (Sources/GeneratedRegistrations), each container holding 1, 100 or all of
// them resolved. Swinject: the same counts registered at run time, by name.
import GeneratedRegistrations
import Scoped
import Swinject

enum RegistrationRows {
    static let sizes = [1, 100, registrationCount]

    static func all() -> [Benchmark] {
        var rows: [Benchmark] = []
        for size in sizes {
            let c = Scoped.Container()
            for i in 0..<size { _ = resolveRegistration(c, i) }
            let label = size.description.withThousands
            rows.append(Benchmark("registrations", "Scoped \(label), hot key", baseline: size == 1) { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(resolveRegistration(c, 0)) }
                return acc
            })
            if size > 1 {
                rows.append(Benchmark("registrations", "Scoped \(label), round-robin") { n in
                    var acc: UInt64 = 0
                    var index = 0
                    for _ in 0..<n {
                        acc &+= fold(resolveRegistration(c, index))
                        index += 1
                        if index == size { index = 0 }
                    }
                    return acc
                })
            }
        }
        for size in sizes {
            let sc = Swinject.Container()
            let names = (0..<size).map { "r\($0)" }
            for (i, name) in names.enumerated() {
                sc.register(RegService.self, name: name) { _ in RegService(i) }.inObjectScope(.container)
                _ = sc.resolve(RegService.self, name: name)
            }
            let label = size.description.withThousands
            let hot = names[0]
            rows.append(Benchmark("registrations (Swinject)", "Swinject \(label), hot key", baseline: size == 1) { n in
                var acc: UInt64 = 0
                for _ in 0..<n { acc &+= fold(sc.resolve(RegService.self, name: hot)!) }
                return acc
            })
            if size > 1 {
                rows.append(Benchmark("registrations (Swinject)", "Swinject \(label), round-robin") { n in
                    var acc: UInt64 = 0
                    var index = 0
                    for _ in 0..<n {
                        acc &+= fold(sc.resolve(RegService.self, name: names[index])!)
                        index += 1
                        if index == size { index = 0 }
                    }
                    return acc
                })
            }
        }
        return rows
    }
}
