// Concurrency rule: observers live in each node's `state` lock; the `observers` switch
// (Atomics.swift) and the sequence and id counters are process-wide atomics. Observers are copied out under the
// lock and called after it is released, so an observer may resolve.

/// Emits lifecycle events; costs one relaxed atomic load per resolve while no observer
/// is installed anywhere. While some are, a resolve asks its root only, unless a lifetime
/// scope somewhere has an observer of its own (then it walks up its chain).
@usableFromInline
package enum EventHub {
    /// ``LifecycleEvent/stalledBuildThreshold``, in seconds: read when an observed async
    /// build starts.
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

    /// Forgets every observer of a node that goes away (from its `deinit`: nobody can add
    /// one any more, and every one added was counted, so a count of zero means none).
    package static func removeAll(from node: ContainerNode) {
        guard node.observerCount.load(ordering: .relaxed) != 0 else { return }
        let removed = node.state.withLock { state in
            defer { state.observers = [:] }
            return state.observers
        }
        if !removed.isEmpty { count(-removed.count, on: node) }
    }

    /// Counts `delta` more observers on `node`, and in the process.
    private static func count(_ delta: Int, on node: ContainerNode) {
        node.adjust(node.observerCount, by: delta, lifetimeScopesTotal: .childObservers)
        Switches.count(.observers, by: delta)
    }
}

extension ContainerNode {
    /// Whether an observer is installed on this container or an ancestor: everything this
    /// container reports goes to that chain. One atomic load per level.
    package var isObservedInChain: Bool {
        Switches.now.contains(.observers)
            && firstInChain(unlessOnlyRoots: .childObservers) { $0.observerCount.load(ordering: .relaxed) != 0 ? true : nil }
                ?? false
    }

    /// Observers of this container and its ancestors, nearest first.
    private var observersInChain: [LifecycleObserver] {
        var result: [LifecycleObserver] = []
        _ = firstInChain(unlessOnlyRoots: .childObservers) { node -> Bool? in
            result += node.state.withLock { $0.observers.sorted { $0.key < $1.key }.map(\.value) }
            return nil  // every level
        }
        return result
    }

    /// Reports an event about an instance (or a whole scope when `key` is nil).
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
        // The build in progress on this thread (or, in an async body, the task's innermost)
        // made this resolve: the resolved instance's own frame is off the stack by now.
        let resolvedBy =
            kind == .created || kind == .reused
            ? (context.frames.last?.storageKey ?? TaskChain.frames.last?.frame.storageKey)?.reference : nil
        context.deliveringEvents {
            let observers = observersInChain
            guard !observers.isEmpty else { return }
            let event = LifecycleEvent(
                sequence: ProcessWideCounter.eventSequence.next(), kind: kind,
                registration: key?.registration.memberName, typeName: key?.registration.typeName,
                declaration: key?.registration.declaration,
                parameter: key?.parameterBox?.description, scope: scope?.name ?? scopeName,
                lifetime: scope?.kind, container: containerName ?? displayName, instance: instance, dependency: dependency,
                resolvedBy: resolvedBy, captured: captured?.reference, capturedThrough: capturedThrough.map(\.reference),
                stall: stall, misuse: misuse, leak: leak)
            for observer in observers { observer.receive(event) }
        }
    }

    /// Reports misuse that Scoped worked around to keep the app running: a fault in the
    /// platform's log and a ``LifecycleEvent/Kind-swift.enum/misuse`` event.
    package func reportMisuse(
        _ reason: LifecycleEvent.Misuse.Reason, _ message: String, key: StorageKey? = nil, scope: Scope? = nil
    ) {
        Platform.logFault("Scoped: " + message)
        emit(.misuse, key: key, scope: scope, misuse: LifecycleEvent.Misuse(reason: reason, message: message))
    }
}

extension SharedContainer {
    /// Reports misuse that ScopedSwiftUI worked around, in this container.
    package func reportMisuse(_ reason: LifecycleEvent.Misuse.Reason, _ message: String) {
        manager.node.nodeInCurrentWorld().reportMisuse(reason, message)
    }
}

extension StorageKey {
    /// The public face of this key in events.
    var reference: LifecycleEvent.Reference {
        LifecycleEvent.Reference(
            registration: registration.memberName, typeName: registration.typeName,
            declaration: registration.declaration, parameter: parameterBox?.description)
    }
}
