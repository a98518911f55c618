// Factory's timeToLive: not provided; the diagnostic names what to do instead.
// expect: not provided: hold the instance in a lifetime scope (child()), or reset the factory or its scope when the data expires
import Scoped

final class Quote: Sendable {}

extension Container {
    var quote: Factory<Quote> { self { Quote() }.cached.timeToLive(60) }
}
