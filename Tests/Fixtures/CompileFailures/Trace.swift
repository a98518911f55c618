// Factory's trace switch, as Factory's README spells it: the diagnostic names the event
// stream (a read, an assignment and `toggle()` all get it).
// expect: 'trace' is unavailable: use container.observe(.print) for a trace of every resolve, build and release
import Scoped

func traceEverything() {
    Container.shared.manager.trace.toggle()
}
