// A detached task (off the main actor) resolves a main-actor parameter factory.
// expect: expression is 'async' but is not marked with 'await'
import Scoped

func refresh() async {
    await Task.detached {
        _ = Container.shared.row(1)
    }.value
}
