// Concurrency rule: `state` (a `Locked`) guards everything recorded so far. Events arrive
// on whatever thread resolved; the clock is read before locking and each event is folded
// in under the lock, which is never held while user code runs (the recorder calls none).

/// Records the lifetimes a container and its lifetime scopes manage, from their event
/// stream, as a Trace Event format file that Perfetto (ui.perfetto.dev) and
/// `chrome://tracing` open.
///
/// The file has one track (a thread, in the format's terms) per container and lifetime
/// scope, named after it (`root#1`, `checkout#7`); a scope's own life is a slice on its
/// track, and each instance is a slice from its creation to its release, labelled with its
/// registration and type (`cart (CartViewModel)`). An arrow (a flow) goes from each
/// factory body to what it resolved. Leaks, captive dependencies, stalled builds and
/// resets are instants on the track of the container that reported them.
///
/// ```swift
/// let recorder = TraceRecorder(recording: Container.shared)
/// let checkout = Container.shared.child("checkout")
/// _ = checkout.cart()
/// checkout.close()
/// let json = recorder.json()   // write it to a file, open it in ui.perfetto.dev
/// recorder.stop()
/// ```
///
/// Scoped sees when a scope releases an instance, not when the instance deinits: a
/// `.unique`, `.graph` or `.shared` instance's slice runs to the end of the trace unless
/// you call ``recordDeinit(_:)`` from its `deinit`. Slices that would overlap without
/// nesting on one track go to a second track of the same name (`checkout#7 ·2`).
public final class TraceRecorder: Sendable {
    private struct Slice {
        var name: String
        var category: String
        var track: Int
        var start: UInt64
        var end: UInt64?
        var args: [(String, String)]
        /// What ended it: a release, a deinit, the end of the trace.
        var endedBy = "end of trace"
        /// The container that released it, or whose own life it is (names are rewritten
        /// when the file is written).
        var releasedBy: String?
        var scopeOf: String?
    }

    private struct Instant {
        let name: String
        let category: String
        let track: Int
        let time: UInt64
        let args: [(String, String)]
    }

    private struct State {
        var tracks: [String] = []
        var slices: [Slice] = []
        var instants: [Instant] = []
        /// Slice index of each open instance slice and lifetime-scope slice.
        var openInstances: [ObjectIdentifier: Int] = [:]
        var openScopes: [String: Int] = [:]
        /// What a build in progress resolved, by the build's registration: (slice, when).
        var resolvedByBuild: [LifecycleEvent.Reference: [(slice: Int, time: UInt64)]] = [:]
        /// (resolver's slice, resolved slice, when the resolved one was resolved).
        var flows: [(from: Int, to: Int, time: UInt64)] = []
        var lastTime: UInt64 = 0
    }

    private let state = Locked(State())
    private let observation = Locked<LifecycleObservation?>(nil)
    private let clock: @Sendable () -> UInt64

    /// A recorder that is not installed anywhere: install ``observer`` yourself.
    ///
    /// - Parameter clock: Microseconds on any monotonic clock, read once per event; nil (the
    ///   default) reads the system's monotonic clock. Pass your own for a reproducible
    ///   file (a test's counter, a simulation's time). Times that do not advance are moved
    ///   on by 2 µs, so every event keeps its own place.
    public init(clock: (@Sendable () -> UInt64)? = nil) {
        self.clock = clock ?? { Platform.monotonicNanoseconds / 1_000 }
    }

    /// A recorder installed on `container` and its lifetime scopes until ``stop()``.
    ///
    /// - Parameters:
    ///   - container: The root or lifetime scope to record.
    ///   - clock: Microseconds on a monotonic clock; nil reads the system's.
    public convenience init<C: SharedContainer>(recording container: C, clock: (@Sendable () -> UInt64)? = nil) {
        self.init(clock: clock)
        let installed = container.observe(observer)
        observation.withLock { $0 = installed }
    }

    /// The observer that feeds this recorder, for ``SharedContainer/observe(_:)-(LifecycleObserver)``.
    public var observer: LifecycleObserver {
        LifecycleObserver { [weak self] event in self?.record(event) }
    }

    /// Removes the observer that ``init(recording:clock:)`` installed; what was recorded stays.
    public func stop() {
        // Cancelled after unlocking: cancelling takes the container's lock.
        observation.withLock { $0.take() }?.cancel()
    }

    // A recorder dropped without `stop()` leaves no observer behind (each would cost every
    // resolve of the container an event for nobody).
    deinit { stop() }

