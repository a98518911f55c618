// Factory's process-wide contexts: Scoped sets them per container world.
// expect: setter for 'current' is unavailable: contexts are set per container world
// expect: 'setArg(_:forKey:)' is unavailable: set arguments per container world
// expect: 'removeArg(forKey:)' is unavailable: set arguments per container world
import Scoped

func setContexts() {
    FactoryContext.current.isPreview = true
    FactoryContext.setArg("-mockAPI", forKey: "mock")
    FactoryContext.removeArg(forKey: "mock")
}
