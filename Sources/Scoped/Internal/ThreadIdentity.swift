#if canImport(Darwin)
import Darwin
#else
import Dispatch
#endif

package enum ThreadIdentity {
    /// Whether the calling thread is the process's main thread, where the main actor runs.
    package static var isMainThread: Bool {
        #if canImport(Darwin)
        return pthread_main_np() != 0
        #else
        // libdispatch binds the main thread to the main queue at start-up, and the main
        // actor's jobs run there, so the main queue's specific value is visible exactly
        // on the main thread.
        _ = mainQueueMarked
        return DispatchQueue.getSpecific(key: mainQueueKey) == true
        #endif
    }
}

#if !canImport(Darwin)
private let mainQueueKey = DispatchSpecificKey<Bool>()
private let mainQueueMarked: Void = DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
#endif
