import Foundation
import Scoped
import ScopedTesting
import Testing

// A circular dependency is a programmer error: the process stops with the whole chain,
// in debug and release builds. Each test runs the cycle in a child process (exit test).

private final class CycleAlpha: Sendable {
    init(_ beta: CycleBeta) {}
}

private final class CycleBeta: Sendable {
    init(_ alpha: CycleAlpha) {}
}

private final class SelfCycle: Sendable {
    init(_ again: SelfCycle) {}
}

private final class LazyHead: Sendable {
    init(_ tail: LazyTail) {}
}

private final class LazyTail: Sendable {
    init(_ head: LazyHead) {}
}

private final class LoopNode: Sendable {
    init(_ again: LoopNode) {}
}

private final class CrossX: Sendable {
    init(_ y: CrossY) {}
}

private final class CrossY: Sendable {
    init(_ x: CrossX) {}
}

/// Makes two threads meet inside the bodies of `crossX` and `crossY`.
private final class Rendezvous: Sendable {
    let xEntered = DispatchSemaphore(value: 0)
    let yEntered = DispatchSemaphore(value: 0)
}

/// Where a thunk can find itself: the body of the factory it resolves calls it again.
private final class ThunkBox: Sendable {
    let thunk = Locked<Lazy<LoopNode>?>(nil)
}

/// A comment and its replies, built by a recursive parameter factory: the body of
/// `comment(id)` resolves `comment(id + 1)` twice (to see whether the scope reuses it),
/// down to ``lastID``.
private final class CommentVM: Sendable {
    static let lastID = 3
    let id: Int
    let replies: [CommentVM]

    init(id: Int, replies: [CommentVM], tracker: LifecycleTracker) {
        self.id = id
        self.replies = replies
        tracker.didInit(self, named: "comment\(id)")
    }

    /// Comment `id`, its replies two resolves of `id + 1` (none below the last level).
    static func make(_ id: Int, _ tracker: LifecycleTracker, _ resolve: (Int) -> CommentVM) -> CommentVM {
        CommentVM(id: id, replies: id < lastID ? [resolve(id + 1), resolve(id + 1)] : [], tracker: tracker)
    }

    /// Every id of the tree, depth first.
    var ids: [Int] { [id] + replies.flatMap(\.ids) }
}

/// What the stopping recursive factories build.
private final class Reply: Sendable {
    init(_ replies: [Reply]) {}
}

/// A parameter that is not `Hashable`: its builds cannot be told apart.
private struct OpaqueID: Sendable {
    let value: Int
}

/// Makes two threads meet inside the bodies of `comment(1)` and `comment(2)`.
private final class CommentRendezvous: Sendable {
    let oneEntered = DispatchSemaphore(value: 0)
    let twoEntered = DispatchSemaphore(value: 0)

    /// Called by the body of `comment(id)`: signals that it is in, waits for the other.
    func meet(_ id: Int) {
        switch id {
        case 1:
            oneEntered.signal()
            twoEntered.wait()
        case 2:
            twoEntered.signal()
            oneEntered.wait()
        default:
            break
        }
    }
}

extension Container {
    fileprivate var cycleAlpha: Factory<CycleAlpha> { self { CycleAlpha(self.cycleBeta()) } }
    fileprivate var cycleBeta: Factory<CycleBeta> { self { CycleBeta(self.cycleAlpha()) } }

    fileprivate var cachedAlpha: Factory<CycleAlpha> { self { CycleAlpha(self.cachedBeta()) }.cached }
    fileprivate var cachedBeta: Factory<CycleBeta> { self { CycleBeta(self.cachedAlpha()) }.cached }

    fileprivate var selfCycle: Factory<SelfCycle> { self { SelfCycle(self.selfCycle()) }.scoped }

    fileprivate var lazyHead: Factory<LazyHead> { self { LazyHead(self.lazyTail.lazy()) } }
    fileprivate var lazyTail: Factory<LazyTail> { self { LazyTail(self.lazyHead()) }.shared }

