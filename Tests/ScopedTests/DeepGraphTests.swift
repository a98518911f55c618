import Foundation
import Scoped
import Testing

/// Deep graphs on small stacks (issue #14): each nested first build takes a few frames of
/// the resolving thread's stack. While a body runs, only the typed shell's frame of
/// Scoped's is on the stack (the decisions before and after the body return first): a
/// release build uses about 550 bytes per nested `.cached` build (`ScopedBenchmarks
/// --stack`, BENCHMARKS.md), so a 512 KiB thread — Darwin's default for secondary threads —
/// builds about 950 levels. This debug-build test builds 100 levels of a recursive
/// per-parameter factory on such a thread: about 4.4 KB per level now (441 KB), 6.6 KB
/// (663 KB in all: a crash) while the build's decisions stayed on the stack under its body.
/// A sanitizer's instrumentation (ThreadSanitizer, AddressSanitizer) makes every frame
/// larger, so under one the chain is shorter.
@Suite struct DeepGraphTests {
    final class Link: Sendable {
        let level: Int
        let next: Link?
        init(level: Int, next: Link?) {
            self.level = level
            self.next = next
        }
    }

    /// Whether the test process runs with ThreadSanitizer's or AddressSanitizer's runtime.
    static let underSanitizer: Bool = {
        #if canImport(Darwin)
        let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everyImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        return dlsym(everyImage, "__tsan_init") != nil || dlsym(everyImage, "__asan_init") != nil
    }()

    /// What the thread built, handed back under a lock.
    final class Result: @unchecked Sendable {  // `lock` guards `link`
        private let lock = NSLock()
        private var link: Link?
        func set(_ link: Link) { lock.withLock { self.link = link } }
        func get() -> Link? { lock.withLock { link } }
    }

    /// Runs `work` on a new thread with a stack of `bytes`, and waits for it.
    static func onThread(stackBytes bytes: Int, _ work: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            work()
            done.signal()
        }
        thread.stackSize = bytes
        thread.start()
        done.wait()
    }

    @Test func aRecursiveCachedChainBuildsOnA512KiBThread() {
        let container = DeepContainer(manager: ContainerManager())
        let depth = Self.underSanitizer ? 30 : 100
        let top = Result()
        Self.onThread(stackBytes: 512 * 1024) {
            top.set(container.chain(depth))
        }
        let built = top.get()
        var levels = 0
        var link = built
        while let current = link {
            #expect(current.level == depth - levels)
            levels += 1
            link = current.next
        }
        #expect(levels == depth + 1)
        // Each level was built once and is held: resolving again returns the same chain.
        #expect(container.chain(depth) === built)
        #expect(container.chain(0) === built.map { first in
            var last = first
            while let next = last.next { last = next }
            return last
        })
    }
}

/// A container of its own, so the chain's cached instances start empty.
final class DeepContainer: SharedContainer {
    static let shared = DeepContainer(manager: .processWide())
    let manager: ContainerManager
    init(manager: ContainerManager) { self.manager = manager }
}

extension DeepContainer {
    var chain: ParameterFactory<Int, DeepGraphTests.Link> {
        self { level in
            DeepGraphTests.Link(level: level, next: level == 0 ? nil : self.chain(level - 1))
        }.cached.perParameter
    }
}
