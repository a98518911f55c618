/// A stop the reference model predicts (the library would end the process): the runner
/// skips such a step; the stops themselves are covered by the exit tests.
struct ModelStop: Error {
    let message: String
}

/// A plain, single-threaded statement of Scoped's documented semantics, to run side by
/// side with the library. Everything is a value: a step that would stop is tried on a
/// copy and thrown away.
///
/// What it states (from the library's documentation and sources):
/// - overrides are found on the resolving container, then its parents;
/// - `.scoped` is owned by the resolving container (the root behaves as cached), whichever
///   container holds the override that built it; `.cached`, `.shared` and custom scopes by
///   the container holding the override, else the root; `.singleton` the world's (this
///   test's container world's) singletons, one per registration for the roots' overrides
///   apart from the declared one, and a lifetime scope's own for its override;
/// - `.shared` is held weakly: reused only while something else holds it;
/// - `.graph` is shared inside one outermost build, new at the top level;
/// - `register`/`reset()` of a factory drop what *that* container holds for it (a root
///   also drops the world's overridden singleton of it, and on `reset()` the declared one) and what its descendants hold for it, except
///   below a descendant with an override of its own for it; a container's `reset()`
///   drops the same in its descendants for each override it removes; a container's `reset()` drops its
///   overrides and everything it holds; `Scope.x.reset()` drops that scope's instances in
///   every container of the world;
/// - `close()` closes the open descendants too and drops what they hold; a closed
///   container refuses to build into its own storage, and refuses new children and
///   overrides;
/// - a child container lives while the test, one of its children, or an unresolved `Lazy`
///   made through it holds it; when it goes it closes itself.
struct ReferenceModel {
    struct StorageKey: Hashable {
        let registration: ModelRegistration
        let parameter: Int?
    }

    struct Entry {
        let id: Int
        let weak: Bool
        let kind: ModelRegistration.Kind
    }

    struct Node {
        let parent: Int?
        let root: Int
        var heldByTest = true
        var alive = true
        var closed = false
        var children: [Int] = []
        var aliveChildren = 0
        var unresolvedLazies = 0
        var overrides: [ModelRegistration: Int] = [:]
        var storage: [StorageKey: Entry] = [:]
    }

    struct Object {
        let tag: String
        let parameter: Int?
        let deps: [Int]
    }

    enum Held {
        case probe(Int)
        case lazy(node: Int, registration: ModelRegistration, parameter: Int, resolved: Int?)
    }

    private(set) var nodes: [Node] = []
    private(set) var singletons: [StorageKey: Entry] = [:]
    /// The singletons the roots' overrides made, one per registration for all roots.
    private(set) var overriddenSingletons: [StorageKey: Entry] = [:]
    private(set) var objects: [Int: Object] = [:]
    var held: [Held] = []
    private(set) var lastID = 0
    /// Instances handed out during the current step: the step's stack holds them.
    private var temporaries: Set<Int> = []
    private var frames = 0
    private var graph: [StorageKey: Int] = [:]

    // MARK: Containers

    /// Adds a root container; returns its node.
    mutating func addRoot() -> Int {
        nodes.append(Node(parent: nil, root: nodes.count))
        return nodes.count - 1
    }

    /// Opens a child of `parent`; returns its node.
    mutating func openChild(of parent: Int) throws(ModelStop) -> Int {
        guard !nodes[parent].closed else {
            throw ModelStop(message: "cannot open a child of node \(parent): it is closed")
        }
        nodes.append(Node(parent: parent, root: nodes[parent].root))
        let index = nodes.count - 1
        nodes[parent].children.append(index)
        nodes[parent].aliveChildren += 1
        return index
    }

    /// Closes `node` and its open descendants, dropping what they hold.
    mutating func close(_ node: Int) {
        guard nodes[node].alive, !nodes[node].closed else { return }
        nodes[node].closed = true
        for child in nodes[node].children where nodes[child].alive { close(child) }
        nodes[node].storage = [:]
    }

    /// The test lets go of `node`.
    mutating func drop(_ node: Int) {
        nodes[node].heldByTest = false
        releaseIfUnheld(node)
    }

    /// A container nobody holds any more goes: it closes and releases what it holds.
    private mutating func releaseIfUnheld(_ node: Int) {
        let state = nodes[node]
        guard state.alive, !state.heldByTest, state.aliveChildren == 0, state.unresolvedLazies == 0 else { return }
        close(node)
        nodes[node].alive = false
        if let parent = state.parent {
            nodes[parent].aliveChildren -= 1
            releaseIfUnheld(parent)
        }
    }

