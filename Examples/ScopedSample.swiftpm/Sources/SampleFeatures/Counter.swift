// The counter sheet's view model (seed 004): starts at the number the home screen showed
// when the sheet was presented; the user counts up and down from there.
import Observation

/// A count that starts at a given value.
@MainActor @Observable public final class CounterViewModel {
    public private(set) var count: Int

    public init(initialValue: Int) {
        count = initialValue
    }

    public func increment() { count += 1 }
    public func decrement() { count -= 1 }
}
