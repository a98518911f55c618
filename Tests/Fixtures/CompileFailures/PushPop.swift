// Factory's push()/pop(): ScopedTesting's container worlds replace them.
// expect: use ScopedTesting: @Test(.container) or withContainer { } gives each test a container world of its own
import Scoped

func isolate() {
    Container.shared.manager.push()
}
