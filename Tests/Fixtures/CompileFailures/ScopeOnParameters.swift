// Factory's scopeOnParameters is Scoped's perParameter.
// expect: 'scopeOnParameters' has been renamed to 'perParameter'
import Scoped

final class Detail: Sendable { init(id: Int) {} }

extension Container {
    var detail: ParameterFactory<Int, Detail> { self { Detail(id: $0) }.cached.scopeOnParameters }
}
