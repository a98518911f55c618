import Scoped
final class API: Sendable { init() { print("API init") } ; deinit { print("API deinit") } }
final class Store: Sendable { let api: API; init(api: API) { self.api = api; print("Store init") } ; deinit { print("Store deinit") } }
@MainActor final class VM { let store: Store; let id: Int; init(id: Int, store: Store) { self.id = id; self.store = store; print("VM\(id) init") } ; deinit { print("VM deinit") } }
final class Cy: Sendable { init(_ x: Cy2) {} }
final class Cy2: Sendable { init(_ x: Cy) {} }
extension Container {
  var api: Factory<API> { self { API() }.singleton }
  var store: Factory<Store> { self { Store(api: self.api()) }.cached }
  @MainActor var vm: ParameterFactory<Int, VM> { self { id in MainActor.assumeIsolated { VM(id: id, store: self.store()) } }.scoped.perParameter }
  var cycleAlpha: Factory<Cy> { self { Cy(self.cycleBeta()) }.cached }
  var cycleBeta: Factory<Cy2> { self { Cy2(self.cycleAlpha()) } }
}
Container.shared.observe(.print)
let flow = Container.shared.child("flow")
let a = flow.vm(1); let b = flow.vm(1); let c = flow.vm(2)
print(a === b, a === c)
flow.close()
print("closed")
if CommandLine.arguments.contains("cycle") { _ = Container.shared.cycleAlpha() }
if CommandLine.arguments.contains("closed") { _ = flow.vm(3) }