    /// `crossX` and `crossY` need each other; each body waits until the other thread is
    /// inside the other body, so the two threads end up waiting for each other's build.
    fileprivate func crossX(_ meeting: Rendezvous) -> Factory<CrossX> {
        self {
            meeting.xEntered.signal()
            meeting.yEntered.wait()
            return CrossX(self.crossY(meeting)())
        }.cached
    }
    fileprivate func crossY(_ meeting: Rendezvous) -> Factory<CrossY> {
        self {
            meeting.yEntered.signal()
            meeting.xEntered.wait()
            return CrossY(self.crossX(meeting)())
        }.cached
    }

    fileprivate func loopNode(_ box: ThunkBox) -> Factory<LoopNode> {
        self { LoopNode(box.thunk.withLock { $0 }!()) }
    }
    static let loopNodeSite = "\(#fileID):\(#line - 2):14"

    // Recursive parameter factories that terminate: comment(1) → comment(2) → comment(3).

    fileprivate func uniqueComment(_ tracker: LifecycleTracker) -> ParameterFactory<Int, CommentVM> {
        self { id in CommentVM.make(id, tracker) { self.uniqueComment(tracker)($0) } }
    }
    fileprivate func cachedComment(_ tracker: LifecycleTracker) -> ParameterFactory<Int, CommentVM> {
        self { id in CommentVM.make(id, tracker) { self.cachedComment(tracker)($0) } }.cached.perParameter
    }
    fileprivate func scopedComment(_ tracker: LifecycleTracker) -> ParameterFactory<Int, CommentVM> {
        self { id in CommentVM.make(id, tracker) { self.scopedComment(tracker)($0) } }.scoped.perParameter
    }
    fileprivate func sharedComment(_ tracker: LifecycleTracker) -> ParameterFactory<Int, CommentVM> {
        self { id in CommentVM.make(id, tracker) { self.sharedComment(tracker)($0) } }.shared.perParameter
    }
    fileprivate func graphComment(_ tracker: LifecycleTracker) -> ParameterFactory<Int, CommentVM> {
        self { id in CommentVM.make(id, tracker) { self.graphComment(tracker)($0) } }.graph
    }
    fileprivate func graphPerComment(_ tracker: LifecycleTracker) -> ParameterFactory<Int, CommentVM> {
        self { id in CommentVM.make(id, tracker) { self.graphPerComment(tracker)($0) } }.graph.perParameter
    }

    /// A graph whose `graphReplaced(1)` builds `graphReplaced(2)` and lets it go: the
    /// graph files 2, then 1 in its place (one instance per graph without
    /// `.perParameter`), and 2's `deinit` resolves the factory again.
    /// What 2's `deinit` resolved goes to `resolved`.
    fileprivate func graphHolder(_ tracker: LifecycleTracker, _ resolved: Collected<String>) -> Factory<Probe> {
        self { Probe("holder", tracker, holding: [self.graphReplaced(tracker, resolved)(1)]) }
    }
    fileprivate func graphReplaced(
        _ tracker: LifecycleTracker, _ resolved: Collected<String>
    ) -> ParameterFactory<Int, Probe> {
        self { (id: Int) -> Probe in
            if id == 1 { _ = self.graphReplaced(tracker, resolved)(2) }
            guard id == 2 else { return Probe("replaced\(id)", tracker) }
            return Probe("replaced\(id)", tracker) {
                resolved.append(self.graphReplaced(tracker, resolved)(3).label)
            }
        }.graph
    }

    /// `comment(1)` and `comment(2)` meet on two threads, then each resolves one level down.
    fileprivate func crossComment(_ meeting: CommentRendezvous, _ tracker: LifecycleTracker) -> ParameterFactory<Int, CommentVM> {
        self { id in
            meeting.meet(id)
            return CommentVM(
                id: id, replies: id < CommentVM.lastID ? [self.crossComment(meeting, tracker)(id + 1)] : [], tracker: tracker)
        }.cached.perParameter
    }

    // Recursive parameter factories that do not terminate.

