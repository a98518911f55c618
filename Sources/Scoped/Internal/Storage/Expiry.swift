// Concurrency rule: `ManualClock.nanoseconds` (a leaf `Locked`, Locked.swift) guards a test
// world's time; nothing else here has state. Clocks are read before a storage's lock, never
// under it. `.timeToLive`: a stored instance carries a deadline (`StoredEntry.deadline`); the
// lock-free read checks it against the monotonic clock (`ContainerNode.fastReadExpiring`),
// everything else drops an expired instance under the storage's lock (`dropExpired`).

/// A test world's clock, moved only by its test (ScopedTesting's `TimeToLiveClock`).
package final class ManualClock: Sendable {
    private let nanoseconds = Locked<UInt64>(0)
    package init() {}
    package var now: UInt64 { nanoseconds.withLock { $0 } }  // the clock's time, in nanoseconds since it was made
    package func advance(nanoseconds delta: UInt64) {
        nanoseconds.withLock { $0 = $0.addingReportingOverflow(delta).overflow ? .max : $0 + delta }
    }
}

/// How `.timeToLive(_:)` tells an instance's age.
package enum Expiry {
    package static let forever = UInt64.max  // a lifespan that never ends: an instance without a time to live
    package static let noClock = UInt64.max  // the time a read gives when it has no clock: past every deadline
    /// The current container world's test clock; nil for the platform's monotonic clock.
    package static var currentClock: ManualClock? {
        Switches.now.contains(.worlds) ? WorldNode.current?.clock : nil
    }
    package static func now(on clock: ManualClock?) -> UInt64 {
        clock?.now ?? Platform.monotonicNanoseconds
    }
    /// The deadline of an instance stored now with `lifespan`: 0 (none) for ``forever``.
    package static func deadline(lifespan: UInt64, on clock: ManualClock?) -> UInt64 {
        guard lifespan != forever else { return 0 }
        let (sum, overflow) = now(on: clock).addingReportingOverflow(lifespan)
        // Never 0, which means "no deadline": a test clock starts at 0.
        return overflow ? .max - 1 : max(sum, 1)
    }

    /// `seconds` as a lifespan in nanoseconds (``forever`` for infinity).
    package static func lifespan(_ seconds: Double, of key: RegistrationKey) -> UInt64 {
        guard seconds >= 0 else {
            ScopedFailure.stop(
                "\(key) has .timeToLive(\(seconds)); give a number of seconds of 0 or more", declaredBy: [key])
        }
        let nanoseconds = seconds * 1_000_000_000
        return nanoseconds >= Double(UInt64.max - 1) ? forever : UInt64(nanoseconds)
    }

    /// Stops: `.timeToLive` on a factory whose scope keeps no instance (`.unique`, `.graph`).
    package static func stopUnheld(_ key: RegistrationKey, seconds: Double, scope: Scope) -> Never {
        ScopedFailure.stop(
            "\(key) has .timeToLive(\(seconds)) but its scope, \(scope.name), keeps no instance to expire; "
                + "give it a caching scope (.cached, .shared, .scoped, .singleton or a custom one) or remove .timeToLive",
            declaredBy: [key])
    }
}

extension InstanceStorage {
    func dropExpired(_ key: StorageKey, reportedBy owner: ContainerNode, clock: ManualClock?) {
        let (hash, now) = (key.registration.quickHash, Expiry.now(on: clock))
        guard let expired = state.withLock({ $0.table.removeExpired(key, hash: hash, now: now) }) else { return }
        if Switches.now.contains(.observers) {
            (expired.reporter ?? owner).emit(.released, key: expired.key, scope: expired.scope, instance: expired.instance)
        }
        _ = consume expired
    }
}
