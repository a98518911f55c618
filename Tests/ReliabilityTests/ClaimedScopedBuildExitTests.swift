import Foundation
import Scoped
import Testing

// The first `.scoped` build in a child lifetime scope has a fast way: the fast read that
// missed under the child's storage lock recorded the build there, and the build files its
// instance into that storage without retaining the node or the storage
// (`Filing.Place.scope`; the factory value resolving through the child keeps both alive).
// It is taken only while no container world is entered and no observer watches the child
// (`Route.isUnobservedOutsideWorlds`). Inside `swift test` suites enter worlds on many
// threads at once (`Switches.worlds` is one process-wide count), so no test running in the
// test process itself can count on taking it: a change that freed the child's storage on
// it once crashed only in the release benchmark. An exit test's body runs in a process of
// its own, started for that body alone, where no world was ever entered: each body below
// checks that (`Switches.now`), counts the builds that took the way (`Ledger`), and stops
// the process (`precondition`) on a wrong identity, count or way.

/// What one exit test's process made and released, by name, and how many of those builds
/// filed into their child's storage unretained. Lives in the child process only.
private final class Ledger: Sendable {
    private struct Counts {
        var inits = 0
        var deinits = 0
        var filedUnretained = 0
    }

    private let counts = Locked<[String: Counts]>([:])

    /// Called by an item's `init`, inside its build: notes the way the build files.
    func born(_ name: String) {
        let unretained = Self.innermostBuildFilesIntoItsScopeUnretained
        counts.withLock {
            $0[name, default: Counts()].inits += 1
            if unretained { $0[name, default: Counts()].filedUnretained += 1 }
        }
    }

    func died(_ name: String) {
        counts.withLock { $0[name, default: Counts()].deinits += 1 }
    }

    func inits(_ name: String) -> Int { counts.withLock { $0[name]?.inits ?? 0 } }
    func deinits(_ name: String) -> Int { counts.withLock { $0[name]?.deinits ?? 0 } }
    func filedUnretained(_ name: String) -> Int { counts.withLock { $0[name]?.filedUnretained ?? 0 } }

    /// Every build so far took the way under test: as many filed unretained as made.
    func everyBuildFiledUnretained(_ names: [String]) -> Bool {
        names.allSatisfy { inits($0) > 0 && filedUnretained($0) == inits($0) }
    }

    /// Whether the build this thread is running files into its child's storage without a
    /// retain (`Route.openClaimed`, borrowed).
    private static var innermostBuildFilesIntoItsScopeUnretained: Bool {
        ResolutionContext.withCurrent { context in
            guard context.isBuilding, case .scope = context.innermostFiling.place else { return false }
            return true
        }
    }
}

private final class Item: Sendable {
    let name: String
    let dependencies: [Item]
    private let ledger: Ledger

    init(_ name: String, _ ledger: Ledger, holding dependencies: [Item] = []) {
        self.name = name
        self.dependencies = dependencies
        self.ledger = ledger
        ledger.born(name)
    }

    deinit { ledger.died(name) }
}

extension Container {
    fileprivate func screen(_ ledger: Ledger) -> Factory<Item> { self { Item("screen", ledger) }.scoped }
    fileprivate func form(_ ledger: Ledger) -> Factory<Item> { self { Item("form", ledger) }.scoped }
    fileprivate func store(_ ledger: Ledger) -> Factory<Item> { self { Item("store", ledger) }.scoped }
    /// A `.scoped` body that resolves two other `.scoped` factories of its scope.
    fileprivate func editor(_ ledger: Ledger) -> Factory<Item> {
        self { Item("editor", ledger, holding: [self.form(ledger)(), self.store(ledger)()]) }.scoped
    }
    /// Three levels: page → editor → form, store; then form again, held by now.
    fileprivate func page(_ ledger: Ledger) -> Factory<Item> {
        self { Item("page", ledger, holding: [self.editor(ledger)(), self.form(ledger)()]) }.scoped
    }
    /// A parameter factory without `.perParameter`: one instance whatever the parameter.
    fileprivate func detail(_ ledger: Ledger) -> ParameterFactory<Int, Item> {
        self { Item("detail\($0)", ledger) }.scoped
    }
    /// A body that closes the scope it is being built in.
    fileprivate func closing(_ ledger: Ledger) -> Factory<Item> {
        self {
            self.close()
            return Item("closing", ledger)
        }.scoped
    }
    /// A body that drops the caller's only handle on the scope it is being built in; with
    /// `nested`, it resolves another `.scoped` factory of that scope afterwards.
    fileprivate func dropping(_ handle: Locked<Container?>, _ ledger: Ledger, nested: Bool) -> Factory<Item> {
        self {
            handle.withLock { $0 = nil }
            return Item("dropping", ledger, holding: nested ? [self.form(ledger)()] : [])
        }.scoped
    }
}