    /// Ends the slice of `instance` now: call it from the `deinit` of types whose scope does
    /// not release them (`.unique`, `.graph`, `.shared`), so their slices end when they go.
    ///
    /// ```swift
    /// deinit { recorder.recordDeinit(ObjectIdentifier(self)) }
    /// ```
    ///
    /// - Parameter instance: The instance's identity; an instance without an open slice is ignored.
    public func recordDeinit(_ instance: ObjectIdentifier) {
        let now = clock()
        state.withLock { state in
            guard let index = state.openInstances.removeValue(forKey: instance) else { return }
            state.slices[index].end = Self.advance(&state, to: now)
            state.slices[index].endedBy = "deinit"
        }
    }

    private func record(_ event: LifecycleEvent) {
        let now = clock()
        state.withLock { state in
            let time = Self.advance(&state, to: now)
            let track = Self.track(event.container, in: &state)
            switch event.kind {
            case .created:
                Self.created(event, at: time, track: track, in: &state)
            case .reused:
                if let resolver = event.resolvedBy, let id = event.instance, let slice = state.openInstances[id] {
                    state.resolvedByBuild[resolver, default: []].append((slice, time))
                }
            case .released:
                if let id = event.instance, let index = state.openInstances.removeValue(forKey: id) {
                    state.slices[index].end = time
                    state.slices[index].endedBy = "released by"
                    state.slices[index].releasedBy = event.container
                }
            case .scopeOpened:
                state.openScopes[event.container] = state.slices.count
                state.slices.append(Slice(
                    name: "lifetime scope", category: "scope", track: track, start: time, end: nil,
                    args: [("container", event.container)], scopeOf: event.container))
            case .scopeClosed:
                if let index = state.openScopes.removeValue(forKey: event.container) {
                    state.slices[index].end = time
                    state.slices[index].endedBy = "closed"
                }
            case .leaked, .captiveDependency, .buildStalled, .misuse, .reset:
                Self.instant(for: event, track: track, at: time, in: &state)
            }
        }
    }

    /// An event that marks a moment, not a span: a leak, a misuse, a reset.
    private static func instant(for event: LifecycleEvent, track: Int, at time: UInt64, in state: inout State) {
        let subject = event.subject ?? "?"
        switch event.kind {
        case .leaked:
            var args = [("seconds", "\(event.leak?.seconds ?? 0)")]
            if let chain = event.leak?.builtThrough, !chain.isEmpty {
                args.append(("builtThrough", chain.map(\.description).joined(separator: " → ")))
            }
            instant("leaked \(subject)", "leak", event, track, time, args, in: &state)
        case .captiveDependency:
            instant("captive \(subject) captures \(event.dependency ?? "?")", "misuse", event, track, time, [], in: &state)
        case .buildStalled:
            instant("stalled \(subject)", "misuse", event, track, time, [("callers", "\(event.stall?.callers ?? 0)")], in: &state)
        case .misuse:
            let args = [("reason", event.misuse?.reason.rawValue ?? "?"), ("message", event.misuse?.message ?? "")]
            instant("misuse \(subject)", "misuse", event, track, time, args, in: &state)
        case .reset:
            instant("reset \(event.scope ?? "?")", "reset", event, track, time, [], in: &state)
        case .created, .reused, .released, .scopeOpened, .scopeClosed:
            break   // spans, recorded by `record(_:)`
        }
    }

    private static func created(_ event: LifecycleEvent, at time: UInt64, track: Int, in state: inout State) {
        let reference = LifecycleEvent.Reference(
            registration: event.registration ?? "?", typeName: event.typeName ?? "?", declaration: event.declaration,
            parameter: event.parameter)
        // Its body ran before this event, and resolved its dependencies meanwhile: its slice
        // starts just before the first of them, so their arrows leave from inside it.
        let children = state.resolvedByBuild.removeValue(forKey: reference) ?? []
        let start = children.map(\.time).min().map { $0 - 1 } ?? time
        var args = [("registration", reference.registration), ("type", reference.typeName)]
        if let parameter = event.parameter { args.append(("parameter", parameter)) }
        args.append(("scope", event.scope ?? "?"))
        args.append(("container", event.container))
        if let declaration = event.declaration { args.append(("declaration", declaration)) }
        let index = state.slices.count
        state.slices.append(Slice(
            name: reference.description, category: event.scope ?? "instance", track: track, start: min(start, time),
            end: event.instance == nil ? time : nil, args: args))
        if event.instance == nil { state.slices[index].endedBy = "a value: nothing to release" }
        if let id = event.instance { state.openInstances[id] = index }
        for child in children { state.flows.append((index, child.slice, child.time)) }
        if let resolver = event.resolvedBy { state.resolvedByBuild[resolver, default: []].append((index, state.slices[index].start)) }
    }

