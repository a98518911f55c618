/// What a traced instance is for: view models are what the summary counts; services
/// (such as the entry store) appear in the trace but not in the counts.
enum InstanceRole: Sendable {
    case viewModel
    case service
}

/// The lifeline of one traced instance: its label, when it was built and released, where
/// it was built and which view first read it.
///
/// Records are separate objects from the instances they describe, so keeping a record
/// (in the trace, in a node's subscriptions) never keeps the instance alive.
@MainActor
final class InstanceRecord {
    /// `CounterViewModel#3`: type name and per-type instance number within the run.
    let label: String
    /// The instance's type name.
    let typeName: String
    /// What the instance is for.
    let role: InstanceRole
    /// The tick its `init` ran in.
    let builtTick: Int
    /// The node whose mounting or `body` was running when it was built (nil: outside rendering).
    let builtBy: RenderActivity?
    /// The tick its `deinit` ran in, if it has.
    private(set) var releasedTick: Int?
    /// The first node whose `body` read it.
    private(set) var firstReaderNodeID: Int?
    /// Ticks (after the one it was built in) in which a render read it or Scoped handed it out again.
    private(set) var reusedTicks: [Int] = []

    init(label: String, typeName: String, role: InstanceRole, builtTick: Int, builtBy: RenderActivity?) {
        self.label = label
        self.typeName = typeName
        self.role = role
        self.builtTick = builtTick
        self.builtBy = builtBy
    }

    /// Whether the view that first displayed it is the one that built it (when it was
    /// mounted, or in its own `body`): built lazily, not while a parent made a description.
    var builtLazily: Bool {
        guard let builtBy, let firstReaderNodeID else { return false }
        return builtBy.nodeID == firstReaderNodeID
    }

    /// Whether a view's `body` ever read it.
    var wasShown: Bool { firstReaderNodeID != nil }

    /// Whether its `deinit` has run.
    var isReleased: Bool { releasedTick != nil }

    func markReleased(at tick: Int) {
        releasedTick = tick
    }

    func markRead(byNode nodeID: Int, at tick: Int) {
        if firstReaderNodeID == nil { firstReaderNodeID = nodeID }
        markReused(at: tick)
    }

    func markReused(at tick: Int) {
        guard tick != builtTick, reusedTicks.last != tick else { return }
        reusedTicks.append(tick)
    }
}