/// Stops unless this process has no world entered and no observer anywhere: the state in
/// which a child's first `.scoped` build takes its fast way.
private func requireNoWorldNorObserver() {
    precondition(Switches.now.isDisjoint(with: [.worlds, .observers]), "a world or an observer is on: \(Switches.now)")
}

/// Runs `round` 50 times (numbered from 1) with one ledger and one root, in this exit test's
/// process, then stops unless every build of `builds` took the fast way.
private func fiftyRounds(builds: [String], _ round: (Ledger, Container, Int) -> Void) {
    requireNoWorldNorObserver()
    let ledger = Ledger()
    let root = Container()
    for number in 1...50 { round(ledger, root, number) }
    precondition(ledger.everyBuildFiledUnretained(builds), "a build went another way")
}

@Suite struct ClaimedScopedBuildExitTests {
    /// First builds, hits, a second child and a close, each build on the fast way.
    @Test func firstBuildsAndHitsInAChildFileIntoItsStorage() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            fiftyRounds(builds: ["screen", "detail1"]) { ledger, root, round in
                let flow = root.child("flow")
                let other = root.child("other")
                weak var weakScreen: Item?
                weak var weakDetail: Item?
                do {
                    let screen = flow.screen(ledger)()
                    precondition(flow.screen(ledger)() === screen, "round \(round): a hit built again")
                    precondition(other.screen(ledger)() !== screen, "round \(round): two children shared an instance")
                    let detail = flow.detail(ledger)(1)
                    precondition(flow.detail(ledger)(2) === detail && detail.name == "detail1")
                    (weakScreen, weakDetail) = (screen, detail)
                }
                precondition(ledger.inits("screen") == 2 * round && ledger.inits("detail1") == round)
                precondition(weakScreen != nil && weakDetail != nil, "round \(round): the child kept nothing")
                flow.close()
                precondition(weakScreen == nil && weakDetail == nil, "round \(round): the close released nothing")
                precondition(ledger.deinits("screen") == 2 * round - 1, "round \(round): \(ledger.deinits("screen"))")
                other.close()
                precondition(ledger.deinits("screen") == 2 * round && ledger.deinits("detail1") == round)
            }
        }
        #expect(standardErrorText(of: result) == "")
    }

    /// Bodies that resolve other `.scoped` factories of their scope: every level takes the
    /// fast way, each dependency is built once and shared, and the close releases them all.
    @Test func nestedScopedBuildsFileIntoTheirChildsStorage() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            fiftyRounds(builds: ["page", "editor", "form", "store"]) { ledger, root, round in
                let flow = root.child("flow")
                let sheet = flow.child("sheet")
                weak var weakPage: Item?
                weak var weakInSheet: Item?
                do {
                    let page = flow.page(ledger)()
                    let editor = page.dependencies[0]
                    precondition(flow.editor(ledger)() === editor && flow.page(ledger)() === page)
                    precondition(editor.dependencies[0] === page.dependencies[1], "round \(round): two forms in one scope")
                    precondition(flow.form(ledger)() === editor.dependencies[0])
                    precondition(flow.store(ledger)() === editor.dependencies[1])
                    let inSheet = sheet.editor(ledger)()
                    precondition(inSheet !== editor && inSheet.dependencies[0] !== editor.dependencies[0])
                    (weakPage, weakInSheet) = (page, inSheet)
                }
                precondition(["page": 1, "editor": 2, "form": 2, "store": 2].allSatisfy { ledger.inits($0) == $1 * round })
                flow.close()   // the sheet first, then the flow
                precondition(weakPage == nil && weakInSheet == nil, "round \(round): the close released nothing")
                precondition(["page": 1, "editor": 2, "form": 2, "store": 2].allSatisfy { ledger.deinits($0) == $1 * round })
            }
        }
        #expect(standardErrorText(of: result) == "")
    }

    /// A body that closes its own scope: its caller gets the instance, the closed scope
    /// keeps nothing, and the instance goes with the caller's reference.
    @Test func aBodyThatClosesItsOwnScope() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            fiftyRounds(builds: ["closing"]) { ledger, root, round in
                let flow = root.child("flow")
                weak var weakItem: Item?
                do {
                    let item = flow.closing(ledger)()
                    precondition(item.name == "closing" && flow.isClosed)
                    weakItem = item
                }
                precondition(weakItem == nil, "round \(round): the closed scope kept its instance")
                precondition(ledger.inits("closing") == round && ledger.deinits("closing") == round)
            }
        }
        #expect(standardErrorText(of: result) == "")
    }

    /// A body that drops the caller's only handle on its scope (with and without a nested
    /// `.scoped` build after that): the factory value resolving through the scope keeps it
    /// alive until the resolve returns; then the scope goes, releasing what it kept.
    @Test func aBodyThatDropsItsScopesLastHandle() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            fiftyRounds(builds: ["dropping", "form"]) { ledger, root, round in
                let nested = round.isMultiple(of: 2)
                let handle = Locked<Container?>(root.child("flow"))
                weak let weakFlow = handle.withLock { $0 }
                weak var weakItem: Item?
                do {
                    let item = handle.withLock { $0 }!.dropping(handle, ledger, nested: nested)()
                    precondition(item.name == "dropping" && item.dependencies.count == (nested ? 1 : 0))
                    precondition(handle.withLock { $0 } == nil)
                    weakItem = item
                }
                precondition(weakFlow == nil, "round \(round): the scope outlived its last handle")
                precondition(weakItem == nil, "round \(round): the released scope kept its instance")
                precondition(ledger.inits("dropping") == round && ledger.deinits("dropping") == round)
                precondition(ledger.inits("form") == round / 2 && ledger.deinits("form") == round / 2)
            }
        }
        #expect(standardErrorText(of: result) == "")
    }

    /// Threads resolving the same child's `.scoped` factories at once: one build each, the
    /// one that claimed it by its fast read; every thread gets that instance.
    @Test func concurrentFirstBuildsInAChild() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let threads = 4
            fiftyRounds(builds: ["page", "editor", "form", "store"]) { ledger, root, round in
                let flow = root.child("flow")
                let barrier = Barrier(parties: threads)
                let got = Locked<[[Item]]>([])
                onThreads(threads) { index in
                    barrier.arriveAndWait()
                    let first = index.isMultiple(of: 2) ? flow.page(ledger)() : flow.form(ledger)()
                    let items = [flow.page(ledger)(), flow.editor(ledger)(), flow.form(ledger)(), flow.store(ledger)(), first]
                    got.withLock { $0.append(items) }
                }
                let results = got.withLock { taken in
                    defer { taken = [] }
                    return taken
                }
                let page = results[0][0]
                precondition(results.count == threads)
                for items in results {
                    precondition(items[0] === page && items[1] === page.dependencies[0], "round \(round): two pages or editors")
                    precondition(items[2] === page.dependencies[1] && items[3] === page.dependencies[0].dependencies[1])
                    precondition(items[4] === items[0] || items[4] === items[2], "round \(round): a first resolve got another")
                }
                precondition(["page", "editor", "form", "store"].allSatisfy { ledger.inits($0) == round })
                weak let weakPage = page
                _ = consume page
                _ = consume results
                flow.close()
                precondition(weakPage == nil, "round \(round): the close released nothing")
                precondition(["page", "editor", "form", "store"].allSatisfy { ledger.deinits($0) == round })
            }
        }
        #expect(standardErrorText(of: result) == "")
    }

    /// The control: an observer on the child's root turns the fast way off, and the ledger
    /// sees it (so a ledger saying "all unretained" above is not a ledger that cannot tell).
    @Test func anObserverTurnsTheFastWayOff() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            requireNoWorldNorObserver()
            let ledger = Ledger()
            let root = Container()
            let observation = root.observe(LifecycleObserver { _ in })
            let flow = root.child("flow")
            let editor = flow.editor(ledger)()
            precondition(flow.editor(ledger)() === editor && flow.form(ledger)() === editor.dependencies[0])
            precondition(["editor", "form", "store"].allSatisfy { ledger.inits($0) == 1 && ledger.filedUnretained($0) == 0 })
            observation.cancel()
            precondition(Switches.now.isDisjoint(with: [.worlds, .observers]))
            let screen = flow.screen(ledger)()
            precondition(flow.screen(ledger)() === screen && ledger.filedUnretained("screen") == 1)
        }
        #expect(standardErrorText(of: result) == "")
    }
}
