// Public names renamed since the first CHANGELOG entry keep a deprecated alias whose
// warning names the new one (#41).
// expect warning: 'ContainerIsolation' is deprecated: renamed to 'ContainerWorld'
import Scoped

func carryWorld() -> Bool {
    let world: ContainerIsolation = .current
    return world.isIsolated
}
