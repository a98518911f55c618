// Concurrency rule: these are the values a `LifecycleTracker` keeps inside its
// `Locked<TrackerState>`; they are only touched under that lock, except
// `TrackerRecord.observedState`, which loads a weak reference and must be called on a
// copy after unlocking.
import Scoped
import Testing

/// A weak reference to an observed object.
final class WeakObject {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// Everything known about one instance.
struct TrackerRecord {
    var instance: ObjectIdentifier?
    var dynamicType: String?
    var registeredType: String?
    var registration: String?
    var parameter: String?
    var scope: String?
    var container: String?
    var sourceLocation: SourceLocation?
    var chain: [String] = []
    var initSeen = false
    var deinitSeen = false
    var createdSeen = false
    var releasedByScope = false
    /// Another object now has this identity, so this one is gone.
    var replaced = false
    var weak: WeakObject?

    init(instance: ObjectIdentifier?) { self.instance = instance }

    var isKnownGone: Bool { deinitSeen || replaced }

    /// A `didInit` whose factory's `.created` event has not arrived yet.
    var isPendingInit: Bool { initSeen && !createdSeen && !isKnownGone && registration == nil }

    mutating func apply(_ event: LifecycleEvent) {
        createdSeen = true
        registeredType = event.typeName
        registration = event.registration
        parameter = event.parameter
        scope = event.scope
        container = event.container
    }

    /// Reads the weak reference: call only with the tracker's lock released.
    var observedState: TrackedInstance.State {
        if isKnownGone { return .deinitialized }
        if let weak { return weak.object == nil ? .deinitialized : .alive }
        if initSeen { return .alive }
        return releasedByScope ? .releasedByScope : .unobserved
    }
}

struct TrackerState {
    var records: [TrackerRecord] = []
    /// The newest record of each identity still in use.
    var latest: [ObjectIdentifier: Int] = [:]

    @discardableResult
    mutating func append(_ record: TrackerRecord) -> Int {
        records.append(record)
        let index = records.count - 1
        if let id = record.instance, !record.isKnownGone { latest[id] = index }
        return index
    }

    /// A new object has identity `id`: the one recorded under it before is gone.
    mutating func markReplaced(_ id: ObjectIdentifier) {
        guard let index = latest.removeValue(forKey: id) else { return }
        records[index].replaced = true
    }
}
