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
    /// Whether ``sourceLocation`` is a `watch` call's, not a `didInit`'s (where it was built).
    var locatedByWatch = false
    var chain: [String] = []
    var initSeen = false
    var deinitSeen = false
    var createdSeen = false
    var releasedByScope = false
    /// Another object now has this identity, so this one is gone.
    var replaced = false
    var weak: WeakObject?
    /// Which record of its ``name`` it was when appended (1, 2, …): its ordinal until a
    /// record is renamed (see ``TrackerState/renamed``).
    var ordinalWhenAppended = 0

    init(instance: ObjectIdentifier?) { self.instance = instance }

    /// The name it is counted under: the name or type its `didInit`/`watch` gave, else
    /// the type its registration produces.
    var name: String { dynamicType ?? registeredType ?? "?" }

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
    /// The `misuse` events seen, in order.
    var misuses: [LifecycleEvent.Misuse] = []
    /// The newest record of each identity still in use.
    var latest: [ObjectIdentifier: Int] = [:]
    /// The `didInit` and `didDeinit` calls, in order: which, and the record's index.
    var timeline: [(kind: LifecycleTracker.TimelineEntry.Kind, record: Int)] = []
    /// How many records each name has had so far.
    private var counts: [String: Int] = [:]
    /// Whether a record's name has changed since it was appended (`watch` naming an
    /// instance first seen through the event stream by its dynamic type): ordinals must
    /// then be counted again.
    private var renamed = false

    @discardableResult
    mutating func append(_ record: TrackerRecord) -> Int {
        var record = record
        counts[record.name, default: 0] += 1
        record.ordinalWhenAppended = counts[record.name]!
        records.append(record)
        let index = records.count - 1
        if let id = record.instance, !record.isKnownGone { latest[id] = index }
        return index
    }

    /// Gives the record at `index` the dynamic type name `typeName`.
    mutating func rename(_ index: Int, to typeName: String) {
        if records[index].name != typeName { renamed = true }
        records[index].dynamicType = typeName
    }

    /// Which record of its name the one at `index` is (1, 2, …): in the order records
    /// were appended, by their names now.
    func ordinal(at index: Int) -> Int {
        guard renamed else { return records[index].ordinalWhenAppended }
        let name = records[index].name
        return records[...index].lazy.filter { $0.name == name }.count
    }

    /// A new object has identity `id`: the one recorded under it before is gone.
    mutating func markReplaced(_ id: ObjectIdentifier) {
        guard let index = latest.removeValue(forKey: id) else { return }
        records[index].replaced = true
    }
}
