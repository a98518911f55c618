import Dispatch
import Scoped
import Testing

/// `finishes(stallSeconds:progress:_:)`, the guard of the tests that wait for releases on
/// other threads: it gives up on a body only when its progress stops, not when it is slow.
@Suite struct FinishesTests {
    @Test func aBodyThatKeepsMakingProgressFinishesHoweverLongItTakes() {
        // The body is held until the guard has looked at the progress 8 times (0.05 s
        // apart: about twice the stall bound in all), and the progress changes every time.
        let release = DispatchSemaphore(value: 0)
        let looks = Locked(0)
        let finished = finishes(stallSeconds: 0.2, progress: {
            looks.withLock { looks in
                looks += 1
                if looks == 8 { release.signal() }
                return looks
            }
        }) { release.wait() }
        #expect(finished)
        #expect(looks.withLock { $0 } >= 8)
    }

    @Test func aBodyThatMakesNoProgressIsGivenUpOn() {
        let release = DispatchSemaphore(value: 0)
        let finished = finishes(stallSeconds: 0.2, progress: { 0 }) { release.wait() }
        #expect(!finished)
        release.signal()   // lets the abandoned thread end
    }
}
