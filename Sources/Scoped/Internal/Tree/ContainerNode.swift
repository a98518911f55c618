// Concurrency rule: a node keeps its instances in `storage` and its mutable `state` (children, overrides, observers) in
// the storage's lock. Tree walks take one scope's lock at a time (inventory: Locked.swift); factory bodies, observers
// and released instances' `deinit`s run unlocked. Depth rule: nothing recurses along the tree; when a node ends, its
// retains on parent and manager go to its thread's release queue (`ResolutionContext.releaseIteratively`).

/// The state behind a container (its ``ContainerManager`` owns it): instances, overrides, observers, place in the scope
/// tree. Weak references point here, not at the manager factory values retain: a weak referent's retains are slow.
@usableFromInline
package final class ContainerNode: Sendable {
    package struct State {
        /// The open children, held strongly until each closes (its manager's end, or `close()`).
        package var children = OpenChildren()
        package var closed = false
        package var overrides: [RegistrationKey: any OverrideBody] = .init()
        package var observers: [UInt64: LifecycleObserver] = .init()
        package var autoRegistration: AutoRegistration?
        package var savedOverrides: [[RegistrationKey: any OverrideBody]] = []
        /// The last closed child's emptied table buffer (at most ``EntryTable/firstCapacityLimit`` entries) for the
        /// next, which likely resolves the same `.scoped` dependencies: one allocation and one free fewer per child.
        package var spareEntries: [StoredEntry] = []
    }
    /// The node's ``State``, guarded by its storage's lock (``StorageState/node``): one lock.
    package struct StateLock {
        let storage: InstanceStorage
        /// Runs `body` with the node's state locked: it must not run user code, nor use `storage`.
        @inline(__always)
        package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
            try storage.withLock { try body(&$0.node) }
        }
    }
    /// As words (0 for a root): the parent's node and the manager it was opened from (retained), the root (not).
    private let parentBits: UInt
    private let rootBits: UInt
    private let openedFromBits: UInt
    /// The container world's number (0: production): a number, so that the world's roots do not keep it alive.
    package let worldNumber: UInt64
    package let isViewBound: Bool
    /// A process-wide number, for events and messages.
    package let number: UInt64
    /// The name given to `child(_:)`, or the container type's name.
    package let name: String
    /// Instances owned here: cached/shared/custom/scoped for a root, scoped for a child.
    package let storage: InstanceStorage
    /// The root's `storage` (this one's, for a root), not retained.
    package let rootStorage: UnsafeReference<InstanceStorage>
    /// Singletons seen from here: the process's, or the container world's.
    package let singletons: InstanceStorage
    /// Singletons that roots' overrides made, the process's or the container world's.
    package let overriddenSingletons: InstanceStorage
    package var state: StateLock { StateLock(storage: storage) }
    /// The node's atomic words, allocated with `storage`'s lock (which this node keeps alive).
    private let atomicWords: AtomicWords
    /// Number of overrides registered here; read without locking on every resolve.
    package var overrideCount: AtomicWord { atomicWords[0] }
    /// Number of observers installed here; read without locking by the resolve path.
    package var observerCount: AtomicWord { atomicWords[1] }
    private var indexInParent: AtomicWord { atomicWords[2] }
    /// 1 while a root's `autoRegister()` has yet to run (AutoRegistration.swift).
    package var autoRegistrationPending: AtomicWord { atomicWords[3] }
    /// 1 once `close()` marked this scope closed (under the lock, with `State.closed`).
    private var closedWord: AtomicWord { atomicWords[4] }
    /// How many instances the last child to close held: the next child's table starts that large, not grown to it.
    private var lastChildEntryCount: AtomicWord { atomicWords[5] }
    package static let processSingletons = InstanceStorage()
    package static let processOverriddenSingletons = InstanceStorage()
    package convenience init() { self.init(parent: nil, name: nil) }
    /// A child of `parent`, or a root of `world` (nil: production's).
    private init(
        parent: __shared ContainerNode?, openedFrom: __shared ContainerManager? = nil, name: String?,
        world: __shared WorldNode? = nil, viewBound: Bool = false
    ) {
        isViewBound = viewBound || parent?.isViewBound == true
        // Both retained by hand, given back in `deinit` through the release queue.
        parentBits = parent.map { UnsafeReference.retaining($0).bits } ?? 0
        openedFromBits = openedFrom.map { UnsafeReference.retaining($0).bits } ?? 0
        // The parent's words, not `parent.root`: no retain and release of the root.
        self.rootBits = parent.map { $0.isRoot ? UnsafeReference.unretained($0).bits : $0.rootBits } ?? 0
        worldNumber = parent?.worldNumber ?? world?.number ?? 0
        singletons = parent?.singletons ?? world?.singletons ?? ContainerNode.processSingletons
        overriddenSingletons = parent?.overriddenSingletons ?? world?.overriddenSingletons ?? ContainerNode.processOverriddenSingletons
        // At most 64: one large flow does not make every later sibling reserve as much.
        let expected = parent.map {
            min(EntryTable.firstCapacityLimit, Int($0.lastChildEntryCount.load(ordering: .relaxed)))
        } ?? 0
        let storage = InstanceStorage(indexed: parent == nil, words: 6, expectedEntries: expected)
        self.storage = storage
        atomicWords = storage.words
        rootStorage = parent?.rootStorage ?? UnsafeReference.unretained(storage)  // kept by the root
        number = ProcessWideCounter.scopeNodeNumbers.next()
        self.name = name ?? (parent == nil ? "root" : "child")
        // Roots only: a reset reaches children through their root's tree.
        if parent == nil { ContainerRegistry.add(self) }
    }
    /// A child lifetime scope of `parent` (the node of `manager` in the current world).
    package convenience init(
        childOf parent: __shared ContainerNode, openedFrom manager: __shared ContainerManager, name: String?,
        viewBound: Bool = false
    ) {
        self.init(parent: parent, openedFrom: manager, name: name, viewBound: viewBound)
        let parentClosed = parent.state.withLock { state -> Bool in
            guard !state.closed else { return true }
            if state.spareEntries.capacity != 0 {
                // Not shared yet: no thread reaches this node before `insert` below, under this lock.
                storage.withUnsharedState { $0.table.adopt(&state.spareEntries) }
            }
            indexInParent.store(UInt(state.children.insert(self)), ordering: .relaxed)
            return false
        }
        if parentClosed {
            ScopedFailure.stop("cannot open a child of \(parent.displayName): that lifetime scope is closed")
        }
        emit(.scopeOpened)
    }
    /// `world`'s root for the production root `original`.
    package convenience init(worldRootFor original: ContainerNode, world: WorldNode, inheriting inherited: ContainerNode?) {
        self.init(parent: nil, name: original.name, world: world)
        // A world root runs its production root's `autoRegister()` too, once per world.
        if let hook = original.state.withLock({ $0.autoRegistration?.hook }) {
            inherited?.autoRegisterIfNeeded()
            installAutoRegistration(hook, pending: inherited == nil)
        }
        if let inherited {
            let copied = inherited.state.withLock { $0.overrides }
            state.withLock { $0.overrides = copied }
            overrideCount.store(UInt(copied.count), ordering: .sequentiallyConsistent)
        }
    }
    deinit {
        // A child is closed by now (its manager closed it, and its parent held it until then).
        if isRoot { ContainerRegistry.remove(ObjectIdentifier(self)) }
        EventHub.removeAll(from: self)
        if overrideCount.load(ordering: .relaxed) != 0 { state.withLock { _ in recordOverrideCount(0) } }
        // Closed: `close()` closed the storage too, and holds the node until it has.
        if closedWord.load(ordering: .acquiring) == 0 { releaseClosed(storage.close(of: self), dying: true) }
        if isRoot && worldNumber == 0 { WorldNode.rootDidEnd(number) }
        // The retains `init` took.
        if !isRoot {
            ResolutionContext.current.releaseIteratively(
                UnsafeReference<ContainerNode>(bits: parentBits).takeRetained(),
                UnsafeReference<ContainerManager>(bits: openedFromBits).takeRetained())
        }
    }
    @usableFromInline package var isRoot: Bool { parentBits == 0 }
    package var root: ContainerNode { isRoot ? self : UnsafeReference<ContainerNode>(bits: rootBits).object }
    /// Runs `body` with this node's root borrowed, not retained: a root is weakly referenced.
    @inline(__always)
    package func withRoot<R>(_ body: (ContainerNode) -> R) -> R {
        guard rootBits != 0 else { return body(self) }
        return UnsafeReference<ContainerNode>(bits: rootBits).withBorrowed(body)
    }
    /// The node resolves should use: the current container world's root for this root, or this one.
    @usableFromInline
    package func nodeInCurrentWorld() -> ContainerNode {
        // A lifetime scope is its own world's: asked first, it needs no look at the worlds.
        guard isRoot, worldNumber == 0, Switches.now.contains(.worlds), let world = WorldNode.current else {
            return self
        }
        return world.replacement(for: self)
    }
    /// `root#1`, `checkout#7`: how events and messages name this container.
    @usableFromInline package var displayName: String { "\(name)#\(number)" }
    package var isClosed: Bool { closedWord.load(ordering: .acquiring) != 0 }
    /// What resolving `key` through this closed scope is: the error an async resolve throws.
    func closedError(_ key: StorageKey, scope: Scope, duringBuild: Bool = false) -> LifetimeScopeClosedError {
        LifetimeScopeClosedError(key, as: scope, in: displayName, isRoot: isRoot, duringBuild: duringBuild)
    }

    // MARK: Lifetime
    /// Closes this lifetime scope: children first (newest first), then this scope's instances.
    package func close() {
        guard closedWord.load(ordering: .acquiring) == 0, let children = closeIfChildless() else { return }
        guard !children.isEmpty else { return }  // the usual case: closed in one critical section, no stack
        var closing: [(node: ContainerNode, children: [ContainerNode])] = [(self, children)]
        while !closing.isEmpty {
            if let child = closing[closing.count - 1].children.popLast() {
                guard let grandchildren = child.closeIfChildless(), !grandchildren.isEmpty else { continue }
                closing.append((child, grandchildren))
            } else {
                let node = closing.removeLast().node
                node.releaseClosed(node.storage.close(of: node))
            }
        }
    }
    /// Marks this scope closed and, if childless, closes its storage in the same critical section and releases it.
    /// Returns the open children, oldest first, to close first: `[]` once released, nil if it was closed already.
    private func closeIfChildless() -> [ContainerNode]? {
        var children: [ContainerNode]?
        let entries = storage.close(of: self) { state in
            guard !state.node.closed else { return false }
            state.node.closed = true
            closedWord.store(1, ordering: .releasing)
            children = state.node.children.removeAll()
            return children?.isEmpty == true
        }
        if children?.isEmpty == true { releaseClosed(consume entries) }
        return children
    }
    /// Once its children are closed: releases the `entries` its storage's close removed, newest first, then drops the
    /// parent's reference to this child (a node dying unclosed is a root: it has none).
    private func releaseClosed(_ entries: consuming [StoredEntry], dying: Bool = false) {
        let entryCount = UInt(entries.count)
        var spare = releaseNewestFirst(consume entries, dying: dying, closing: !dying)  // emptied
        if Switches.now.contains(.observers) { emit(.scopeClosed) }
        guard !dying, !isRoot else { return }
        let keepsSpare = spare.capacity <= EntryTable.firstCapacityLimit
        let removed = UnsafeReference<ContainerNode>(bits: parentBits).withBorrowed { parent in
            parent.lastChildEntryCount.store(entryCount, ordering: .relaxed)
            return parent.state.withLock { state in
                if keepsSpare && !state.closed && state.spareEntries.capacity == 0 { swap(&spare, &state.spareEntries) }
                return state.children.remove(at: Int(indexInParent.load(ordering: .relaxed)), number: number)
            }
        }
        _ = removed  // released after unlocking: it may be this node's last reference
    }
    /// Releases `entries` (oldest first as given) newest first, reporting each, after unlocking; returns them emptied.
    @discardableResult
    package func releaseNewestFirst(
        _ entries: consuming [StoredEntry], dying: Bool = false, closing: Bool = false
    ) -> [StoredEntry] {
        var leakCheck = Switches.now.watchesReleases ? LeakCheck.Batch(releasedBy: self, dying: dying) : nil
        let context = closing ? ResolutionContext.current : nil
        let outer = context?.notedCloseRelease  // a close run by a deinit of another close's
        let nodeBits = closing ? UnsafeReference.unretained(self).bits : 0
        while let entry = entries.popLast() {
            if let builder = entry.reporter, builder !== self {
                builder.releaseNewestFirst([entry])
                continue
            }
            if Switches.now.contains(.observers) {
                emit(.released, key: entry.key, scope: entry.scope, instance: entry.instance)
            }
            leakCheck?.watch(entry)
            context?.noteCloseRelease(nodeBits, entry.key.registration)
            _ = consume entry
            context?.noteCloseRelease(outer?.node ?? 0, outer?.key)
        }
        leakCheck?.finish()
        return entries
    }

    // MARK: Overrides
    /// The override for `key` visible from here.
    @usableFromInline @inline(__always)
    package func override(for key: RegistrationKey) -> (body: any OverrideBody, owner: ContainerNode)? {
        firstInChain(unlessOnlyRoots: .childOverrides) { node in
            // Acquiring: a count a reset cleared comes with the gate it raised before.
            guard node.overrideCount.load(ordering: .acquiring) != 0,
                let stored = node.state.withLock({ $0.overrides[key] }), let body = stored.selected()
            else { return nil }
            return (body, node)
        }
    }
    /// ``firstInChain(_:)`` for what lifetime scopes rarely have (overrides, observers).
    @inline(__always)
    package func firstInChain<R>(unlessOnlyRoots childCount: ProcessWideWord, _ test: (ContainerNode) -> R?) -> R? {
        guard childCount.word.load(ordering: .relaxed) == 0 else { return firstInChain(test) }
        return withRoot(test)
    }
    /// The first non-nil answer of `test` for this node, then its parent, up to the root.
    @inline(__always)
    package func firstInChain<R>(_ test: (ContainerNode) -> R?) -> R? {
        if let found = test(self) { return found }
        var bits = parentBits
        while bits != 0 {
            let (found, next) = UnsafeReference<ContainerNode>(bits: bits).withBorrowed { node in
                (test(node), node.parentBits)
            }
            if let found { return found }
            bits = next
        }
        return nil
    }
    /// Stores for `key` what `update` makes of the override stored now.
    package func updateOverride(for key: RegistrationKey, _ update: ((any OverrideBody)?) -> any OverrideBody) {
        // The replaced override is released after unlocking.
        let (_, closed) = state.withLock { state -> ((any OverrideBody)?, Bool) in
            guard !state.closed else { return (nil, true) }
            defer { recordOverrideCount(state.overrides.count) }
            return (state.overrides.updateValue(update(state.overrides[key]), forKey: key), false)
        }
        if closed {
            // Accepted, it would fail only at the next resolve, far from the mistake.
            let what = isRoot ? "container" : "lifetime scope"
            // `update` may come from a run-time modifier, not `register`: the message says so.
            ScopedFailure.stop(
                "cannot register or change an override of \(key) on \(displayName) (register, or a context modifier, "
                    + ".decorator, .scope or .timeToLive written as a statement): that \(what) is closed",
                declaredBy: [key])
        }
    }
    private func recordOverrideCount(_ count: Int) {
        adjust(overrideCount, by: count - Int(overrideCount.load(ordering: .relaxed)), lifetimeScopesTotal: .childOverrides)
        OverrideChanges.count()
    }
    /// Changes `count` by `delta`, and for a lifetime scope the process-wide `total`.
    package func adjust(_ count: AtomicWord, by delta: Int, lifetimeScopesTotal total: ProcessWideWord) {
        count.add(UInt(bitPattern: delta), ordering: .sequentiallyConsistent)  // wraps: a negative one subtracts
        if !isRoot { total.word.add(UInt(bitPattern: delta), ordering: .sequentiallyConsistent) }
    }
    /// Removes the override of `key`, releasing its body after unlocking.
    package func removeOverride(for key: RegistrationKey) {
        replaceOverrides({ state in state.overrides.filter { $0.key != key } }, then: { _ in })  // the caller drops
    }
    /// Factory's `reset(.registration)` / `reset(.context)` of one registration (`key`) or of all.
    package func removeOverrideParts(of key: RegistrationKey?, keepRegistered: Bool, keepContexts: Bool) {
        replaceOverrides({ state in
            var kept = state.overrides
            for (candidate, body) in state.overrides where key == nil || candidate == key {
                kept[candidate] = StoredOverrides.removing(from: body, keepRegistered: keepRegistered, keepContexts: keepContexts)
            }
            return kept
        }, then: dropEverywhere)
    }
    /// Swaps in the overrides `change` makes (nil: none, nothing changes); then, unlocked, runs `changed` on the
    /// registrations whose override that changes, and releases the replaced overrides.
    @discardableResult
    private func replaceOverrides(
        _ change: (inout State) -> [RegistrationKey: any OverrideBody]?, then changed: ([RegistrationKey]) -> Void
    ) -> Bool {
        var replaced: [RegistrationKey: any OverrideBody] = [:]
        let keys = state.withLock { state -> [RegistrationKey]? in
            guard let new = change(&state) else { return nil }
            (replaced, state.overrides) = (state.overrides, new)
            recordOverrideCount(new.count)
            return Set(replaced.keys).union(new.keys).filter { replaced[$0] !== new[$0] }
        }
        guard let keys else { return false }
        changed(keys)
        replaced = [:]  // override bodies may capture instances: released here, unlocked
        return true
    }
    /// Drops `scope`'s instances held here (`manager.reset(scope:)`), and a root's singletons if `ownSingletons`.
    package func resetHeld(of scope: Scope, ownSingletons: Bool = true) {
        var removed = storage.remove { $0.scope === scope }
        if ownSingletons && scope.kind.home == .process && isRoot {
            removed += singletons.remove { $0.reporter === self }
            removed += overriddenSingletons.remove { $0.reporter === self }
        }
        guard !removed.isEmpty else { return }
        releaseNewestFirst(consume removed)
        emit(.reset, scopeName: scope.name)
    }
    /// Saves the overrides registered here (Factory's `manager.push()`).
    package func pushOverrides() { state.withLock { $0.savedOverrides.append($0.overrides) } }
    /// Restores what ``pushOverrides()`` saved last and drops the instances whose override that changes (`pop()`).
    package func popOverrides() {
        guard replaceOverrides({ $0.savedOverrides.popLast() }, then: dropEverywhere) else {
            ScopedFailure.stop("pop() on \(displayName) without a push() before it: nothing to restore")
        }
    }

    // MARK: Resets
    /// Drops every override and every instance this container holds (singletons stay).
    package func reset() {
        // Resolves wait while the overrides and instances go, then run `autoRegister()` again.
        let autoRegistration = beginAutoRegistrationReset()
        replaceOverrides({ _ in [:] }) { [self] dropped in
            let removed = storage.remove()
            endAutoRegistrationReset(autoRegistration)  // before any `deinit` runs
            releaseNewestFirst(consume removed)
            // What the open lifetime scopes below made with the overrides just removed.
            for key in dropped {
                dropInOpenDescendants(key)
                if isRoot { drop(key, from: [overriddenSingletons]) }
            }
        }
        emit(.reset, scopeName: "container")
    }
    private func dropEverywhere(_ keys: [RegistrationKey]) {
        for key in keys {
            drop(key, from: storagesToDrop(overrideChanged: true))
            dropInOpenDescendants(key)
        }
    }
    /// Drops the instances of `key` held in `storages` (every parameter of it).
    package func drop(_ key: RegistrationKey, from storages: [InstanceStorage]) {
        for storage in storages { releaseNewestFirst(storage.remove { $0.key.registration == key }) }
    }
    package func dropInOpenDescendants(_ key: RegistrationKey) {
        var pending: [ContainerNode] = []
        state.withLock { $0.children.forEach { pending.append($0) } }
        while let scope = pending.popLast() {
            let shadowed = scope.state.withLock { state -> Bool in
                guard state.overrides[key] == nil else { return true }
                state.children.forEach { pending.append($0) }
                return false
            }
            if !shadowed { scope.drop(key, from: [scope.storage]) }
        }
    }
    /// `Scope.x.reset()` everywhere; for `Scope.singleton`, the process's singletons too, or the current test's.
    package static func resetEverywhere(scope: Scope) {
        let world = Switches.now.contains(.worlds) ? WorldNode.current : nil
        // An overridden singleton lives in the storage of the container holding the override.
        for node in ContainerRegistry.nodes(in: world, holding: scope) { node.resetHeld(of: scope, ownSingletons: false) }
        guard scope.kind.home == .process else { return }
        var removed = (world?.singletons ?? processSingletons).remove { _ in true }
        removed += (world?.overriddenSingletons ?? processOverriddenSingletons).remove { _ in true }
        var reporters: [ContainerNode] = []
        // Each reported (and leak-checked) by the root that resolved it; one `.reset` per root.
        while let entry = removed.popLast() {
            guard let reporter = entry.reporter else { continue }
            reporter.releaseNewestFirst([consume entry])
            if !reporters.contains(where: { $0 === reporter }) { reporters.append(reporter) }
        }
        for reporter in reporters { reporter.emit(.reset, scopeName: scope.name) }
    }
}

