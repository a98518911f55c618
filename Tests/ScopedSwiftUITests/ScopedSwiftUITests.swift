// The framework-free core of ScopedSwiftUI, driven the way SwiftUI drives the layer over
// it: one owner/slot kept per view identity, a new (discarded) one with every value of
// the view a parent's re-render makes, reads from `body`, release when the view's
// storage goes. Counts are exact; identities are checked with `===`.
import Foundation
import Scoped
import ScopedSwiftUI
import Testing

/// What one test's view models did, in order (`init DetailVM#1 id 7`, `deinit DetailVM#1`).
final class LifeLog: @unchecked Sendable {  // `lock` guards `lines` and `counters`.
    private let lock = NSLock()
    private var lines: [String] = []
    private var counters: [String: Int] = [:]

    @TaskLocal static var current = LifeLog()

    func didInit(_ name: String, _ detail: String = "") -> Int {
        lock.withLock {
            let number = counters[name, default: 0] + 1
            counters[name] = number
            lines.append("init \(name)#\(number)\(detail.isEmpty ? "" : " " + detail)")
            return number
        }
    }

    func didDeinit(_ name: String, _ number: Int) {
        lock.withLock { lines.append("deinit \(name)#\(number)") }
    }

    var log: [String] { lock.withLock { lines } }
    func count(_ prefix: String) -> Int { log.filter { $0.hasPrefix(prefix) }.count }
}

/// Records its owner's `init` (when made) and `deinit` (when the owner, its only holder,
/// goes) in the running test's log: `init DetailVM#1 id 7` … `deinit DetailVM#1`.
final class Lifeline: Sendable {
    let name: String
    let number: Int
    private let log = LifeLog.current

    init(_ name: String, _ detail: String) {
        self.name = name
        number = log.didInit(name, detail)
    }

    deinit { log.didDeinit(name, number) }
}

final class DetailVM: Sendable {
    let id: Int
    private let lifeline: Lifeline
    init(id: Int) { self.id = id; lifeline = Lifeline("DetailVM", "id \(id)") }
}

final class CounterVM: Sendable {
    let start: Int
    private let lifeline: Lifeline
    var number: Int { lifeline.number }
    init(start: Int) { self.start = start; lifeline = Lifeline("CounterVM", "start \(start)") }
}

final class SessionVM: Sendable {
    let source: String
    private let lifeline: Lifeline
    init(source: String) { self.source = source; lifeline = Lifeline("SessionVM", source) }
}

/// Where `Container.sessionVM`'s `self { … }` call is (below): what messages naming it give.
let sessionVMDeclaration = "ScopedSwiftUITests/ScopedSwiftUITests.swift:74:46"

extension Container {
    var detailVM: ParameterFactory<Int, DetailVM> { self { DetailVM(id: $0) }.scoped.perParameter }
    var sessionVM: Factory<SessionVM> { self { SessionVM(source: "live") }.scoped }
    func counterVM(start: Int) -> Factory<CounterVM> { self { CounterVM(start: start) }.shared }
}

final class FeatureContainer: SharedContainer {
    static let shared = FeatureContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
}

extension FeatureContainer {
    var sessionVM: Factory<SessionVM> { self { SessionVM(source: "feature") }.scoped }
}

@Suite struct ContainerEnvironmentTests {
    @Test func anEmptyEnvironmentResolvesFromEachTypesSharedInstance() {
        let environment = ContainerEnvironment()
        #expect(environment[Container.self] === Container.shared)
        #expect(environment[FeatureContainer.self] === FeatureContainer.shared)
    }

    @Test func theInnermostContainerOfEachTypeWins() {
        let root = Container()
        let flow = root.child("flow")
        let feature = FeatureContainer()
        let outer = ContainerEnvironment().with(root).with(feature)
        let inner = outer.with(flow)
        #expect(outer[Container.self] === root)
        #expect(inner[Container.self] === flow)
        #expect(inner[FeatureContainer.self] === feature)
        #expect(outer[Container.self] === root, "with(_:) returns a copy; the outer subtree keeps its container")
    }
}