    // MARK: Overrides and resets

    mutating func register(_ registration: ModelRegistration, variant: Int, on node: Int) throws(ModelStop) {
        guard !nodes[node].closed else {
            throw ModelStop(message: "cannot register an override of \(registration) on node \(node): it is closed")
        }
        nodes[node].overrides[registration] = variant
        dropHeld(registration, in: node, overrideChanged: true)
    }

    mutating func resetFactory(_ registration: ModelRegistration, on node: Int) {
        nodes[node].overrides[registration] = nil
        dropHeld(registration, in: node, overrideChanged: false)
    }

    /// A register (`overrideChanged`) leaves the declared singleton to the roots without an
    /// override; a reset drops it too.
    private mutating func dropHeld(_ registration: ModelRegistration, in node: Int, overrideChanged: Bool) {
        nodes[node].storage = nodes[node].storage.filter { $0.key.registration != registration }
        if nodes[node].parent == nil && registration.kind == .singleton {
            if !overrideChanged { singletons = singletons.filter { $0.key.registration != registration } }
            overriddenSingletons = overriddenSingletons.filter { $0.key.registration != registration }
        }
        dropInDescendants(registration, of: node)
    }

    /// What the descendants of `node` hold of `registration`, made with the body a
    /// register or reset there has just replaced (not below one that overrides it).
    private mutating func dropInDescendants(_ registration: ModelRegistration, of node: Int) {
        var pending = nodes[node].children
        while let child = pending.popLast() {
            guard nodes[child].overrides[registration] == nil else { continue }
            nodes[child].storage = nodes[child].storage.filter { $0.key.registration != registration }
            pending += nodes[child].children
        }
    }

    mutating func resetContainer(_ node: Int) {
        let removed = nodes[node].overrides.keys
        nodes[node].overrides = [:]
        nodes[node].storage = [:]
        for registration in removed {
            dropInDescendants(registration, of: node)
            if nodes[node].parent == nil {
                overriddenSingletons = overriddenSingletons.filter { $0.key.registration != registration }
            }
        }
    }

    /// `Scope.x.reset()`: that scope's instances in every container of the world.
    mutating func resetScope(_ kind: ModelRegistration.Kind) {
        for index in nodes.indices where nodes[index].alive {
            nodes[index].storage = nodes[index].storage.filter { $0.value.kind != kind }
        }
        if kind == .singleton {
            singletons = [:]
            overriddenSingletons = [:]
        }
    }

    // MARK: Lazies

    mutating func makeLazy(_ registration: ModelRegistration, _ parameter: Int, via node: Int) {
        held.append(.lazy(node: node, registration: registration, parameter: parameter, resolved: nil))
        nodes[node].unresolvedLazies += 1
    }

    /// Calls held lazy `index`; returns the instance it hands out.
    mutating func callLazy(at index: Int) throws(ModelStop) -> Int {
        guard case .lazy(let node, let registration, let parameter, let resolved) = held[index] else {
            preconditionFailure("not a lazy")
        }
        if let resolved { return resolved }
        let id = try resolve(registration, parameter, via: node)
        held[index] = .lazy(node: node, registration: registration, parameter: parameter, resolved: id)
        nodes[node].unresolvedLazies -= 1
        releaseIfUnheld(node)
        return id
    }

    mutating func dropHeld(at index: Int) {
        let removed = held.remove(at: index)
        if case .lazy(let node, _, _, nil) = removed {
            nodes[node].unresolvedLazies -= 1
            releaseIfUnheld(node)
        }
    }

    // MARK: Resolution

    /// Ends a step: the stack lets go of what it held.
    mutating func endStep() {
        temporaries = []
    }