    private static func instant(
        _ name: String, _ category: String, _ event: LifecycleEvent, _ track: Int, _ time: UInt64,
        _ args: [(String, String)], in state: inout State
    ) {
        var all = args
        if let scope = event.scope { all.insert(("scope", scope), at: 0) }
        all.insert(("container", event.container), at: 0)
        state.instants.append(Instant(name: name, category: category, track: track, time: time, args: all))
    }

    /// The time of the next event: the clock's, or 2 µs after the last one if it did not
    /// advance (room for a build's slice to start 1 µs before its first dependency).
    private static func advance(_ state: inout State, to now: UInt64) -> UInt64 {
        state.lastTime = max(now, state.lastTime + 2)
        return state.lastTime
    }

    private static func track(_ container: String, in state: inout State) -> Int {
        if let index = state.tracks.firstIndex(of: container) { return index }
        state.tracks.append(container)
        return state.tracks.count - 1
    }

    // MARK: Writing

    /// The recording as Trace Event format JSON: an object with a `traceEvents` array.
    ///
    /// Slices still open (instances not released yet, scopes still open) end at the time
    /// of this call, their `args.endedBy` saying `end of trace`. Times are microseconds
    /// (`ts`, `dur`) from the recorder's clock.
    ///
    /// ```swift
    /// let json = recorder.json(renamingContainers: { $0.replacing(/#\d+/, with: "") })
    /// ```
    ///
    /// - Parameters:
    ///   - processID: The `pid` of every event: give each recording its own to merge
    ///     several files' `traceEvents` into one.
    ///   - processName: The process's name in the viewer.
    ///   - rename: Maps a container's event name (`root#37`) to the name to show — stable
    ///     names for golden files.
    /// - Returns: The JSON text.
    public func json(
        processID: Int = 1, processName: String = "Scoped", renamingContainers rename: (String) -> String = { $0 }
    ) -> String {
        let pid = UInt64(processID)
        let now = clock()
        return state.withLock { state -> String in
            let end = max(now, state.lastTime + 2)
            let lanes = Self.lanes(of: state.slices, tracks: state.tracks.count, endingAt: end)
            let events =
                Self.trackEvents(state, lanes: lanes, pid: pid, processName: processName, rename)
                + Self.sliceEvents(state, lanes: lanes, end: end, pid: pid, rename)
                + Self.flowEvents(state, lanes: lanes, pid: pid)
                + Self.instantEvents(state, pid: pid, rename)
            return "{\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n],\"displayTimeUnit\":\"ms\"}\n"
        }
    }

    private typealias Lanes = (lane: [Int], count: (Int) -> Int)

    /// The process's name, and each lane's name and place.
    private static func trackEvents(
        _ state: State, lanes: Lanes, pid: UInt64, processName: String, _ rename: (String) -> String
    ) -> [String] {
        var events: [String] = [
            object([("name", .text("process_name")), ("ph", .text("M")), ("pid", .number(pid)),
                    ("args", .raw(object([("name", .text(processName))])))]),
        ]
        for (track, name) in state.tracks.enumerated() {
            for lane in 0..<lanes.count(track) {
                let tid = tid(track: track, lane: lane)
                let label = lane == 0 ? rename(name) : "\(rename(name)) ·\(lane + 1)"
                events.append(object([
                    ("name", .text("thread_name")), ("ph", .text("M")), ("pid", .number(pid)), ("tid", .number(tid)),
                    ("args", .raw(object([("name", .text(label))]))),
                ]))
                events.append(object([
                    ("name", .text("thread_sort_index")), ("ph", .text("M")), ("pid", .number(pid)), ("tid", .number(tid)),
                    ("args", .raw(object([("sort_index", .number(tid))]))),
                ]))
            }
        }
        return events
    }

    /// One complete event per slice (an instance's life, a build).
    private static func sliceEvents(
        _ state: State, lanes: Lanes, end: UInt64, pid: UInt64, _ rename: (String) -> String
    ) -> [String] {
        state.slices.enumerated().map { index, slice in
            let stop = slice.end ?? end
            let endedBy = slice.releasedBy.map { "\(slice.endedBy) \(rename($0))" } ?? slice.endedBy
            let args = renamed(slice.args, rename) + [("endedBy", endedBy)]
            return object([
                ("name", .text(slice.scopeOf.map { "\(rename($0)) (lifetime scope)" } ?? slice.name)), ("cat", .text(slice.category)), ("ph", .text("X")),
                ("ts", .number(slice.start)), ("dur", .number(stop - slice.start)), ("pid", .number(pid)),
                ("tid", .number(tid(track: slice.track, lane: lanes.lane[index]))),
                ("args", .raw(object(args.map { ($0.0, .text($0.1)) }))),
            ])
        }
    }

