// Concurrency rule: a `ResolutionContext` belongs to one thread (ThreadLocalObject, Platform.swift)
// and is never shared, so it needs no lock. It records the thread's open builds, the `.graph`
// instances of its top-level resolve, and the releases that end a chain of lifetime scopes.

/// A thread's frame: its parameter (nil for a ``Factory``) on the shell's stack.
package typealias ThreadFrame = Frame<UnsafePointer<AnyParameter>?>

extension Optional: FrameParameter where Wrapped == UnsafePointer<AnyParameter> {
    package var box: ParameterBox? { self?.pointee.box }
    package var description: String? { self?.pointee.description }
    @inline(__always) package func isSame(as other: Self) -> Bool? {
        guard let self, let other else { return nil }
        return self.pointee.isSame(as: other.pointee)
    }
}

/// The per-thread state of resolution in progress, behind a pointer: a class's stored `var`s are
/// checked for exclusive access on every mutation, and one thread's context never is from two places.
@usableFromInline package final class ResolutionContext {
    private struct State: ~Copyable {
        var frames = FrameStack()
        var graph = GraphTable()
        var deliveringEvents = false
        var releasing = false
        var pendingReleases: [AnyObject] = []
        var injectionContainers: [any SharedContainer] = []
        var injectionDepth = 0
        var resolvingForPropertyWrapper = false
        var outermostStart: UInt64 = 0
        /// A storage as a word, or 0.
        var fastReadClaim: UInt = 0
        /// Unretained (a weak reference would move a scope's reference counts to the slow path for
        /// good): read only right after it is set, while the build keeps it alive.
        var overrideContainer: UnsafeReference<ContainerNode>?
        var decorating: [RegistrationKey] = []
        var carriedDecoratorsRan: RegistrationKey?
        /// The closing scope as a word (alive while it releases; 0 for none), and the key.
        var closeReleaseNode: UInt = 0
        var closeReleaseKey: RegistrationKey?
    }
    private let state: UnsafeMutablePointer<State>
    private init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }
    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }
    /// The registrations being built on this thread, outermost first (a copy).
    package var frames: [ThreadFrame] { Array(state.pointee.frames.open) }
    /// The current graph's instance (a ``Payload``): a `Factory` (no parameter) reads no box, so a
    /// hit retains and releases nothing but the instance.
    @inline(__always)
    package func graphInstance(_ registration: RegistrationKey, parameter: UnsafePointer<AnyParameter>?) -> AnyObject? {
        guard let parameter else { return state.pointee.graph.value(for: registration, box: nil) }
        return graphInstance(registration, boxOf: parameter)
    }
    /// A `Factory`'s on the calling thread, nil before it has a context.
    @inline(__always) package static func graphInstanceIfAny(_ registration: RegistrationKey) -> AnyObject? {
        guard let context = ThreadLocalObject.get() else { return nil }
        return UnsafeReference<ResolutionContext>(opaque: context).withBorrowed {
            $0.state.pointee.graph.value(for: registration, box: nil)
        }
    }
    @inline(never)
    private func graphInstance(_ registration: RegistrationKey, boxOf parameter: UnsafePointer<AnyParameter>) -> AnyObject? {
        state.pointee.graph.value(for: registration, box: parameter.pointee.box)
    }
    /// Runs `deliver` (the observers' calls) unless this thread is already delivering.
    package func deliveringEvents(_ deliver: () -> Void) {
        guard !state.pointee.deliveringEvents else { return }
        state.pointee.deliveringEvents = true
        defer { state.pointee.deliveringEvents = false }
        deliver()
    }
    /// Releases `first` and `second` now, or, inside this call already, after its current release
    /// returns: a chain of lifetime scopes ends one `deinit` after the other.
    package func releaseIteratively(_ first: consuming AnyObject, _ second: consuming AnyObject?) {
        if state.pointee.releasing {
            state.pointee.pendingReleases.append(first)
            if let second = consume second { state.pointee.pendingReleases.append(second) }
            return
        }
        state.pointee.releasing = true
        _ = consume second  // each may run a deinit that calls this method again
        _ = consume first
        while let next = state.pointee.pendingReleases.popLast() { _ = consume next }
        state.pointee.releasing = false
    }
    /// The containers `@Injected` and friends resolve through on this thread, innermost last, and
    /// how many builds were open when they were put in force.
    package var injectionContainers: (containers: [any SharedContainer], depth: Int) {
        get { (state.pointee.injectionContainers, state.pointee.injectionDepth) }
        set { (state.pointee.injectionContainers, state.pointee.injectionDepth) = newValue }
    }
    /// Runs a lazy property wrapper's `resolve`: through a closed scope it builds for this caller
    /// alone, reported as misuse, instead of stopping.
    package static func resolvingForPropertyWrapper<R>(_ resolve: () -> R) -> R {
        let context = current
        let previous = context.state.pointee.resolvingForPropertyWrapper
        context.state.pointee.resolvingForPropertyWrapper = true
        defer { context.state.pointee.resolvingForPropertyWrapper = previous }
        return resolve()
    }
    package var isResolvingForPropertyWrapper: Bool { state.pointee.resolvingForPropertyWrapper }
    package var openBuildCount: Int { state.pointee.frames.count }
    /// Whether a build held outside the views' lifetime scopes is open here, after the first `depth`.
    package func isBuildingForAHolderOutsideViews(after depth: Int) -> Bool {
        state.pointee.frames.open.lastIndex { $0.kind.isHeldOutsideViews(ownedByChild: $0.ownedByChild) }
            .map { $0 >= depth } ?? false
    }
    /// Runs `decorate`, the decorators of `key`'s factory; stops if they already run here.
    package func runningDecorators(of key: RegistrationKey, _ decorate: () -> Void) {
        if state.pointee.decorating.contains(key) {
            ScopedFailure.stop(
                "\(key)'s decorator resolves \(key.memberName) again: a decorator runs after every resolve of its "
                    + "factory, so it would run again and again until the stack overflows; resolve another factory, "
                    + "or do the work in the body",
                declaredBy: [key])
        }
        state.pointee.decorating.append(key)
        defer { state.pointee.decorating.removeLast() }
        decorate()
    }
    /// Runs `resolve` through a decorated factory value of `key`; and whether the override in effect
    /// ran the decorators of the value it was made from (they must not run twice).
    package func resolvingDecorated<R>(_ key: RegistrationKey, _ resolve: () -> R) -> (R, carriedRan: Bool) {
        let enclosing = state.pointee.carriedDecoratorsRan
        state.pointee.carriedDecoratorsRan = nil
        defer { state.pointee.carriedDecoratorsRan = enclosing }
        return (resolve(), state.pointee.carriedDecoratorsRan == key)
    }
    package func noteCarriedDecoratorsRan(for key: RegistrationKey) { state.pointee.carriedDecoratorsRan = key }
    /// The container the override about to run builds for (`register { c in … }`).
    package var overrideContainer: ContainerNode? {
        get { state.pointee.overrideContainer?.object }
        set { state.pointee.overrideContainer = newValue.map(UnsafeReference.unretained) }
    }
    /// The scope whose `close()` here releases an instance of `key` now, for a closed scope's stop.
    package var closeRelease: (node: ContainerNode, key: RegistrationKey)? {
        guard state.pointee.closeReleaseNode != 0, let key = state.pointee.closeReleaseKey else { return nil }
        return (UnsafeReference<ContainerNode>(bits: state.pointee.closeReleaseNode).object, key)
    }
    package var notedCloseRelease: (node: UInt, key: RegistrationKey?) {
        (state.pointee.closeReleaseNode, state.pointee.closeReleaseKey)
    }
    /// Notes that the scope `node` (a word, 0 for none) releases an instance of `key` now.
    @inline(__always) package func noteCloseRelease(_ node: UInt, _ key: RegistrationKey?) {
        state.pointee.closeReleaseNode = node
        state.pointee.closeReleaseKey = key
    }
    @usableFromInline package static var current: ResolutionContext {
        UnsafeReference<ResolutionContext>(opaque: ThreadLocalObject.get() ?? makeCurrent()).object
    }
    @inline(__always) package static func withCurrent<R>(_ body: (ResolutionContext) -> R) -> R {
        UnsafeReference<ResolutionContext>(opaque: ThreadLocalObject.get() ?? makeCurrent()).withBorrowed(body)
    }
    /// Makes the calling thread's context, kept until the thread exits; the main thread's for the
    /// process (on Linux `dispatchMain()` ends the main thread while the process goes on: freeing
    /// it then raced `exit`, Tests/Fixtures/MainThreadProbe).
    @inline(never) private static func makeCurrent() -> UnsafeMutableRawPointer {
        let context = ResolutionContext()
        if Platform.isMainThread {
            let kept = UnsafeReference.retaining(context)
            var expected: UInt = 0
            if !ProcessWideWord.mainThreadContext.word.compareExchange(
                expected: &expected, desired: kept.bits, ordering: .releasing, failureOrdering: .relaxed)
            {
                kept.release()  // one was kept already
            }
        }
        return ThreadLocalObject.set(context)
    }
    package var identity: ObjectIdentifier { ObjectIdentifier(self) }
    package var isBuilding: Bool { !state.pointee.frames.isEmpty }
    /// Notes, for an outermost resolve, the count of storage closes before it claims.
    @inline(__always) package func noteOutermostStart() {
        if state.pointee.frames.isEmpty { state.pointee.outermostStart = ProcessWideCounter.closes.current }
    }
    package func noteFastReadClaim(in storage: InstanceStorage) {
        state.pointee.fastReadClaim = UInt(bitPattern: ObjectIdentifier(storage))
    }
    /// Whether this thread's fast read just recorded its build in `storage`; forgets it.
    @inline(__always) package func takeFastReadClaim(in storage: InstanceStorage) -> Bool {
        guard state.pointee.fastReadClaim != 0 else { return false }
        defer { state.pointee.fastReadClaim = 0 }
        assert(state.pointee.fastReadClaim == UInt(bitPattern: ObjectIdentifier(storage)))
        return true
    }
    /// Whether this thread runs a build the close that made `closedAt` overtook.
    package func isInBuildBegunBefore(closedAt: UInt64) -> Bool {
        isBuilding && state.pointee.outermostStart < closedAt
    }
    /// Opens `frame` with what `finishBuild` must do; stops on a cycle, scanning the open frames
    /// only when one may build the same registration (``FrameStack/keys``).
    @inline(__always) package func open(_ frame: ThreadFrame, filing: Filing) {
        let bit = FrameStack.bit(of: frame.key)
        let keys = state.pointee.frames.keys
        state.pointee.frames.push(OpenFrame(frame: frame, filing: filing, keysBefore: keys), bit: bit)
        if keys & bit != 0 { checkCycleOfInnermost() }
    }
    package var innermostFiling: Filing { @inline(__always) get { state.pointee.frames.innermost.pointee.filing } }
    package var innermostFrame: ThreadFrame { state.pointee.frames.innermost.pointee.frame }
    @inline(__always) package func closeInnermost() {
        state.pointee.frames.pop()
        if state.pointee.frames.isEmpty && !state.pointee.graph.isEmpty { dropGraph() }
    }
    /// Releases the graph's instances, its table detached first (a `deinit` that resolves starts a
    /// fresh graph); the buffer is kept for the next one.
    @inline(never) private func dropGraph() {
        var finished = GraphTable()
        swap(&finished, &state.pointee.graph)
        finished.releaseAll()
        if state.pointee.graph.hasNoBuffer { swap(&finished, &state.pointee.graph) }
    }
    package func fileInGraph(_ payload: AnyObject, for frame: ThreadFrame) {
        // A parameter factory without `.perParameter` can file its key again: the replaced instance
        // is released once the table is consistent (its `deinit` may resolve).
        let replaced = state.pointee.graph.insert(payload, for: frame.key, box: frame.parameter.box)
        _ = replaced
    }
    @inline(never) private func checkCycleOfInnermost() {
        state.pointee.frames.innermost.pointee.frame.checkCycle(in: state.pointee.frames.open.dropLast())
    }
    package func reportReentrantBuild(of frame: ThreadFrame) -> Never {
        let frames = self.frames
        let key = frame.storageKey
        if let start = frames.firstIndex(where: { $0.holderID == frame.holderID && $0.storageKey == key }) {
            let note =
                frames[start].parameter.isSame(as: frame.parameter) == false
                ? " (without .perParameter, .\(frame.scope.name) keeps one instance whatever the parameter)" : ""
            frame.stopCycle(after: Array(frames[start...]), note: note)
        }
        frame.stopCycle(after: [frame])
    }
}

