// The library's whole platform layer: every call into the C library and every `canImport` of Darwin / Glibc / Musl /
// os, behind small `package` types. Every pthread return code is checked, with a message naming the call.
//
// Concurrency rule: `PlatformLock` is the raw mutex and condition behind `Locked` (Locked.swift
// states what they guard); the only state here is the thread-specific key, made once per
// process, and the signposts' logs. Nothing here runs user code.
//
// Darwin branches, each checked against Apple's declarations (libpthread's and Libc's headers
// and man pages, as published on Apple's open-source site, and the Swift overlay's imports):
//   1. `import Darwin` exports pthread, getenv, sched_yield, memcmp, malloc and free on every Apple platform.
//      `void *malloc(size_t size)` and `void free(void *ptr)` (libmalloc, malloc/_malloc.h, included from stdlib.h,
//      https://opensource.apple.com/source/libmalloc/libmalloc-283.60.1/include/malloc/_malloc.h.auto.html; man page
//      malloc(3), developer.apple.com/library/mac/documentation/System/Conceptual/
//      ManPages_iPhoneOS/man3/free.3.html: "The allocated memory is aligned such that it can be used for any data
//      type"), as Glibc's and Musl's: a lock's mutex and condition share a block.
//   2. `isMainThread`: `int pthread_main_np(void)` (libpthread, pthread.h; man page pthread_main_np(3): 1 on the main
//      thread, 0 elsewhere, -1 before initialisation completes), the call the Swift runtime's Darwin threading layer
//      makes for the main actor's own check. On Linux: thread id equals process id (CScopedPlatform.h).
//   3. `monotonicNanoseconds`: `uint64_t clock_gettime_nsec_np(clockid_t clock_id)` with `CLOCK_MONOTONIC_RAW` (Libc,
//      time.h; man page clock_gettime(3),
//      https://opensource.apple.com/source/Libc/Libc-1353.11.2/gen/clock_gettime.3.auto.html: "increments
//      monotonically ... like CLOCK_MONOTONIC", which "will continue to increment while the system is asleep",
//      "unaffected by frequency or time adjustments"; 0 on error; spelled `_CLOCK_MONOTONIC_RAW`, the `clockid_t`
//      enumerator of _time.h that the macro expands to; from macOS 10.12, iOS 10, tvOS 10, watchOS 3 per time.h's
//      `__CLOCK_AVAILABILITY`, below the floor). The clock Swift's `ContinuousClock` reads on Darwin; on Glibc and
//      Musl its clock, `clock_gettime(CLOCK_BOOTTIME, &ts)` (clock_gettime(2): monotonic, includes time suspended).
//   4. `logFault`: `func os_log(_ type: OSLogType, dso: UnsafeRawPointer = #dsohandle,
//      log: OSLog = .default, _ message: StaticString, _ args: any CVarArg...)`
//      (developer.apple.com/documentation/os/os_log(_:dso:log:_:_:), iOS 12, macOS 10.14,
//      tvOS 12, watchOS 5: below the floor) with `OSLogType.fault` (documentation/os/oslogtype/
//      fault: "The system always writes fault-level messages to the data store") and the
//      `%{public}s` format over a C string. Elsewhere: one `write(2)` to standard error.
//      Type-checked against `.ci/apple/os.swift`.
//   5. `PlatformSignposts` (`import os` where it exists): `OSLog.init(subsystem:category:)`
//      (developer.apple.com/documentation/os/oslog/init(subsystem:category:)-17gyy: iOS 10, macOS 10.12, tvOS 10,
//      watchOS 3), `OSSignpostID.init(_:)` from a 64-bit value
//      (developer.apple.com/documentation/os/ossignpostid/init(_:): iOS 12, macOS 10.14, tvOS 12, watchOS 5),
//      `OSSignpostType` `.begin`/`.end`/`.event` (developer.apple.com/documentation/os/ossignposttype) and
//      `os_signpost(_:dso:log:name:signpostID:_:_:)`
//      (developer.apple.com/documentation/os/os_signpost(_:dso:log:name:signpostid:_:_:)-2om9b: iOS 12, macOS 10.14,
//      tvOS 12, watchOS 5), all below the floor. Not `OSSignposter` (iOS 15). Elsewhere the calls do nothing.
//   Messages go to os_log and os_signpost as C strings: a `String` is a `CVarArg` only with
//   Foundation, a pointer always.
// Not branches, the same calls everywhere: `PlatformLock.wait(while:atMost:)` uses
// `int pthread_cond_timedwait(pthread_cond_t *restrict, pthread_mutex_t *restrict, const
// struct timespec *restrict abstime)` (man page pthread_cond_timedwait(3),
// developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/
// man3/pthread_cond_timedwait.3.html: unblocks when signalled or "if the system time reaches
// the time specified in abstime"; `ETIMEDOUT` then), the deadline read from the system time
// with `gettimeofday(2)`; `timeval.tv_usec` is 32-bit on Darwin, converted.
// `threadOrdinal` and `ThreadLocalObject.get()` are C11 `_Thread_local`s (CScopedPlatform),
// which dyld supports from macOS 10.7 and iOS 9, below the floor. `pthread_key_create`'s
// destructor takes a non-optional pointer on Darwin and an optional one on Glibc:
// `releaseThreadObject` takes an optional, which both convert to. `pthread_key_t` differs in
// width and is only made with its zero initialiser.
import CScopedPlatform
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
#error("Scoped supports Apple platforms, Linux (Glibc) and Musl")
#endif
import Dispatch
#if canImport(os)
import os
#endif

