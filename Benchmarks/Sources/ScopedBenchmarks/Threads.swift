// Plain pthreads for the multi-threaded rows (no Foundation, no tasks in the way).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private final class ThreadBody {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// Runs `body(index)` on `count` new threads at once and waits for all of them.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    var threads: [pthread_t] = []
    for index in 0..<count {
        let box = Unmanaged.passRetained(ThreadBody { body(index) }).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let status = pthread_create(&thread, nil, { raw in
            #if canImport(Glibc)
            let box = Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue()
            #else
            let box = Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue()
            #endif
            box.body()
            return nil
        }, box)
        precondition(status == 0, "pthread_create failed")
        #if canImport(Glibc)
        threads.append(thread)
        #else
        threads.append(thread!)
        #endif
    }
    for thread in threads { pthread_join(thread, nil) }
}

/// Memory figures of this process from /proc/self/status (Linux), in kB.
enum ProcessMemory {
    static func kilobytes(_ field: String) -> Int? {
        #if os(Linux)
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard line.hasPrefix(field + ":") else { continue }
            let digits = line.dropFirst(field.count + 1).filter { $0.isNumber }
            return Int(digits)
        }
        return nil
        #else
        return nil
        #endif
    }
}