@Suite struct LifetimeScopeOwnerTests {
    @Test func anOwnerOpensNothingUntilAskedThenOneScopeForItsLife() {
        let root = Container()
        let owner = LifetimeScopeOwner<Container>("detail")
        #expect(owner.openedScope == nil)
        let scope = owner.scope(in: root)
        #expect(owner.scope(in: root) === scope)
        #expect(owner.scope(in: Container()) === scope, "a scope is opened once, in the first parent")
        #expect(owner.openedScope === scope)
        #expect(!scope.isClosed)
    }

    /// After `close()` an owner never opens a second scope (that would silently re-create
    /// what the close released): it hands out its scope, closed.
    @Test func aClosedOwnerHandsOutItsScopeClosed() {
        let root = Container()
        let owner = LifetimeScopeOwner<Container>("detail")
        let scope = owner.scope(in: root)
        owner.close()
        #expect(owner.scope(in: root) === scope)
        #expect(scope.isClosed)

        let unused = LifetimeScopeOwner<Container>("never opened") { _ in Issue.record("configure ran on a closed scope") }
        unused.close()
        let late = unused.scope(in: root)
        #expect(late.isClosed)
        #expect(unused.scope(in: root) === late)
    }

    @Test func theScopesInstancesAreReleasedWhenTheOwnerGoes() {
        LifeLog.$current.withValue(LifeLog()) {
            let log = LifeLog.current
            let root = Container()
            var owner: LifetimeScopeOwner<Container>? = LifetimeScopeOwner("detail")
            let scope = owner!.scope(in: root)
            #expect(scope.detailVM(7) === scope.detailVM(7))
            #expect(log.log == ["init DetailVM#1 id 7"])
            owner = nil   // the view's storage is destroyed
            #expect(scope.isClosed)
            #expect(log.log == ["init DetailVM#1 id 7", "deinit DetailVM#1"])
        }
    }

    @Test func ownersOfDiscardedViewValuesOpenNothing() {
        LifeLog.$current.withValue(LifeLog()) {
            let log = LifeLog.current
            let root = Container()
            // SwiftUI keeps the owner of the view's first value; each re-render makes a new
            // value with a new owner that is dropped unread.
            let kept = LifetimeScopeOwner<Container>("detail")
            var discarded: [LifetimeScopeOwner<Container>] = []
            for _ in 1...5 { discarded.append(LifetimeScopeOwner("detail")) }
            for render in 1...6 {
                let scope = kept.scope(in: root)
                _ = scope.detailVM(1)
                _ = render
            }
            #expect(discarded.allSatisfy { $0.openedScope == nil })
            #expect(log.log == ["init DetailVM#1 id 1"])
            discarded = []
            #expect(log.log == ["init DetailVM#1 id 1"])
            kept.close()
            #expect(log.log == ["init DetailVM#1 id 1", "deinit DetailVM#1"])
        }
    }

    @Test func configureRunsOnceBeforeAnythingResolvesAndOverridesOnlyTheSubtree() {
        LifeLog.$current.withValue(LifeLog()) {
            let log = LifeLog.current
            let root = Container()
            var runs = 0
            let owner = LifetimeScopeOwner<Container>("preview") { scope in
                runs += 1
                scope.sessionVM.register { SessionVM(source: "mock") }
            }
            let scope = owner.scope(in: root)
            _ = owner.scope(in: root)
            #expect(runs == 1)
            #expect(scope.sessionVM().source == "mock")
            #expect(root.sessionVM().source == "live", "the override is the scope's alone")
            #expect(log.log == ["init SessionVM#1 mock", "init SessionVM#2 live"])
            owner.close()
            #expect(log.log == ["init SessionVM#1 mock", "init SessionVM#2 live", "deinit SessionVM#1"])
        }
    }

    @Test func aCustomContainerTypeGetsItsOwnScopes() {
        LifeLog.$current.withValue(LifeLog()) {
            let log = LifeLog.current
            let feature = FeatureContainer()
            let owner = LifetimeScopeOwner<FeatureContainer>("settings")
            let scope = owner.scope(in: feature)
            #expect(scope.sessionVM().source == "feature")
            owner.close()
            #expect(log.log == ["init SessionVM#1 feature", "deinit SessionVM#1"])
        }
    }
}

