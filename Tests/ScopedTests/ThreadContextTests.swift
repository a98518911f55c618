#if canImport(Glibc)
import Glibc
import Scoped
import Testing

// A thread's resolution context (ResolutionContext.swift) is read from a C11 thread-local
// that caches the pthread-specific value holding the thread's retain (Platform.swift,
// `ThreadLocalObject`): each thread gets its own, a thread resolves through it, and its
// exit releases it.

/// What a thread saw, handed to the test after `pthread_join` (which orders the thread's
/// writes before the test's reads); the lock states it for the checker.
private final class ThreadRecord: Sendable {
    private final class Seen {
        weak var context: ResolutionContext?
        var identity: ObjectIdentifier?
        var instances: (AnyObject, AnyObject)?
    }
    private let seen = Locked(Seen())

    func record(_ context: ResolutionContext, _ instances: (AnyObject, AnyObject)) {
        seen.withLock {
            $0.context = context
            $0.identity = ObjectIdentifier(context)
            $0.instances = instances
        }
    }

    var context: ResolutionContext? { seen.withLock { $0.context } }
    var identity: ObjectIdentifier? { seen.withLock { $0.identity } }
    var instances: (AnyObject, AnyObject)? { seen.withLock { $0.instances } }
}

/// Runs `body` on a new POSIX thread and returns once that thread has exited, its
/// thread-specific destructors included.
private func runOnThreadAndJoin(_ body: @escaping @Sendable () -> Void) {
    final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    var thread = pthread_t()
    let argument = Unmanaged.passRetained(Body(body)).toOpaque()
    let created = pthread_create(&thread, nil, { raw in
        Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
    }, argument)
    precondition(created == 0, "pthread_create failed")
    pthread_join(thread, nil)
}

private final class ThreadProbe: Sendable {}

extension Container {
    fileprivate var threadProbe: Factory<ThreadProbe> { self { ThreadProbe() } }
    fileprivate var threadGraphProbe: Factory<ThreadProbe> { self { ThreadProbe() }.graph }
}

@Suite struct ThreadContextTests {
    @Test func aThreadResolvesThroughItsOwnContextAndItsExitReleasesIt() {
        let mine = ResolutionContext.current
        let record = ThreadRecord()
        let container = Container()
        runOnThreadAndJoin {
            // Two resolves and two reads: each reads the context the first made.
            let first = container.threadProbe()
            let context = ResolutionContext.current
            let second = container.threadGraphProbe()
            precondition(ResolutionContext.current === context, "a thread's second read made another context")
            record.record(context, (first, second))
        }
        #expect(record.identity != nil)
        #expect(record.identity != ObjectIdentifier(mine))
        #expect(record.context == nil)   // released by the thread's exit
        let instances = record.instances
        #expect(instances.map { $0.0 !== $0.1 } == true)
        // This thread's context is untouched.
        #expect(ResolutionContext.current === mine)
    }
}
#endif