/// Facts about the running thread and process.
package enum Platform {
    /// Whether the calling thread runs the main actor's jobs (the main thread or main queue's).
    package static var isMainThread: Bool {
        #if canImport(Darwin)
        if pthread_main_np() == 1 { return true }
        #else
        if scoped_linux_is_initial_thread() { return true }
        #endif
        return DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// Writes `message` as a fault: the unified log on Apple platforms, standard error elsewhere.
    package static func logFault(_ message: String) {
        #if canImport(os)
        message.withCString { os_log(.fault, "%{public}s", $0) }
        #else
        (message + "\n").withCString { _ = write(2, $0, strlen($0)) }
        #endif
    }
    /// The calling thread's ordinal: 0 for the first thread that asks, then 1, 2, …
    @inline(__always)
    package static var threadOrdinal: UInt { scoped_thread_ordinal() }
    /// Marks the main queue, once: its specific value is visible to blocks it runs.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
    package static func environmentValue(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
    /// Whether this build targets a simulator (decided at compile time).
    #if targetEnvironment(simulator)
    package static let isSimulator = true
    #else
    package static let isSimulator = false
    #endif

    /// Whether this build targets a device of an Apple platform: not a simulator, not Linux.
    #if canImport(Darwin) && !targetEnvironment(simulator)
    package static let isAppleDevice = true
    #else
    package static let isAppleDevice = false
    #endif
    /// Gives the processor to another thread (a writer waiting out a reader's window).
    @inline(__always)
    package static func yieldThread() { _ = sched_yield() }  // fails only where it is not implemented
    /// Nanoseconds on a monotonic clock that counts while the device sleeps.
    package static var monotonicNanoseconds: UInt64 {
        #if canImport(Darwin)
        let now = clock_gettime_nsec_np(_CLOCK_MONOTONIC_RAW)
        if now == 0 { fatalError("Scoped: clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW) failed") }
        return now
        #else
        var time = timespec()
        check(clock_gettime(CLOCK_BOOTTIME, &time) == 0 ? 0 : errno, "clock_gettime")
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
        #endif
    }
    @inline(__always)
    package static func bytesEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(lhs, rhs, count) == 0
    }
    /// Whether the NUL-terminated strings at the addresses `lhs` and `rhs` are equal.
    package static func cStringsEqual(_ lhs: UInt, _ rhs: UInt) -> Bool {
        guard let lhs = UnsafePointer<CChar>(bitPattern: lhs), let rhs = UnsafePointer<CChar>(bitPattern: rhs) else {
            return lhs == rhs
        }
        return strcmp(lhs, rhs) == 0
    }
    /// Stops the process when a C library call returned an error.
    @inline(__always)
    fileprivate static func check(_ status: Int32, _ call: StaticString) { if status != 0 { failed(status, call) } }
    @inline(never)  // keeps the message out of the lock's inlined code
    private static func failed(_ status: Int32, _ call: StaticString) -> Never {
        fatalError("Scoped: \(call) failed with error \(status)")
    }
}

/// A heap-allocated pthread mutex and, if `waitable`, its condition, in one `malloc` block.
package struct PlatformLock: @unchecked Sendable { // @unchecked: pthread synchronises every access.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>?
    /// Where the condition and the words start in the block: after the mutex (and the condition), each aligned.
    private static func offsets(waitable: Bool) -> (condition: Int, words: Int) {
        func align(_ offset: Int, _ alignment: Int) -> Int { (offset + alignment - 1) / alignment * alignment }
        let condition = align(MemoryLayout<pthread_mutex_t>.size, MemoryLayout<pthread_cond_t>.alignment)
        let end = waitable ? condition + MemoryLayout<pthread_cond_t>.size : MemoryLayout<pthread_mutex_t>.size
        return (condition, align(end, MemoryLayout<scoped_atomic_uintptr>.alignment))
    }

    /// - Parameter words: How many atomic words (all 0) follow the lock in its block.
    package init(waitable: Bool, words: Int = 0) {
        // `malloc`, not `allocate` (`posix_memalign` on Glibc): aligned for any type (note 1).
        let offsets = Self.offsets(waitable: waitable)
        let size = offsets.words + words * MemoryLayout<scoped_atomic_uintptr>.stride
        guard let block = malloc(size) else { fatalError("Scoped: malloc(\(size)) failed") }
        let first = (block + offsets.words).bindMemory(to: scoped_atomic_uintptr.self, capacity: words)
        for index in 0..<words { scoped_atomic_uintptr_init(first + index, 0) }
        mutex = block.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        Platform.check(pthread_mutex_init(mutex, nil), "pthread_mutex_init")
        guard waitable else {
            condition = nil
            return
        }
        let condition = (block + offsets.condition).bindMemory(to: pthread_cond_t.self, capacity: 1)
        condition.initialize(to: pthread_cond_t())
        Platform.check(pthread_cond_init(condition, nil), "pthread_cond_init")
        self.condition = condition
    }
    /// The first of the atomic words made with the lock (`init(waitable:words:)`).
    package var words: UnsafeMutablePointer<scoped_atomic_uintptr> {
        (UnsafeMutableRawPointer(mutex) + Self.offsets(waitable: condition != nil).words)
            .assumingMemoryBound(to: scoped_atomic_uintptr.self)
    }
    package func destroy() {
        if let condition {
            Platform.check(pthread_cond_destroy(condition), "pthread_cond_destroy")
            condition.deinitialize(count: 1)
        }
        Platform.check(pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
        mutex.deinitialize(count: 1)
        free(mutex)
    }
    @inline(__always)
    package func lock() { Platform.check(pthread_mutex_lock(mutex), "pthread_mutex_lock") }
    @inline(__always)
    package func unlock() { Platform.check(pthread_mutex_unlock(mutex), "pthread_mutex_unlock") }
    /// Blocks while `predicate()` holds, the mutex (which the caller holds) released meanwhile;
    /// given `seconds`, for at most that long. Returns whether `predicate()` still held when it
    /// gave up (false when it returned because the predicate no longer held). The deadline is on
    /// the wall clock (`pthread_cond_timedwait`'s): a clock change moves it.
    @discardableResult
    package func wait(while predicate: () -> Bool, atMost seconds: Double? = nil) -> Bool {
        let condition = waitableCondition("wait(while:atMost:)")
        guard let seconds else {
            while predicate() { Platform.check(pthread_cond_wait(condition, mutex), "pthread_cond_wait") }
            return false
        }
        var now = timeval()
        _ = gettimeofday(&now, nil)  // fails only for a bad address
        // Capped at a year, and split so that 32-bit watchOS's `Int` holds each part.
        let capped = min(max(seconds, 0), 31_536_000)
        let nanoseconds = Int(now.tv_usec) * 1_000 + Int((capped - capped.rounded(.down)) * 1_000_000_000)
        var deadline = timespec(
            tv_sec: now.tv_sec + Int(capped) + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
        while predicate() {
            let status = pthread_cond_timedwait(condition, mutex, &deadline)
            if status == ETIMEDOUT { return predicate() }
            Platform.check(status, "pthread_cond_timedwait")
        }
        return false
    }
    package func broadcast() {
        Platform.check(pthread_cond_broadcast(waitableCondition("broadcast()")), "pthread_cond_broadcast")
    }
    private func waitableCondition(_ call: StaticString) -> UnsafeMutablePointer<pthread_cond_t> {
        guard let condition else { preconditionFailure("Scoped: \(call) on a lock made without waitable: true") }
        return condition
    }
}

/// One object per thread, retained by the thread and released when it exits.
package enum ThreadLocalObject {
    /// The calling thread's object, unretained; nil before the first ``set(_:)``.
    @inline(__always)
    package static func get() -> UnsafeMutableRawPointer? { scoped_thread_object_get() }
    /// Stores `object` retained for the calling thread (which has none yet).
    @discardableResult
    package static func set(_ object: AnyObject) -> UnsafeMutableRawPointer {
        // Retained: the thread's reference, given back by `releaseThreadObject` at its exit.
        let opaque = UnsafeReference.retaining(object).opaque
        Platform.check(pthread_setspecific(key, opaque), "pthread_setspecific")
        scoped_thread_object_set(opaque)
        return opaque
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        Platform.check(pthread_key_create(&key) { releaseThreadObject($0) }, "pthread_key_create")
        return key
    }()
}

/// The key's destructor: releases a thread's object when the thread exits.
private func releaseThreadObject(_ raw: UnsafeMutableRawPointer?) {
    scoped_thread_object_set(nil)
    if let raw { UnsafeReference<AnyObject>(opaque: raw).release() }
}

/// `os_signpost` on Apple platforms (shown by Instruments); nothing elsewhere.
package enum PlatformSignposts {
    package enum Kind: Sendable, Equatable { case begin, end, event }
    package enum Name: Sendable, Equatable { case lifetime, leak, captiveDependency, stalledBuild, misuse }
    #if canImport(os)
    private static let logs = Locked<[String: OSLog]>([:])
    #endif
    package static func emit(
        _ kind: Kind, _ name: Name, subsystem: String, category: String, id: UInt64, message: String
    ) {
        #if canImport(os)
        let key = subsystem + "\u{0}" + category
        let log = logs.withLock { logs in
            if let log = logs[key] { return log }
            let log = OSLog(subsystem: subsystem, category: category)
            logs[key] = log
            return log
        }
        let type: OSSignpostType = kind == .begin ? .begin : kind == .end ? .end : .event
        let staticName: StaticString =  // what `os_signpost` takes as a name
            switch name {
            case .lifetime: "Lifetime"
            case .leak: "Leak"
            case .captiveDependency: "Captive dependency"
            case .stalledBuild: "Stalled build"
            case .misuse: "Misuse"
            }
        message.withCString { text in
            os_signpost(type, log: log, name: staticName, signpostID: OSSignpostID(id), "%{public}s", text)
        }
        #endif
    }
}
