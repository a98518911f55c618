// Concurrency rule: observers live in each node's `state` lock; the `observers` switch (Atomics.swift) and the
// counters are process-wide atomics. Observers are copied out under the lock and called unlocked: they may resolve.

/// Emits lifecycle events: one relaxed load per resolve while no observer is installed; then a resolve asks its root
/// only, unless a lifetime scope has one (it walks up its chain).
@usableFromInline
package enum EventHub {
    /// ``LifecycleEvent/stalledBuildThreshold``, in seconds.
    package static let stalledBuildThreshold = Locked<Double?>(10)
    package static func add(_ observer: LifecycleObserver, to node: ContainerNode) -> UInt64 {
        let id = ProcessWideCounter.observerIDs.next()
        node.state.withLock { $0.observers[id] = observer }
        count(1, on: node)
        return id
    }
    package static func remove(_ id: UInt64, from node: ContainerNode) {
        if node.state.withLock({ $0.observers.removeValue(forKey: id) }) != nil { count(-1, on: node) }
    }
    package static func removeAll(from node: ContainerNode) {
        guard node.observerCount.load(ordering: .relaxed) != 0 else { return }
        var removed: [UInt64: LifecycleObserver] = [:]  // released after unlocking
        node.state.withLock { swap(&removed, &$0.observers) }
        if !removed.isEmpty { count(-removed.count, on: node) }
    }
    private static func count(_ delta: Int, on node: ContainerNode) {
        node.adjust(node.observerCount, by: delta, lifetimeScopesTotal: .childObservers)
        Switches.count(.observers, by: delta)
    }
}

extension ContainerNode {
    /// Whether this container or an ancestor has an observer (one atomic load per level).
    package var isObservedInChain: Bool {
        Switches.now.contains(.observers)
            && firstInChain(unlessOnlyRoots: .childObservers) { $0.observerCount.load(ordering: .relaxed) != 0 ? true : nil }
                ?? false
    }
    /// Reports an event (about a whole scope when `key` is nil) to the chain's observers.
    @usableFromInline
    @inline(never)
    package func emit(
        _ kind: LifecycleEvent.Kind, key: StorageKey? = nil, scope: Scope? = nil, scopeName: String? = nil,
        instance: ObjectIdentifier? = nil, dependency: String? = nil, captured: StorageKey? = nil,
        capturedThrough: [StorageKey] = [], stall: LifecycleEvent.Stall? = nil, misuse: LifecycleEvent.Misuse? = nil,
        leak: LifecycleEvent.Leak? = nil, containerName: String? = nil
    ) {
        guard isObservedInChain else { return }
        let context = ResolutionContext.current
        // The build in progress here (or the task's innermost) made this resolve.
        let resolvedBy = kind == .created || kind == .reused
            ? (context.frames.last?.storageKey ?? TaskChain.frames.last?.frame.storageKey)?.reference : nil
        context.deliveringEvents {
            var observers: [LifecycleObserver] = []
            _ = firstInChain(unlessOnlyRoots: .childObservers) { node -> Bool? in
                observers += node.state.withLock { $0.observers.sorted { $0.key < $1.key }.map(\.value) }
                return nil  // every level
            }
            guard !observers.isEmpty else { return }
            let event = LifecycleEvent(
                sequence: ProcessWideCounter.eventSequence.next(), kind: kind,
                registration: key?.registration.memberName, typeName: key?.registration.typeName,
                declaration: key?.registration.declaration, parameter: key?.parameterBox?.description,
                scope: scope?.name ?? scopeName, lifetime: scope?.kind, container: containerName ?? displayName,
                instance: instance, dependency: dependency, resolvedBy: resolvedBy, captured: captured?.reference,
                capturedThrough: capturedThrough.map(\.reference), stall: stall, misuse: misuse, leak: leak)
            for observer in observers { observer.receive(event) }
        }
    }
    /// Misuse Scoped worked around: a fault in the platform's log and a `.misuse` event.
    package func reportMisuse(
        _ reason: LifecycleEvent.Misuse.Reason, _ message: String, key: StorageKey? = nil, scope: Scope? = nil
    ) {
        Platform.logFault("Scoped: " + message)
        emit(.misuse, key: key, scope: scope, misuse: LifecycleEvent.Misuse(reason: reason, message: message))
    }
    /// A build still running after the stall threshold: a fault in the platform's log and a `.buildStalled` event.
    package func reportStall(
        of key: StorageKey, scope: Scope, _ stall: LifecycleEvent.Stall, builder: String, waiting: String, cause: String
    ) {
        Platform.logFault(
            "Scoped: \(key) .\(scope.name) is still being built\(builder) after \(stall.seconds) s, with \(waiting) waiting "
                + "for it: if its body \(cause), none will go on; LifecycleEvent.stalledBuildThreshold sets when this is reported")
        emit(.buildStalled, key: key, scope: scope, stall: stall)
    }
}

extension SharedContainer {
    package func reportMisuse(_ reason: LifecycleEvent.Misuse.Reason, _ message: String) {
        manager.node.nodeInCurrentWorld().reportMisuse(reason, message)
    }
}

extension StorageKey {
    var reference: LifecycleEvent.Reference {
        LifecycleEvent.Reference(registration: registration.memberName, typeName: registration.typeName,
            declaration: registration.declaration, parameter: parameterBox?.description)
    }
}
