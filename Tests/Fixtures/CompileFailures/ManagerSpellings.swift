// Factory's ContainerManager calls without a Scoped counterpart (a Factory user's port of
// Factory's tests, #41): each diagnostic names what to write instead.
// expect: 'reset()' is unavailable: reset the container: Container.shared.reset(), or manager.reset(options: .all); manager.reset(scope:) drops one scope's instances only
// expect: 'defaultScope' is unavailable: write the scope on each factory (.cached, .singleton, …); .unique is the default
// expect: 'logger' is unavailable: use container.observe(.print), or container.observe { event in … } to log every resolve, build and release
// expect: 'circularDependencyTesting' is unavailable: not needed: Scoped stops on an actual cycle
import Scoped

func tearDown() {
    Container.shared.manager.reset()
    Container.shared.manager.defaultScope = .singleton
    Container.shared.manager.logger = { print($0) }
    Container.shared.manager.circularDependencyTesting.toggle()
}
