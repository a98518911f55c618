// Concurrency rule: `ManualClock.nanoseconds` (one `Locked`, a leaf of the lock inventory
// in Locked.swift) guards a test world's time; nothing else here has state. Clocks are
// read before a storage's lock is taken, never under it.
//
// `.timeToLive(_:)`: an instance a caching scope stores for a factory with a time to live
// carries a deadline (`StoredEntry.deadline`), the clock's time when it was stored plus
// the time to live. It is published to the lock-free `HeldIndex` with its deadline
// (`HeldSlot.read(at:)`; not on 32-bit watchOS, where a deadline does not fit a word), so
// a resolve outside any container world reads a young instance without a lock, against
// the platform's monotonic clock (`ContainerNode.fastReadExpiring`); the lock-free read of
// a factory without one never looks at deadlines. Everything else — an expired instance,
// a container world (whose clock may be a test's), an override, an observer — goes to
// `beginBuild`/`resolveAsync`, which drop it under the storage's lock once it is older
// than its time to live (`InstanceStorage.dropExpired`) and then claim as usual: one
// rebuild however many threads or tasks ask. Factories without one never read a clock.

/// A test world's clock: it moves only when a test advances it (`TimeToLiveClock` of
/// ScopedTesting), so that time-to-live tests need no sleeps and parallel tests do not
/// share time.
package final class ManualClock: Sendable {
    private let nanoseconds = Locked<UInt64>(0)

    package init() {}

    /// The clock's time, in nanoseconds since it was made.
    package var now: UInt64 { nanoseconds.withLock { $0 } }

    /// Moves the clock forward by `nanoseconds`.
    package func advance(nanoseconds delta: UInt64) {
        nanoseconds.withLock { $0 = $0.addingReportingOverflow(delta).overflow ? .max : $0 + delta }
    }
}

/// How `.timeToLive(_:)` tells an instance's age.
package enum Expiry {
    /// A lifespan that never ends: an instance without a time to live.
    package static let forever = UInt64.max

    /// The time a read gives when it has no clock: past every deadline (deadlines are
    /// below it, ``deadline(lifespan:on:)``), so only instances without one are fresh.
    package static let noClock = UInt64.max

    /// The clock of the current container world: its test clock, or nil for the
    /// platform's monotonic clock.
    package static var currentClock: ManualClock? {
        Switches.now.contains(.worlds) ? WorldNode.current?.clock : nil
    }

    /// The time on `clock` (nil: the platform's monotonic clock), in nanoseconds.
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

    /// `seconds` as a lifespan in nanoseconds (``forever`` for infinity); stops for a
    /// negative or NaN time to live, naming the registration.
    package static func lifespan(_ seconds: Double, of key: RegistrationKey) -> UInt64 {
        guard seconds >= 0 else {
            ScopedFailure.stop(
                "\(key) has .timeToLive(\(seconds)); give a number of seconds of 0 or more", declaredBy: [key])
        }
        let nanoseconds = seconds * 1_000_000_000
        return nanoseconds >= Double(UInt64.max - 1) ? forever : UInt64(nanoseconds)
    }

    /// Stops: `.timeToLive` on a factory whose scope keeps no instance (`.unique`,
    /// `.graph`), which would otherwise be ignored.
    package static func stopUnheld(_ key: RegistrationKey, seconds: Double, scope: Scope) -> Never {
        ScopedFailure.stop(
            "\(key) has .timeToLive(\(seconds)) but its scope, \(scope.name), keeps no instance to expire; "
                + "give it a caching scope (.cached, .shared, .scoped, .singleton or a custom one) or remove .timeToLive",
            declaredBy: [key])
    }
}

extension InstanceStorage {
    /// Drops the instance held for `key` if it is older than its time to live, and reports
    /// its release as `owner` (the node that owns this storage; a singleton's reporter is
    /// the root that resolved it). Runs no `deinit` under a lock: the entry is released here.
    func dropExpired(_ key: StorageKey, reportedBy owner: ContainerNode, clock: ManualClock?) {
        let (hash, now) = (key.registration.quickHash, Expiry.now(on: clock))
        guard let expired = state.withLock({ $0.table.removeExpired(key, hash: hash, now: now) }) else { return }
        if Switches.now.contains(.observers) {
            (expired.reporter ?? owner).emit(.released, key: expired.key, scope: expired.scope, instance: expired.instance)
        }
        _ = consume expired
    }
}
