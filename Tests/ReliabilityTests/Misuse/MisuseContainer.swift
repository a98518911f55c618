import Foundation
import Scoped
import Testing

/// Plain types for the misuse scenarios (each exit test runs in a fresh process).
final class FlowModel: Sendable {
    init(_ dependencies: [AnyObject & Sendable] = []) { _ = dependencies }
}
final class RootStore: Sendable {
    init(_ model: FlowModel) { _ = model }
}
final class Gadget: Sendable {}
/// Resolves a gadget through the scope it was built in when it goes: a `deinit` run by
/// that scope's `close()`.
final class GadgetInDeinit: Sendable {
    let scope: MisuseContainer
    init(_ scope: MisuseContainer) { self.scope = scope }
    deinit { _ = scope.gadget() }
}
final class CrossA: Sendable {
    init(_ b: CrossB?) { _ = b }
}
final class CrossB: Sendable {
    init(_ a: CrossA) { _ = a }
}
final class LazyOwner: Sendable {
    init(_ lazy: Lazy<LazyTarget>) { _ = lazy() }
}
final class LazyTarget: Sendable {
    init(_ owner: LazyOwner) { _ = owner }
}
@MainActor final class MainScreen {}
final class AsyncA: Sendable {
    init(_ b: AsyncB) { _ = b }
}
final class AsyncB: Sendable {
    init(_ a: AsyncA) { _ = a }
}

/// Two async bodies meet here: each waits (suspended, not blocking a thread) until both
/// have arrived.
final class AsyncMeeting: Sendable {
    private let state = Locked<(arrived: Int, waiting: [CheckedContinuation<Void, Never>])>((0, []))

    func arriveAndWait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let everyone = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
                state.arrived += 1
                state.waiting.append(continuation)
                guard state.arrived == 2 else { return nil }
                defer { state.waiting = [] }
                return state.waiting
            }
            for waiting in everyone ?? [] { waiting.resume() }
        }
    }
}
final class Worker: Sendable {
    init(_ screen: MainScreen) { _ = screen }
}

/// The container every misuse scenario uses.
final class MisuseContainer: SharedContainer {
    static let shared = MisuseContainer()
    let manager: ContainerManager
    init(manager: ContainerManager = ContainerManager()) { self.manager = manager }
}

/// Where the cross-thread scenarios meet (one process per exit test, so statics are fresh).
enum MisuseRendezvous {
    static let barrier = Barrier(parties: 2)
    /// A thunk the cross-thread Lazy scenario shares between its two threads.
    static let thunk = Locked<Lazy<Gadget>?>(nil)
    /// Where the two async builds of the cross-task cycle meet.
    static let meeting = AsyncMeeting()
}

extension MisuseContainer {
    /// Scoped in a child, built from the root's cached store, whose body resolves the
    /// flow model again through the same child: a cycle across a child and its parent.
    var flowModel: Factory<FlowModel> { self { FlowModel([self.rootStore()]) }.scoped }
    /// Where the stop message's "where to look" line says `flowModel` is declared (46: the
    /// column of its `self`).
    static let flowModelSite = "\(#fileID):\(#line - 3):46"
    var rootStore: Factory<RootStore> { self { RootStore(self.flowModel()) }.cached }
    static let rootStoreSite = "\(#fileID):\(#line - 1):46"

    /// Declared without dependencies; a test registers an override that resolves
    /// `overrideTarget`, which resolves this factory again: a cycle only the override makes.
    var overridden: Factory<CrossA> { self { CrossA(nil) }.cached }
    var overrideTarget: Factory<CrossB> { self { CrossB(self.overridden()) }.cached }

    /// An async factory that asks for `.graph`, one synchronous resolve's scope.
    var asyncGraph: AsyncFactory<Gadget> { self { Gadget() }.scope(.graph) }
    var asyncGadget: AsyncFactory<Gadget> { self { Gadget() } }

    /// Async factories that await each other: a cycle within one chain of builds.
    var asyncA: AsyncFactory<AsyncA> { self { AsyncA(try await self.asyncB()) }.cached }
    var asyncB: AsyncFactory<AsyncB> { self { AsyncB(try await self.asyncA()) }.cached }
    /// A per-parameter async factory whose build for 1 awaits the one for 2, which awaits
    /// the one for 1 again: a cycle through parameters.
    var asyncLoop: AsyncParameterFactory<Int, Gadget> {
        self { n in _ = try await self.asyncLoop(n == 1 ? 2 : 1); return Gadget() }.cached.perParameter
    }

