// A lazy thunk made on the main actor is called from a synchronous nonisolated context.
// expect: call to main actor-isolated instance method 'callAsFunction()' in a synchronous nonisolated context
import Scoped

func resolveLater(_ thunk: MainActorLazy<ListViewModel>) {
    _ = thunk()
}
