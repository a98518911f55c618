// A nonisolated factory body resolves a main-actor factory.
// expect: call to main actor-isolated instance method 'callAsFunction()' in a synchronous nonisolated context
import Scoped

extension Container {
    var worker: Factory<Worker> { self { Worker(self.list()) }.cached }
}
