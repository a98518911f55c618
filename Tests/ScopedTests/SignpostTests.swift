import Scoped
import Testing

// The signpost observer (#43): what each event becomes in Instruments. The `os_signpost`
// calls themselves exist only on Apple platforms (the Apple type-check compiles them);
// here the mapping is checked, and the observer runs as a no-op.

@Suite struct SignpostTests {
    @Test func anInstanceIsAnIntervalFromCreationToReleaseInItsScopesCategory() {
        let container = LeakCheckContainer()
        let signposts = Locked<[Signpost]>([])
        let observation = container.observe { event in
            if let signpost = Signpost(event) { signposts.withLock { $0.append(signpost) } }
        }
        let installed = container.observe(.signposts(subsystem: "com.example.tests"))
        let flow = container.child("checkout")
        let model = flow.leakyModel()
        let identity = UInt64(UInt(bitPattern: ObjectIdentifier(model)))
        _ = LeakCheck.collecting { flow.close() }
        observation.cancel()
        installed.cancel()
        let seen = signposts.withLock { $0 }
        #expect(seen.map(\.kind) == [.begin, .end, .event])
        #expect(seen.map(\.name) == [.lifetime, .lifetime, .leak])
        #expect(seen.map(\.category) == ["checkout", "checkout", "checkout"])
        #expect(seen[0].id == identity && seen[1].id == identity)
        #expect(seen[0].message.hasPrefix("created leakyModel (LeakyViewModel) scoped in checkout#"))
        #expect(seen[2].message.hasSuffix(": alive 0.0 s after release"))
        model.onChange = nil
    }

    @Test func valuesReusesAndScopeEventsMakeNoSignpost() {
        let container = TraceContainer()
        let signposts = Locked<[Signpost]>([])
        let observation = container.observe { event in
            if let signpost = Signpost(event) { signposts.withLock { $0.append(signpost) } }
        }
        _ = container.traceName()      // a value: no instance to mark
        _ = container.traceStore()
        _ = container.traceStore()     // reused
        container.child("sheet").close()
        observation.cancel()
        #expect(signposts.withLock { $0 }.map(\.kind) == [.begin])
        #expect(signposts.withLock { $0 }.first?.category == "root")
    }
}