package struct OpenFrame {
    package let frame: ThreadFrame
    package let filing: Filing
    fileprivate let keysBefore: UInt64
}

/// The open builds of one thread, outermost first: trivial values, without an `Array`'s reference
/// counting and uniqueness checks. Never shrinks.
private struct FrameStack: ~Copyable {
    private var base: UnsafeMutablePointer<OpenFrame>
    private var capacity = 16
    private(set) var count = 0
    /// One bit per open build's registration: a registration whose bit is clear is not open.
    private(set) var keys: UInt64 = 0
    /// The bit of `key` in ``keys``, from its declaration's line and column.
    @inline(__always) static func bit(of key: RegistrationKey) -> UInt64 {
        1 << ((UInt64(key.position) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }
    init() { base = .allocate(capacity: 16) }
    deinit { base.deallocate() }  // open builds are trivial: nothing to deinitialize
    var isEmpty: Bool { count == 0 }
    @inline(__always) mutating func push(_ build: OpenFrame, bit: UInt64) {
        if count == capacity { grow() }
        (base + count).initialize(to: build)
        count += 1
        keys |= bit
    }
    @inline(never) private mutating func grow() {
        let grown = UnsafeMutablePointer<OpenFrame>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity *= 2
    }
    @inline(__always) mutating func pop() {
        count -= 1
        keys = base[count].keysBefore
    }
    var innermost: UnsafeMutablePointer<OpenFrame> { @inline(__always) get { base + (count - 1) } }
    var open: LazyMapCollection<UnsafeBufferPointer<OpenFrame>, ThreadFrame> {
        UnsafeBufferPointer(start: base, count: count).lazy.map { $0.frame }
    }
}

/// The `.graph` instances of one top-level resolve: an open-addressing table in manually allocated
/// memory, reused from one resolve to the next. A hit (each edge of a DAG) compares one word per
/// bucket, and retains nothing but the instance it returns.
private struct GraphTable: ~Copyable {
    private struct Bucket {
        /// The key's hash with its top bit set; 0 for an empty bucket.
        var hash = 0
        var registration: RegistrationKey?
        var parameterBox: ParameterBox?
        var value: AnyObject?
    }
    /// `capacity` buckets (a power of two), all initialized; nil before the first insert.
    private var buckets: UnsafeMutablePointer<Bucket>?
    private var capacity = 0
    private(set) var count = 0
    init() {}
    deinit {
        buckets?.deinitialize(count: capacity)
        buckets?.deallocate()
    }
    var isEmpty: Bool { count == 0 }
    var hasNoBuffer: Bool { buckets == nil }
    /// ``RegistrationKey/quickHash``, mixed with a per-parameter key's parameter hash; never 0.
    @inline(__always) private static func hash(_ registration: RegistrationKey, _ box: ParameterBox?) -> Int {
        var hash = UInt(bitPattern: registration.quickHash)
        if let box {
            hash = (hash ^ UInt(bitPattern: box.hash)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
        }
        return Int(bitPattern: hash | 1 << 63)
    }
    /// The bucket of `registration` and `box`, or the empty one where they go.
    @inline(__always)
    private func bucket(of registration: RegistrationKey, _ box: ParameterBox?, hash: Int) -> UnsafeMutablePointer<Bucket> {
        let (buckets, mask) = (buckets.unsafelyUnwrapped, capacity - 1)
        var index = hash & mask
        // Compared in place: a copy of a bucket retains its box and value.
        while buckets[index].hash != 0 {
            if buckets[index].hash == hash, Self.holds(buckets + index, registration, box) { break }
            index = (index &+ 1) & mask
        }
        return buckets + index
    }
    /// Whether `bucket` holds `registration` and `box`: the key's words compared first (one
    /// declaration's are the same words), ``RegistrationKey/==`` only when they differ.
    @inline(__always)
    private static func holds(_ bucket: UnsafeMutablePointer<Bucket>, _ registration: RegistrationKey, _ box: ParameterBox?) -> Bool {
        let stored = bucket.pointee.registration.unsafelyUnwrapped
        if stored.hasSameLiterals(as: registration), box == nil, bucket.pointee.parameterBox == nil { return true }
        return holdsComparingFully(bucket, registration, box)
    }
    @inline(never) private static func holdsComparingFully(
        _ bucket: UnsafeMutablePointer<Bucket>, _ registration: RegistrationKey, _ box: ParameterBox?
    ) -> Bool {
        bucket.pointee.registration.unsafelyUnwrapped == registration && ParameterBox.same(bucket.pointee.parameterBox, box)
    }
    @inline(__always) func value(for registration: RegistrationKey, box: ParameterBox?) -> AnyObject? {
        guard count != 0 else { return nil }
        let bucket = bucket(of: registration, box, hash: Self.hash(registration, box))
        // A filed bucket holds a value: retained only when found.
        return bucket.pointee.hash == 0 ? nil : bucket.pointee.value.unsafelyUnwrapped
    }
    /// Files `value`; returns the one it replaces, for the caller to release.
    mutating func insert(_ value: AnyObject, for registration: RegistrationKey, box: ParameterBox?) -> AnyObject? {
        if (count + 1) * 2 > capacity { grow() }
        let hash = Self.hash(registration, box)
        let bucket = bucket(of: registration, box, hash: hash)
        guard bucket.pointee.hash == 0 else {
            defer { bucket.pointee.value = value }
            return bucket.pointee.value
        }
        bucket.initialize(to: Bucket(hash: hash, registration: registration, parameterBox: box, value: value))
        count += 1
        return nil
    }
    private mutating func grow() {
        let (old, oldCapacity) = (buckets, capacity)
        capacity = max(16, capacity * 2)
        buckets = .allocate(capacity: capacity)
        buckets.unsafelyUnwrapped.initialize(repeating: Bucket(), count: capacity)
        guard let old else { return }
        for index in 0..<oldCapacity {
            let moved = (old + index).move()
            guard moved.hash != 0 else { continue }
            bucket(of: moved.registration.unsafelyUnwrapped, moved.parameterBox, hash: moved.hash).pointee = moved
        }
        old.deallocate()
    }
    /// Empties the table, keeping its buffer; each instance is released once its bucket is.
    mutating func releaseAll() {
        guard let buckets else { return }
        for index in 0..<capacity where buckets[index].hash != 0 {
            let released = (buckets + index).move()
            (buckets + index).initialize(to: Bucket())
            count -= 1
            _ = released
        }
    }
}

extension ResolutionContext {
    /// The builds in progress here for a stop message, ` (while building a (A) → b (B))` or nothing,
    /// and their registrations.
    package func chain(excludingInnermost: Bool = false) -> (suffix: String, keys: [RegistrationKey]) {
        let shown = excludingInnermost ? frames.dropLast() : frames[...]
        guard !shown.isEmpty else { return ("", []) }
        return (" (while building \(shown.map(\.description).joined(separator: " → ")))", shown.map(\.key))
    }
}
