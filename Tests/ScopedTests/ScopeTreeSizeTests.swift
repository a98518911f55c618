import Foundation
import Scoped
import ScopedTesting
import Testing

/// Trees of lifetime scopes of any shape (issue #14): a chain thousands of scopes deep
/// resolves, resets, closes and ends on a 512 KiB thread; a scope with thousands of open
/// children closes them newest first. Nothing here recurses along the tree any more:
/// before, each of these walks (override lookup, observer lookup, reset, close, and the
/// release of a chain's nodes, each inside the previous one's `deinit`) took stack
/// proportional to the depth and crashed this test with SIGSEGV. How long closing takes
/// for 100,000 children is measured in `ScopedBenchmarks --trees` (BENCHMARKS.md).
@Suite struct ScopeTreeSizeTests {
    /// Events of one container's tree, in order.
    final class Events: @unchecked Sendable {  // `lock` guards `recorded`
        private let lock = NSLock()
        private var recorded: [LifecycleEvent] = []
        func append(_ event: LifecycleEvent) { lock.withLock { recorded.append(event) } }
        var all: [LifecycleEvent] { lock.withLock { recorded } }
    }

    /// A weak reference handed from the test's thread back to the test.
    final class WeakBox<Object: AnyObject>: @unchecked Sendable {  // `lock` guards `object`
        private let lock = NSLock()
        private weak var stored: Object?
        var object: Object? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    @Test func aChainOfThreeThousandOpenScopesWorksOnA512KiBThread() {
        let depth = 3_000
        let tracker = LifecycleTracker()
        let session = Scope.Cached(name: "session")
        let events = Events()
        let root = Container()
        let deepestModel = WeakBox<Probe>()
        let deepestNode = WeakBox<Container>()
        DeepGraphTests.onThread(stackBytes: 512 * 1024) {
            var chain = [root]
            for _ in 0..<depth { chain.append(chain[chain.count - 1].child("level")) }
            let deepest = chain[depth]
            deepestNode.object = deepest
            // Walks up the chain: the override visible from the deepest scope, observers.
            root.screen(tracker).register { Probe("mock screen", tracker) }
            let observation = root.observe { events.append($0) }
            let model = deepest.model(tracker)()
            deepestModel.object = model
            #expect(deepest.model(tracker)() === model)
            #expect(deepest.screen(tracker)().name == "mock screen")
            // A reset walks down the tree.
            let user = deepest.user(session, tracker)()
            session.reset()
            #expect(deepest.user(session, tracker)() !== user)
            // Closing the root closes the chain, deepest first.
            _ = consume model
            root.close()
            #expect(deepest.isClosed)
            observation.cancel()
            // Ending the chain frees one node after the other.
            chain = []
        }
        #expect(deepestModel.object == nil)
        #expect(deepestNode.object == nil)
        #expect(tracker.inits("model") == 1)
        #expect(tracker.deinits("model") == 1)
        let closed = events.all.filter { $0.kind == .scopeClosed }.map(\.container)
        #expect(closed.count == depth + 1)
        #expect(closed.last?.hasPrefix("root#") == true)
        let numbers = closed.dropLast().compactMap { Int($0.split(separator: "#").last ?? "") }
        #expect(numbers == numbers.sorted(by: >), "children close deepest first")
        #expect(closed.dropLast().filter { !$0.hasPrefix("level#") }.isEmpty)
    }

    @Test func aScopeClosesThousandsOfOpenChildrenNewestFirst() {
        let count = 10_000
        let tracker = LifecycleTracker()
        let events = Events()
        let root = Container()
        let children = (0..<count).map { _ in root.child("row") }
        for child in children { _ = child.model(tracker)() }
        let observation = root.observe { events.append($0) }
        root.close()
        observation.cancel()
        #expect(children.filter { !$0.isClosed }.isEmpty)
        #expect(tracker.deinits("model") == count)
        let closed = events.all.filter { $0.kind == .scopeClosed }.compactMap {
            Int($0.container.split(separator: "#").last ?? "")
        }
        #expect(closed.count == count + 1)
        #expect(Array(closed.dropLast()) == closed.dropLast().sorted(by: >), "newest first")
        // Each child's instance is released before the child's close is reported.
        let released = events.all.firstIndex { $0.kind == .released }
        let firstClosed = events.all.firstIndex { $0.kind == .scopeClosed }
        #expect(released.map { first in firstClosed.map { first < $0 } } == true)
    }

    @Test func childrenClosedOneByOneNewestFirstLeaveTheirParent() {
        let root = Container()
        var children = (0..<10_000).map { _ in root.child("row") }
        while let child = children.popLast() { child.close() }
        #expect(root.inspection.openChildCount == 0)
        #expect(!root.isClosed)
    }
}

extension Container {
    fileprivate func model(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("model", tracker) }.scoped }
    fileprivate func screen(_ tracker: LifecycleTracker) -> Factory<Probe> { self { Probe("screen", tracker) }.scoped }
    fileprivate func user(_ scope: Scope, _ tracker: LifecycleTracker) -> Factory<Probe> {
        self { Probe("user", tracker) }.scope(scope)
    }
}