/// A scope's open children, in its `state`: added and removed in constant time, each by its index (`indexInParent`,
/// written once under the lock before anyone can close the child; reused once it closes); oldest first at a close.
package struct OpenChildren {
    private var children: [ContainerNode?] = []
    private var freeIndices: [Int] = []
    package var count: Int { children.count - freeIndices.count }
    package var isEmpty: Bool { count == 0 }
    /// Adds `child`; returns the index it must remember for ``remove(at:number:)``.
    package mutating func insert(_ child: ContainerNode) -> Int {
        if let index = freeIndices.popLast() {
            children[index] = child
            return index
        }
        children.append(child)
        return children.count - 1
    }
    package mutating func remove(at index: Int, number: UInt64) -> ContainerNode? {
        guard index < children.count, let child = children[index], child.number == number else { return nil }
        children[index] = nil
        freeIndices.append(index)
        if isEmpty {
            children.removeAll(keepingCapacity: true)
            freeIndices.removeAll(keepingCapacity: true)
        }
        return child
    }
    /// Calls `body` with each open child, in no particular order.
    package func forEach(_ body: (ContainerNode) -> Void) { for case let child? in children { body(child) } }
    /// Removes every child and returns them, oldest first (node numbers grow with time).
    package mutating func removeAll() -> [ContainerNode] {
        guard !isEmpty else { return [] }
        let all = children.compactMap { $0 }.sorted { $0.number < $1.number }
        self = OpenChildren()
        return all
    }
}