@Suite struct ViewModelSlotTests {
    @Test func aSlotResolvesOnFirstReadFromTheEnvironmentAndKeepsThatInstance() {
        LifeLog.$current.withValue(LifeLog()) {
            let log = LifeLog.current
            let root = Container()
            let flow = root.child("flow")
            let slot = ViewModelSlot(\.detailVM, 3)
            #expect(slot.resolvedValue == nil)
            #expect(log.log.isEmpty, "making a slot builds nothing")
            slot.markInstalled()
            let first = slot.value(in: ContainerEnvironment().with(flow))
            #expect(first === flow.detailVM(3), "resolved through the nearest scope")
            #expect(slot.value(in: ContainerEnvironment().with(root)) === first, "later reads never resolve again")
            #expect(slot.resolvedValue === first)
            #expect(log.log == ["init DetailVM#1 id 3"])
            flow.close()
            #expect(log.log == ["init DetailVM#1 id 3"], "the slot still holds it")
        }
    }

    @Test func slotsOfDiscardedViewValuesResolveNothing() {
        LifeLog.$current.withValue(LifeLog()) {
            let log = LifeLog.current
            let environment = ContainerEnvironment().with(Container())
            // The sheet's view is re-made with every parent render (start changes each time);
            // only the first value's slot is kept and read.
            let slots = (1...4).map { start in ViewModelSlot { $0.counterVM(start: start)() } }
            slots[0].markInstalled()
            for _ in 1...3 { _ = slots[0].value(in: environment) }
            #expect(log.log == ["init CounterVM#1 start 1"])
            #expect(slots.dropFirst().allSatisfy { $0.resolvedValue == nil })
        }
    }

    @Test func aSharedViewModelLivesAsLongAsAnySlotHoldsIt() {
        LifeLog.$current.withValue(LifeLog()) {
            let log = LifeLog.current
            let environment = ContainerEnvironment().with(Container())
            var sheet: ViewModelSlot<CounterVM>? = installed(ViewModelSlot { $0.counterVM(start: 0)() })
            var row: ViewModelSlot<CounterVM>? = installed(ViewModelSlot { $0.counterVM(start: 9)() })
            #expect(sheet!.value(in: environment) === row!.value(in: environment), ".shared while held")
            sheet = nil
            #expect(log.log == ["init CounterVM#1 start 0"], "the row still holds it")
            row = nil
            #expect(log.log == ["init CounterVM#1 start 0", "deinit CounterVM#1"])
        }
    }

    @Test func dismissingReleasesASharedViewModelAndTheNextPresentationBuildsAFreshOne() {
        LifeLog.$current.withValue(LifeLog()) {
            let log = LifeLog.current
            let environment = ContainerEnvironment().with(Container())
            var sheet: ViewModelSlot<CounterVM>? = installed(ViewModelSlot { $0.counterVM(start: 1)() })
            let first = ObjectIdentifier(sheet!.value(in: environment))
            sheet = nil   // dismissed: the sheet's storage goes
            #expect(log.log == ["init CounterVM#1 start 1", "deinit CounterVM#1"])
            sheet = installed(ViewModelSlot { $0.counterVM(start: 2)() })
            #expect(sheet!.value(in: environment).number == 2)
            _ = first
            #expect(log.log == ["init CounterVM#1 start 1", "deinit CounterVM#1", "init CounterVM#2 start 2"])
        }
    }

    @Test func keyPathsWithACustomRootResolveFromThatContainerType() {
        LifeLog.$current.withValue(LifeLog()) {
            let log = LifeLog.current
            let feature = FeatureContainer()
            let environment = ContainerEnvironment().with(Container()).with(feature)
            let slot = installed(ViewModelSlot(\FeatureContainer.sessionVM))
            let plain = installed(ViewModelSlot(\.sessionVM))
            #expect(slot.value(in: environment).source == "feature")
            #expect(plain.value(in: environment).source == "live")
            #expect(log.log == ["init SessionVM#1 feature", "init SessionVM#2 live"])
        }
    }
}
