import Foundation
import Scoped
import Testing

// TraceRecorder (#43): the Trace Event format's documented fields (`traceEvents`, `ph`,
// `ts` in µs, `pid`, `tid`, `name`, `cat`, `args`; complete `X`, instant `i`, flow `s`/`f`
// events, `M` metadata naming tracks), checked on the parsed output.

final class TraceStore: Sendable {}
final class TraceCart: Sendable {
    let store: TraceStore
    init(store: TraceStore) { self.store = store }
}
final class TraceScreen: Sendable {
    let cart: TraceCart
    init(cart: TraceCart) { self.cart = cart }
}

final class TraceContainer: SharedContainer {
    static let shared = TraceContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }

    var traceStore: Factory<TraceStore> { self { TraceStore() }.cached }
    var traceCart: Factory<TraceCart> { self { TraceCart(store: self.traceStore()) }.scoped }
    var traceScreen: Factory<TraceScreen> { self { TraceScreen(cart: self.traceCart()) }.scoped }
    var traceName: Factory<String> { self { "a \"quoted\"\nname\u{1}" } }
}

/// A clock that advances 10 µs per reading: reproducible times.
private func steppingClock() -> @Sendable () -> UInt64 {
    let now = Locked<UInt64>(1_000)
    return { now.withLock { $0 += 10; return $0 } }
}

private func parse(_ json: String) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    return try #require(object?["traceEvents"] as? [[String: Any]])
}

@Suite struct TraceRecorderTests {
    @Test func aFlowIsOneTrackPerScopeOneSlicePerInstanceAndAnArrowPerResolve() throws {
        let container = TraceContainer()
        let recorder = TraceRecorder(recording: container, clock: steppingClock())
        let checkout = container.child("checkout")
        _ = checkout.traceScreen()
        checkout.close()
        let events = try parse(recorder.json())
        recorder.stop()

        // Every event carries the documented fields of its phase.
        for event in events {
            let phase = try #require(event["ph"] as? String)
            #expect(["M", "X", "s", "f", "i"].contains(phase))
            #expect(event["pid"] as? Int == 1)
            #expect(event["name"] is String)
            if phase != "M" { #expect(event["ts"] is Int && event["tid"] is Int && event["cat"] is String) }
            if phase == "X" { #expect(event["dur"] is Int && event["args"] is [String: Any]) }
            if phase == "s" || phase == "f" { #expect(event["id"] is Int) }
            if phase == "i" { #expect(event["s"] as? String == "t") }
        }
        // The screen's build began before the cart's and the screen was released first: the
        // two overlap without nesting, so the cart goes to a second lane of the scope's track.
        let tracks = events.filter { $0["name"] as? String == "thread_name" }
            .map { (($0["args"] as? [String: Any])?["name"] as? String ?? "").replacing(/#\d+/, with: "") }
        #expect(tracks == ["checkout", "checkout ·2", "root"])
        let slices = events.filter { $0["ph"] as? String == "X" }
        #expect(slices.map { $0["name"] as? String ?? "" }.map { $0.hasSuffix("(lifetime scope)") ? "scope" : $0 } == [
            "scope", "traceStore (TraceStore)", "traceCart (TraceCart)", "traceScreen (TraceScreen)",
        ])
        let ended = slices.map { (($0["args"] as? [String: Any])?["endedBy"] as? String ?? "").split(separator: "#").first.map(String.init) }
        #expect(ended == ["closed", "end of trace", "released by checkout", "released by checkout"])
        // The screen's slice starts before the cart's (its body resolved the cart), and the
        // cart's before the store's; each ends after what it encloses on its track.
        let start = slices.map { $0["ts"] as? Int ?? 0 }
        let end = slices.map { ($0["ts"] as? Int ?? 0) + ($0["dur"] as? Int ?? 0) }
        #expect(start[3] < start[2] && start[2] < start[1])
        #expect(start[0] < start[3] && end[2] <= end[0] && end[3] <= end[0])
        // Two arrows: screen → cart, cart → store; each `f` at or after its `s`.
        let flows = events.filter { ["s", "f"].contains($0["ph"] as? String) }
        #expect(flows.map { "\($0["ph"]!) \($0["name"]!)" } == [
            "s traceCart (TraceCart) → traceStore (TraceStore)", "f traceCart (TraceCart) → traceStore (TraceStore)",
            "s traceScreen (TraceScreen) → traceCart (TraceCart)", "f traceScreen (TraceScreen) → traceCart (TraceCart)",
        ])
        for pair in stride(from: 0, to: flows.count, by: 2) {
            #expect((flows[pair]["ts"] as? Int ?? 0) <= (flows[pair + 1]["ts"] as? Int ?? -1))
            #expect(flows[pair + 1]["bp"] as? String == "e")
        }
    }

    @Test func leaksAreInstantsAndTextIsEscaped() throws {
        let container = TraceContainer()
        let recorder = TraceRecorder(recording: container, clock: steppingClock())
        let checkout = container.child("checkout")
        let kept = checkout.traceCart()
        _ = LeakCheck.collecting { checkout.close() }
        #expect(container.traceName() == "a \"quoted\"\nname\u{1}")
        let json = recorder.json()
        let events = try parse(json)
        let instants = events.filter { $0["ph"] as? String == "i" }
        #expect(instants.map { $0["name"] as? String } == ["leaked traceCart (TraceCart)"])
        #expect(instants.first?["cat"] as? String == "leak")
        #expect((instants.first?["args"] as? [String: Any])?["seconds"] as? String == "0.0")
        // The value's slice: zero long, its name's quote, line break and control character escaped.
        #expect(json.contains(#""registration":"traceName","type":"String""#))
        #expect(JSONText.quoted("a \"q\"\\\n\u{1}") == #""a \"q\"\\\n\u0001""#)
        _ = kept
    }

    @Test func overlappingLifetimesOnOneTrackGoToASecondLane() throws {
        let container = TraceContainer()
        let recorder = TraceRecorder(recording: container, clock: steppingClock())
        _ = container.traceStore()          // [store …
        let cart = container.traceCart()    //    [cart …
        container.traceStore.reset()        // … store]  cart still open: not nested
        let events = try parse(recorder.json())
        let names = events.filter { $0["name"] as? String == "thread_name" }.map { ($0["args"] as? [String: Any])?["name"] as? String ?? "" }
        #expect(names.count == 2 && names[1].hasSuffix(" ·2"))
        _ = cart
    }

    @Test func recordDeinitEndsASliceTheScopeDoesNotRelease() throws {
        let container = TraceContainer()
        let recorder = TraceRecorder(recording: container, clock: steppingClock())
        var screen: TraceScreen? = container.traceScreen()
        recorder.recordDeinit(ObjectIdentifier(screen!))
        screen = nil
        let slices = try parse(recorder.json()).filter { $0["ph"] as? String == "X" }
        let screenSlice = slices.first { $0["name"] as? String == "traceScreen (TraceScreen)" }
        #expect((screenSlice?["args"] as? [String: Any])?["endedBy"] as? String == "deinit")
        _ = screen
    }
}
