// Factory's two-argument decorator (instance, isNew): Scoped's receives the instance only (#41).
// expect: Scoped's decorator receives the instance only (.decorator { instance in … }); it runs after every resolve, new or held
import Scoped

final class Decorated: Sendable {}

extension Container {
    var decorated: Factory<Decorated> { self { Decorated() }.decorator { instance, isNew in _ = (instance, isNew) } }
}