    /// The same, each build started by a task of its own: both bodies meet before each
    /// awaits the other's build, so the cycle is one of waits across tasks.
    var crossAsyncA: AsyncFactory<AsyncA> {
        self {
            await MisuseRendezvous.meeting.arriveAndWait()
            return AsyncA(try await self.crossAsyncB())
        }.cached
    }
    var crossAsyncB: AsyncFactory<AsyncB> {
        self {
            await MisuseRendezvous.meeting.arriveAndWait()
            return AsyncB(try await self.crossAsyncA())
        }.cached
    }

    /// A cycle through a Lazy: the owner's body calls a thunk over the target, whose body
    /// resolves the owner.
    var lazyOwner: Factory<LazyOwner> { self { LazyOwner(self.lazyTarget.lazy) }.cached }
    var lazyTarget: Factory<LazyTarget> { self { LazyTarget(self.lazyOwner()) }.shared }

    /// A cycle across two threads: each body waits until the other has started, then
    /// resolves the other's registration.
    var crossA: Factory<CrossA> {
        self {
            MisuseRendezvous.barrier.arriveAndWait()
            return CrossA(self.crossB())
        }.cached
    }
    var crossB: Factory<CrossB> {
        self {
            MisuseRendezvous.barrier.arriveAndWait()
            return CrossB(self.crossA())
        }.cached
    }

    /// A cycle across two threads through a Lazy: the body of `lazyGadget` (resolved by
    /// the shared thunk) waits for `gadgetUser`, being built on the other thread, whose
    /// body calls the shared thunk.
    var lazyGadget: Factory<Gadget> {
        self {
            MisuseRendezvous.barrier.arriveAndWait()
            _ = self.gadgetUser()
            return Gadget()
        }.cached
    }
    var gadgetUser: Factory<FlowModel> {
        self {
            MisuseRendezvous.barrier.arriveAndWait()
            return FlowModel([MisuseRendezvous.thunk.withLock { $0 }!()])
        }.cached
    }

    var gadget: Factory<Gadget> { self { Gadget() }.scoped }
    static let gadgetSite = "\(#fileID):\(#line - 1):40"
    var gadgetItem: ParameterFactory<Int, Gadget> { self { _ in Gadget() }.scoped.perParameter }
    var cachedGadget: Factory<Gadget> { self { Gadget() }.cached }
    /// A `.unique` body that resolves the `.scoped` gadget of its container.
    var gadgetHolder: Factory<FlowModel> { self { FlowModel([self.gadget()]) } }
    static let gadgetHolderSite = "\(#fileID):\(#line - 1):49"
    var gadgetInDeinit: Factory<GadgetInDeinit> { self { GadgetInDeinit(self) }.scoped }

    /// A main-actor body declared without `@MainActor` on the property, so that code
    /// off the main actor can reach it (and be stopped).
    var mainScreen: MainActorFactory<MainScreen> { self { @MainActor in MainScreen() } }
    /// A background body that resolves the main-actor factory the way the compiler cannot
    /// see: through the runtime-checked factory underneath, as a Swift 5-mode caller would.
    var worker: Factory<Worker> { self { Worker(self.mainScreen.factory()) }.cached }

    /// Same explicit key and type as `gadgetItem`-like parameter factories, but no parameter.
    var keyedGadget: Factory<Gadget> { self(key: "sharedKey", line: 1, column: 1) { Gadget() } }
    var keyedGadgetByName: ParameterFactory<String, Gadget> { self(key: "sharedKey", line: 1, column: 1) { _ in Gadget() } }
}

/// Writes `name: value` to standard error, for the parent test to read back (exit-test
/// bodies cannot hand values back any other way).
func announce(_ name: String, _ value: String) {
    FileHandle.standardError.write(Data("\(name): \(value)\n".utf8))
}

/// What an exit test's process wrote to standard error.
func standardErrorText(of result: ExitTest.Result?) -> String {
    result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
}

/// The message of the `fatalError` that stopped the process: the text after
/// `Fatal error: ` on its line.
func stopMessage(of result: ExitTest.Result?) -> String? {
    let text = standardErrorText(of: result)
    guard let range = text.range(of: "Fatal error: ") else { return nil }
    return String(text[range.upperBound...].prefix { $0 != "\n" })
}

/// The line after the stop message: where to look.
func whereToLook(in result: ExitTest.Result?) -> String? {
    let text = standardErrorText(of: result)
    guard let range = text.range(of: "Scoped: where to look: ") else { return nil }
    return "Scoped: where to look: " + String(text[range.upperBound...].prefix { $0 != "\n" })
}

/// A value `announce`d by the exit test's process.
func announced(_ name: String, in result: ExitTest.Result?) -> String? {
    let text = standardErrorText(of: result)
    guard let range = text.range(of: "\(name): ") else { return nil }
    return String(text[range.upperBound...].prefix { $0 != "\n" })
}
