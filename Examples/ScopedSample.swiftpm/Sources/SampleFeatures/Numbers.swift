// The home screen's number: a new one every two seconds, which re-renders the home screen
// (seed 004's parent view). Everything here runs on the main actor.
import Observation

/// Where the home screen's numbers come from: random in the app, a fixed list in tests.
@MainActor public protocol NumberSource: AnyObject, Sendable {
    /// The next number, 0 to 99.
    func next() -> Int
}

/// Random numbers from 0 to 99.
@MainActor public final class RandomNumbers: NumberSource {
    public init() {}
    public func next() -> Int { Int.random(in: 0..<100) }
}

/// The numbers given, in order, then the last one again.
@MainActor public final class FixedNumbers: NumberSource {
    private var remaining: [Int]
    public init(_ numbers: [Int]) { remaining = numbers }
    public func next() -> Int {
        remaining.count > 1 ? remaining.removeFirst() : remaining.first ?? 0
    }
}

/// The number the home screen shows, replaced every interval while `run` runs.
@MainActor @Observable public final class NumberFeed {
    public private(set) var number: Int
    @ObservationIgnored private let source: any NumberSource

    public init(source: any NumberSource) {
        self.source = source
        number = source.next()
    }

    /// Takes the next number.
    public func advance() {
        number = source.next()
    }

    /// Advances every `interval` until the calling task is cancelled (SwiftUI cancels a
    /// `.task` when its view goes). `sleep` waits; tests pass one that waits for nothing.
    public func run(
        every interval: Duration = .seconds(2),
        sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) async {
        while !Task.isCancelled {
            do { try await sleep(interval) } catch { return }
            advance()
        }
    }
}