    /// Two flow events (start and finish) per resolve that a build made.
    private static func flowEvents(_ state: State, lanes: Lanes, pid: UInt64) -> [String] {
        state.flows.enumerated().flatMap { number, flow in
            let from = state.slices[flow.from], to = state.slices[flow.to]
            let name = "\(from.name) → \(to.name)"
            // `s` binds to the slice that encloses it on its track (the resolver's, which
            // starts there); `f` with `bp: e` to the enclosing slice (the resolved one).
            return [
                object([
                    ("name", .text(name)), ("cat", .text("resolve")), ("ph", .text("s")), ("id", .number(UInt64(number + 1))),
                    ("ts", .number(from.start)), ("pid", .number(pid)),
                    ("tid", .number(tid(track: from.track, lane: lanes.lane[flow.from]))),
                ]),
                object([
                    ("name", .text(name)), ("cat", .text("resolve")), ("ph", .text("f")), ("bp", .text("e")),
                    ("id", .number(UInt64(number + 1))), ("ts", .number(max(flow.time, from.start))), ("pid", .number(pid)),
                    ("tid", .number(tid(track: to.track, lane: lanes.lane[flow.to]))),
                ]),
            ]
        }
    }

    /// One instant event per instant (a reset, a misuse).
    private static func instantEvents(_ state: State, pid: UInt64, _ rename: (String) -> String) -> [String] {
        state.instants.map { instant in
            object([
                ("name", .text(instant.name)), ("cat", .text(instant.category)), ("ph", .text("i")), ("s", .text("t")),
                ("ts", .number(instant.time)), ("pid", .number(pid)), ("tid", .number(tid(track: instant.track, lane: 0))),
                ("args", .raw(object(renamed(instant.args, rename).map { ($0.0, .text($0.1)) }))),
            ])
        }
    }

    private static func renamed(_ args: [(String, String)], _ rename: (String) -> String) -> [(String, String)] {
        args.map { $0.0 == "container" ? ($0.0, rename($0.1)) : $0 }
    }

    /// Each slice's lane on its track: the first lane where it nests in (or follows) what
    /// is open there, taking slices by start time, longer first.
    private static func lanes(of slices: [Slice], tracks: Int, endingAt end: UInt64) -> Lanes {
        var lane = Array(repeating: 0, count: slices.count)
        var open: [[[UInt64]]] = Array(repeating: [[]], count: tracks)  // per track, per lane: stack of ends
        let order = slices.indices.sorted {
            let (a, b) = (slices[$0], slices[$1])
            if a.start != b.start { return a.start < b.start }
            return (a.end ?? end) != (b.end ?? end) ? (a.end ?? end) > (b.end ?? end) : $0 < $1
        }
        for index in order {
            let slice = slices[index]
            let stop = slice.end ?? end
            var chosen = 0
            while true {
                if chosen == open[slice.track].count { open[slice.track].append([]) }
                open[slice.track][chosen].removeAll { $0 <= slice.start }
                if (open[slice.track][chosen].last ?? .max) >= stop { break }
                chosen += 1
            }
            open[slice.track][chosen].append(stop)
            lane[index] = chosen
        }
        let counts = open.map(\.count)
        return (lane, { counts[$0] })
    }

    private static func tid(track: Int, lane: Int) -> UInt64 { UInt64((track + 1) * 1_000 + lane) }

    private enum Value {
        case text(String)
        case number(UInt64)
        case raw(String)
    }

    private static func object(_ members: [(String, Value)]) -> String {
        "{" + members.map { key, value in
            let rendered: String
            switch value {
            case .text(let text): rendered = JSONText.quoted(text)
            case .number(let number): rendered = String(number)
            case .raw(let raw): rendered = raw
            }
            return JSONText.quoted(key) + ":" + rendered
        }.joined(separator: ",") + "}"
    }
}

/// JSON string literals, written by hand (the library has no Foundation).
package enum JSONText {
    /// `text` as a JSON string: quotes, backslashes and control characters escaped
    /// (RFC 8259, section 7), everything else as is (UTF-8).
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