    /// `reply(1)` resolves `reply(1)`.
    fileprivate var reply: ParameterFactory<Int, Reply> {
        self { id in Reply([self.reply(id)]) }
    }
    /// `uniqueLoop(1)` → `uniqueLoop(2)` → `uniqueLoop(1)`.
    fileprivate var uniqueLoop: ParameterFactory<Int, Reply> {
        self { id in Reply([self.uniqueLoop(id == 1 ? 2 : 1)]) }
    }
    /// The same loop, built through a per-parameter cache.
    fileprivate var cachedLoop: ParameterFactory<Int, Reply> {
        self { id in Reply([self.cachedLoop(id == 1 ? 2 : 1)]) }.cached.perParameter
    }
    /// The same loop as a graph.
    fileprivate var graphLoop: ParameterFactory<Int, Reply> {
        self { id in Reply([self.graphLoop(id == 1 ? 2 : 1)]) }.graph
    }
    /// A recursion with ever new parameters through a cache of one instance (no
    /// `.perParameter`).
    fileprivate var cachedReply: ParameterFactory<Int, Reply> {
        self { id in Reply(id < 3 ? [self.cachedReply(id + 1)] : []) }.cached
    }
    /// A recursion with ever new parameters that are not `Hashable`.
    fileprivate var opaqueReply: ParameterFactory<OpaqueID, Reply> {
        self { id in Reply(id.value < 3 ? [self.opaqueReply(OpaqueID(value: id.value + 1))] : []) }
    }
    /// `comment(1)` and `comment(2)` meet on two threads, then each resolves the other.
    fileprivate func crossLoop(_ meeting: CommentRendezvous) -> ParameterFactory<Int, Reply> {
        self { id in
            meeting.meet(id)
            return Reply([self.crossLoop(meeting)(id == 1 ? 2 : 1)])
        }.cached.perParameter
    }
}

