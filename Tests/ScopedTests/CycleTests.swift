import Foundation
import Scoped
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
    }
}