    /// What resolving `registration` through `node` returns (an existing or new id).
    mutating func resolve(_ registration: ModelRegistration, _ parameter: Int, via node: Int) throws(ModelStop) -> Int {
        let key = StorageKey(registration: registration, parameter: registration.perParameter ? parameter : nil)
        var overrideOwner: Int?
        var cursor: Int? = node
        while let current = cursor {
            if nodes[current].overrides[registration] != nil {
                overrideOwner = current
                break
            }
            cursor = nodes[current].parent
        }
        let owner: Int?   // nil: the world's singletons (overridden ones if `overriddenByRoot`)
        var overriddenByRoot = false
        switch registration.kind {
        case .unique:
            return try build(registration, parameter, overrideOwner: overrideOwner, via: node)
        case .graph:
            let nested = frames > 0
            if nested, let id = graph[key] { return id }
            let id = try build(registration, parameter, overrideOwner: overrideOwner, via: node)
            if nested { graph[key] = id }
            return id
        case .scoped:
            owner = node   // the resolving lifetime scope, wherever the override was registered
        case .cached, .session, .shared:
            owner = overrideOwner ?? nodes[node].root
        case .singleton:
            overriddenByRoot = overrideOwner.map { nodes[$0].parent == nil } ?? false
            owner = overriddenByRoot ? nil : overrideOwner
        }
        let found = owner.map { nodes[$0].storage[key] } ?? (overriddenByRoot ? overriddenSingletons[key] : singletons[key])
        if let found, !found.weak || isAlive(found.id) {
            temporaries.insert(found.id)
            return found.id
        }
        if let owner, nodes[owner].closed {
            throw ModelStop(message: "\(registration) is owned by node \(owner), which is closed")
        }
        let id = try build(registration, parameter, overrideOwner: overrideOwner, via: node)
        let entry = Entry(id: id, weak: registration.kind == .shared, kind: registration.kind)
        if let owner {
            nodes[owner].storage[key] = entry
        } else if overriddenByRoot {
            overriddenSingletons[key] = entry
        } else {
            singletons[key] = entry
        }
        return id
    }

    /// Runs the body the resolve picked: the override's (dependencies through the
    /// container holding the override) or the declared one (through `node`).
    private mutating func build(
        _ registration: ModelRegistration, _ parameter: Int, overrideOwner: Int?, via node: Int
    ) throws(ModelStop) -> Int {
        frames += 1
        defer {
            frames -= 1
            if frames == 0 { graph = [:] }
        }
        var tag = registration.tag
        var dependencies = registration.dependencies
        var dependenciesVia = node
        if let overrideOwner, let variant = nodes[overrideOwner].overrides[registration] {
            tag += "/o\(variant)"
            if variant % 2 == 0 { dependencies = [] }
            dependenciesVia = overrideOwner
        }
        var deps: [Int] = []
        for (dependency, dependencyParameter) in dependencies {
            deps.append(try resolve(dependency, dependencyParameter ?? 0, via: dependenciesVia))
        }
        lastID += 1
        objects[lastID] = Object(tag: tag, parameter: registration.takesParameter ? parameter : nil, deps: deps)
        temporaries.insert(lastID)
        return lastID
    }

    // MARK: What is alive

    /// Every instance something holds: the test, resolved lazies, strong storage entries
    /// of live containers, the world's singletons, the current step's stack, and
    /// (transitively) what those instances hold.
    func reachable() -> Set<Int> {
        var stack: [Int] = Array(temporaries)
        for item in held {
            switch item {
            case .probe(let id): stack.append(id)
            case .lazy(_, _, _, let resolved?): stack.append(resolved)
            case .lazy: break
            }
        }
        for node in nodes where node.alive {
            for entry in node.storage.values where !entry.weak { stack.append(entry.id) }
        }
        for entry in singletons.values where !entry.weak { stack.append(entry.id) }
        for entry in overriddenSingletons.values where !entry.weak { stack.append(entry.id) }
        var seen: Set<Int> = []
        while let id = stack.popLast() {
            guard seen.insert(id).inserted else { continue }
            stack += objects[id]?.deps ?? []
        }
        return seen
    }

    private func isAlive(_ id: Int) -> Bool {
        reachable().contains(id)
    }

    /// How many live instances `node` holds (what `InstanceStorage.count` reports).
    func heldCount(_ node: Int, alive: Set<Int>) -> Int {
        nodes[node].storage.values.filter { !$0.weak || alive.contains($0.id) }.count
    }

    var singletonCount: Int { singletons.count }

    func object(_ id: Int) -> Object? { objects[id] }

    /// Forgets instances that are gone (keeps the table small on long runs).
    mutating func forget(allBut alive: Set<Int>) {
        if objects.count > alive.count * 2 + 64 {
            objects = objects.filter { alive.contains($0.key) }
        }
    }
}