@Suite struct CycleTests {
    @Test func twoFactoryCycleNamesTheChain() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container().cycleAlpha()
        }
        #expect(standardError(of: result).contains(
            "Scoped: circular dependency: cycleAlpha (CycleAlpha) → cycleBeta (CycleBeta) → cycleAlpha\n"))
    }

    @Test func cycleOfCachedFactoriesNamesTheChain() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container().child("flow").cachedBeta()
        }
        #expect(standardError(of: result).contains(
            "Scoped: circular dependency: cachedBeta (CycleBeta) → cachedAlpha (CycleAlpha) → cachedBeta\n"))
    }

    @Test func selfCycleNamesTheFactoryTwice() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container().child("flow").selfCycle()
        }
        #expect(standardError(of: result).contains(
            "Scoped: circular dependency: selfCycle (SelfCycle) → selfCycle\n"))
    }

    @Test func cycleThroughALazyThunkNamesTheFactories() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container().lazyHead()
        }
        #expect(standardError(of: result).contains(
            "Scoped: circular dependency: lazyHead (LazyHead) → lazyTail (LazyTail) → lazyHead\n"))
    }

    /// Two threads each build one half of a cycle: without a check both would wait for
    /// the other forever. The thread that closes the cycle stops, naming both builds.
    @Test func aCycleAcrossTwoThreadsStopsInsteadOfDeadlocking() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            let meeting = Rendezvous()
            let other = Thread { _ = container.crossY(meeting)() }
            other.start()
            _ = container.crossX(meeting)()
        }
        let message = standardError(of: result)
        let xFirst = "Scoped: circular dependency across threads: this thread waits for crossX(_:) (CrossX), "
            + "which waits for crossY(_:) (CrossY), which is built by this thread"
        let yFirst = "Scoped: circular dependency across threads: this thread waits for crossY(_:) (CrossY), "
            + "which waits for crossX(_:) (CrossX), which is built by this thread"
        #expect(message.contains(xFirst) || message.contains(yFirst), "\(message)")
    }

    @Test func aThunkThatCallsItselfStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = ThunkBox()
            let thunk = Container().loopNode(box).lazy
            box.thunk.withLock { $0 = thunk }
            _ = thunk()
        }
        #expect(standardError(of: result).contains(
            "Scoped: circular dependency through Lazy<LoopNode>: its resolve called the same thunk again "
                + "(while building loopNode(_:) (LoopNode))\n"))
        // The where-to-look line gives the location of the build the message names.
        #expect(standardError(of: result).contains(
            "the self { … } calls are at \(Container.loopNodeSite) for loopNode(_:) (LoopNode)\n"))
    }

    // MARK: Recursive parameter factories

    /// Comment trees: a body that resolves its own factory with another parameter is
    /// not a cycle. Each tree is 1 → (2 → (3, 3), 2 → (3, 3)).
    private static let treeIDs = [1, 2, 3, 3, 2, 3, 3]

    /// How many comments of ids 1, 2 and 3 were built.
    private static func commentInits(_ tracker: LifecycleTracker) -> [Int] {
        (1...CommentVM.lastID).map { tracker.inits("comment\($0)") }
    }

    @Test func aUniqueRecursionWithOtherParametersTerminates() {
        let tracker = LifecycleTracker()
        let tree = Container().uniqueComment(tracker)(1)
        #expect(tree.ids == Self.treeIDs)
        #expect(tree.replies[0] !== tree.replies[1])
        #expect(Self.commentInits(tracker) == [1, 2, 4])
    }

    @Test func aCachedPerParameterRecursionTerminatesAndReusesEachParameter() {
        let tracker = LifecycleTracker()
        let container = Container()
        let tree = container.cachedComment(tracker)(1)
        #expect(tree.ids == Self.treeIDs)
        #expect(tree.replies[0] === tree.replies[1])
        #expect(tree.replies[0].replies[0] === tree.replies[0].replies[1])
        #expect(container.cachedComment(tracker)(1) === tree)
        #expect(container.cachedComment(tracker)(2) === tree.replies[0])
        #expect(container.cachedComment(tracker)(3) === tree.replies[0].replies[0])
        #expect(Self.commentInits(tracker) == [1, 1, 1])
    }

    @Test func aScopedPerParameterRecursionTerminatesInAChildScope() {
        let tracker = LifecycleTracker()
        let container = Container()
        let flow = container.child("x")
        let tree = flow.scopedComment(tracker)(1)
        #expect(tree.ids == Self.treeIDs)
        #expect(tree.replies[0] === tree.replies[1])
        #expect(tree.replies[0].replies[0] === tree.replies[1].replies[1])
        #expect(flow.scopedComment(tracker)(2) === tree.replies[0])
        #expect(Self.commentInits(tracker) == [1, 1, 1])
        // The child owns them: the root builds its own.
        #expect(container.scopedComment(tracker)(2) !== tree.replies[0])
        flow.close()
    }

    @Test func aSharedPerParameterRecursionTerminatesAndSharesWhileHeld() {
        let tracker = LifecycleTracker()
        let container = Container()
        let tree = container.sharedComment(tracker)(1)
        #expect(tree.ids == Self.treeIDs)
        #expect(tree.replies[0] === tree.replies[1])
        #expect(tree.replies[0].replies[0] === tree.replies[1].replies[1])
        #expect(container.sharedComment(tracker)(1) === tree)
        #expect(container.sharedComment(tracker)(3) === tree.replies[0].replies[0])
        #expect(Self.commentInits(tracker) == [1, 1, 1])
    }

    @Test func aGraphRecursionTerminatesAndSharesWithinTheResolve() {
        let tracker = LifecycleTracker()
        let container = Container()
        let tree = container.graphComment(tracker)(1)
        #expect(tree.ids == Self.treeIDs)
        #expect(tree.replies[0] === tree.replies[1])
        #expect(tree.replies[0].replies[0] === tree.replies[0].replies[1])
        #expect(Self.commentInits(tracker) == [1, 1, 1])
        let again = container.graphComment(tracker)(1)
        #expect(again !== tree && again.replies[0] !== tree.replies[0])
        #expect(Self.commentInits(tracker) == [2, 2, 2])
    }

    /// Without `.perParameter` a graph keeps one instance of the factory: the one whose
    /// build finished last. An instance it replaces is released once the graph is
    /// consistent again, so its `deinit` may resolve from it.
    @Test func aGraphInstanceReplacedByTheBuildAroundItIsReleasedSafely() {
        let tracker = LifecycleTracker()
        let resolved = Collected<String>()
        let holder = Container().graphHolder(tracker, resolved)()
        #expect(holder.dependencies.map(\.name) == ["replaced1"])
        // 2's deinit (its `onDeinit` runs before it reports) resolved the graph's 1, built
        // nothing: 2 was released after 1 was built, before the holder.
        #expect(resolved.all == ["replaced1#1"])
        #expect(tracker.log == [
            "init replaced2#1", "init replaced1#1", "deinit replaced2#1", "init holder#1",
        ])
    }

    @Test func aGraphPerParameterRecursionTerminatesAndSharesWithinTheResolve() {
        let tracker = LifecycleTracker()
        let tree = Container().graphPerComment(tracker)(1)
        #expect(tree.ids == Self.treeIDs)
        #expect(tree.replies[0] === tree.replies[1])
        #expect(tree.replies[0].replies[0] === tree.replies[1].replies[1])
        #expect(Self.commentInits(tracker) == [1, 1, 1])
    }

    /// Thread B builds `comment(2)` while thread A builds `comment(1)`, whose body needs
    /// `comment(2)`: A takes B's instance (waiting for its build if it is still in flight),
    /// and B's body resolves `comment(3)` while A's build of the same factory is in flight.
    /// Neither is a cycle.
    @Test func aPerParameterBuildInFlightOnAnotherThreadForAnotherParameterIsNoCycle() {
        let tracker = LifecycleTracker()
        let container = Container()
        let meeting = CommentRendezvous()
        let fromOther = Collected<CommentVM>()
        let other = Thread { fromOther.append(container.crossComment(meeting, tracker)(2)) }
        other.start()
        let tree = container.crossComment(meeting, tracker)(1)
        #expect(fromOther.waitUntil { $0.count == 1 })
        #expect(tree.ids == [1, 2, 3])
        #expect(tree.replies[0] === fromOther.all.first)
        #expect(Self.commentInits(tracker) == [1, 1, 1])
    }

    @Test func aRecursionWithTheSameParameterStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container().reply(1)
        }
        #expect(standardError(of: result).contains("Scoped: circular dependency: reply[1] (Reply) → reply[1]\n"))
    }

    @Test func aUniqueLoopThroughAnotherParameterStopsNamingTheParameters() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container().uniqueLoop(1)
        }
        #expect(standardError(of: result).contains(
            "Scoped: circular dependency: uniqueLoop[1] (Reply) → uniqueLoop[2] (Reply) → uniqueLoop[1]\n"))
    }

    @Test func aCachedPerParameterLoopStopsNamingTheParameters() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container().child("x").cachedLoop(1)
        }
        #expect(standardError(of: result).contains(
            "Scoped: circular dependency: cachedLoop[1] (Reply) → cachedLoop[2] (Reply) → cachedLoop[1]\n"))
    }

    @Test func aGraphLoopStopsNamingTheParameters() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container().graphLoop(2)
        }
        #expect(standardError(of: result).contains(
            "Scoped: circular dependency: graphLoop[2] (Reply) → graphLoop[1] (Reply) → graphLoop[2]\n"))
    }

    /// Without `.perParameter` a cached factory keeps one instance whatever the
    /// parameter: building it again inside its own build is a cycle, with any parameter.
    @Test func aCachedRecursionWithoutPerParameterStopsAndSaysWhy() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container().cachedReply(1)
        }
        #expect(standardError(of: result).contains(
            "Scoped: circular dependency: cachedReply[1] (Reply) → cachedReply[2] "
                + "(without .perParameter, .cached keeps one instance whatever the parameter)\n"))
    }

    /// Builds with parameters that are not `Hashable` cannot be told apart: a second
    /// build of the same factory is a cycle, whatever its parameter.
    @Test func aRecursionWithParametersThatAreNotHashableStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container().opaqueReply(OpaqueID(value: 1))
        }
        #expect(standardError(of: result).contains(
            "Scoped: circular dependency: opaqueReply (Reply) → opaqueReply\n"))
    }

    /// Thread A builds `crossLoop(1)`, which needs `crossLoop(2)`; thread B builds
    /// `crossLoop(2)`, which needs `crossLoop(1)`: the thread that closes it stops.
    @Test func aPerParameterLoopAcrossTwoThreadsStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            let meeting = CommentRendezvous()
            let other = Thread { _ = container.crossLoop(meeting)(2) }
            other.start()
            _ = container.crossLoop(meeting)(1)
        }
        let message = standardError(of: result)
        let oneFirst = "Scoped: circular dependency across threads: this thread waits for crossLoop(_:)[1] (Reply), "
            + "which waits for crossLoop(_:)[2] (Reply), which is built by this thread"
        let twoFirst = "Scoped: circular dependency across threads: this thread waits for crossLoop(_:)[2] (Reply), "
            + "which waits for crossLoop(_:)[1] (Reply), which is built by this thread"
        #expect(message.contains(oneFirst) || message.contains(twoFirst), "\(message)")
    }
}
