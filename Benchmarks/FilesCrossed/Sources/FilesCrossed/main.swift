// Runs one operation at a time between a reset of the coverage counters and a write of
// them to `<dir>/<operation>.profraw`; files-crossed.sh lists the files each one touched.
import Scoped

@_silgen_name("__llvm_profile_reset_counters") func resetCounters()
@_silgen_name("__llvm_profile_write_file") func writeCounters() -> Int32
@_silgen_name("__llvm_profile_set_filename") func setCountersFile(_ name: UnsafePointer<CChar>)

final class Thing: Sendable {}

extension Container {
    var cachedThing: Factory<Thing> { self { Thing() }.cached }
    var scopedThing: Factory<Thing> { self { Thing() }.scoped }
    var asyncThing: AsyncFactory<Thing> { self { await Task.yield(); return Thing() }.cached }
}

let directory = CommandLine.arguments.dropFirst().first ?? "."

func measure(_ name: String, _ operation: () async throws -> Void) async rethrows {
    resetCounters()
    try await operation()
    setCountersFile("\(directory)/\(name).profraw")
    _ = writeCounters()
}

let container = Container()
// Warm every path once (one-time initialisation is not what a reader walks through).
_ = container.cachedThing()
do { let warm = container.child("warm"); _ = warm.scopedThing(); warm.close() }
_ = try await Container().asyncThing()

await measure("cached-hit") { _ = container.cachedThing() }
let flow = container.child("flow")
await measure("first-scoped-build-in-child") { _ = flow.scopedThing() }
let fresh = Container()
try await measure("async-first-build-two-racing-callers") {
    async let first = fresh.asyncThing()
    async let second = fresh.asyncThing()
    _ = try await (first, second)
}
await measure("close") { flow.close() }
