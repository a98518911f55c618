// Factory stores a context modifier used at run time in the container; Scoped reads
// context modifiers in the declaration only (storing them would cost every declaration
// a write to its container on every access). A run-time use is not silent: its result is
// unused, and the compiler says so (an error under -warnings-as-errors).
// expect warning: result of call to 'onTest' is unused
// expect warning: result of call to 'onPreview' is unused
import Scoped

final class RunTimeService: Sendable {}

extension Container {
    var runTimeService: Factory<RunTimeService> { self { RunTimeService() } }
}

func configureForTests() {
    Container.shared.runTimeService.onTest { RunTimeService() }
    Container.shared.runTimeService.onPreview { RunTimeService() }
}
