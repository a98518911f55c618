// ScopedTesting: test isolation and lifecycle assertions for apps that use Scoped.
//
// - `ContainerTrait` (`@Test(.container { … })`): a fresh container world per test.
// - `withContainer(_:operation:)`: the same for XCTest and plain code.
// - `LifecycleTracker`: counts builds, releases, inits and deinits, and fails the test
//   with a message naming the instance when a lifetime promise is broken.
//
// The module re-exports Scoped, so a test target needs only `import ScopedTesting`.
@_exported import Scoped
