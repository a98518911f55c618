// Concurrency rule: a `ResolutionContext` belongs to one thread (a pthread-specific
// value) and is never shared, so it needs no lock. It records which registrations
// the thread is building right now (for cycle and captive-dependency checks) and the
// `.graph` instances of the thread's current top-level resolve.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One registration being built on this thread.
package struct BuildFrame {
    package let key: RegistrationKey
    package let parameter: AnyHashable?
    package let scope: Scope
    /// Whether the instance is owned by a child lifetime scope (captive checks).
    package let ownedByChild: Bool

    package var description: String { StorageKey(key, parameter: parameter).description }
}

/// The per-thread state of resolution in progress.
package final class ResolutionContext {
    package private(set) var frames: [BuildFrame] = []
    /// `.graph` instances of the current top-level resolve, dropped when it returns.
    package var graph: [StorageKey: AnyObject] = [:]

    /// The calling thread's context (created on first use, freed with the thread).
    package static var current: ResolutionContext {
        if let raw = pthread_getspecific(contextKey) {
            return Unmanaged<ResolutionContext>.fromOpaque(raw).takeUnretainedValue()
        }
        let context = ResolutionContext()
        pthread_setspecific(contextKey, Unmanaged.passRetained(context).toOpaque())
        return context
    }

    /// Identity of the thread that owns this context.
    package var identity: ObjectIdentifier { ObjectIdentifier(self) }

    /// Runs `build` with `frame` on the stack; stops the process on a cycle.
    ///
    /// When the outermost build returns, the graph of that top-level resolve is dropped
    /// (after the stack is empty, so a `deinit` that resolves starts a fresh graph).
    @inline(__always)
    package func building<T>(_ frame: BuildFrame, _ build: () -> T) -> T {
        if !frames.isEmpty {
            checkCycle(frame)
        }
        frames.append(frame)
        let value = build()
        frames.removeLast()
        if frames.isEmpty && !graph.isEmpty {
            let finished = graph
            graph = [:]
            _ = finished
        }
        return value
    }

    /// Builds a `.graph` instance that the graph does not hold yet. `build(shared)` makes
    /// it and, when `shared`, returns it boxed: the build is nested in a top-level resolve,
    /// whose other builds get the same instance until it returns. A graph resolved at the
    /// top is its own whole graph: nothing else shares it, so nothing is kept.
    package func buildInGraph(_ key: StorageKey, _ build: (_ shared: Bool) -> AnyObject?) {
        let shared = !frames.isEmpty
        let box = build(shared)
        if shared, let box { graph[key] = box }
    }

    private func checkCycle(_ frame: BuildFrame) {
        guard let start = frames.firstIndex(where: { $0.key == frame.key && $0.parameter == frame.parameter }) else {
            return
        }
        reportCycle(from: start, closingWith: frame)
    }

    /// Stops the process with the chain `a (A) → b (B) → a`.
    package func reportCycle(from start: Int, closingWith frame: BuildFrame) -> Never {
        let chain = frames[start...].map(\.description) + [frame.key.memberName]
        ScopedFailure.stop("circular dependency: \(chain.joined(separator: " → "))")
    }

    /// Stops the process for a re-entrant build of `frame` found in storage (the same
    /// thread is already building it).
    package func reportReentrantBuild(of frame: BuildFrame) -> Never {
        if let start = frames.firstIndex(where: { $0.key == frame.key && $0.parameter == frame.parameter }) {
            reportCycle(from: start, closingWith: frame)
        }
        ScopedFailure.stop("circular dependency: \(frame.description) → \(frame.key.memberName)")
    }
}

private let contextKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { raw in
        #if canImport(Darwin)
        Unmanaged<ResolutionContext>.fromOpaque(raw).release()
        #else
        if let raw { Unmanaged<ResolutionContext>.fromOpaque(raw).release() }
        #endif
    }
    precondition(status == 0, "Scoped: pthread_key_create failed (\(status))")
    return key
}()

extension ResolutionContext {
    /// ` (while building a (A) → b (B))`, or nothing when no build is in progress.
    package var chainSuffix: String { chainSuffix(excludingInnermost: false) }

    /// The same, leaving out the innermost build (when the message is about that one).
    package func chainSuffix(excludingInnermost: Bool) -> String {
        let shown = excludingInnermost ? frames.dropLast() : frames[...]
        return shown.isEmpty ? "" : " (while building \(shown.map(\.description).joined(separator: " → ")))"
    }
}
