// A synchronous, nonisolated function resolves a main-actor factory.
// expect: call to main actor-isolated instance method 'callAsFunction()' in a synchronous nonisolated context
import Scoped

func backgroundWork() {
    _ = Container.shared.list()
}
