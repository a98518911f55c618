// Concurrency rule: no state of its own; the signpost logs are cached under a lock in
// Platform.swift, and the observer runs, as every observer, after Scoped unlocked.

extension LifecycleObserver {
    /// Shows lifetimes in Instruments: an `os_signpost` interval named `Lifetime` per
    /// instance, from its creation to its release by its scope, and `Leak`, `Captive
    /// dependency`, `Stalled build` and `Misuse` events. Does nothing on other platforms.
    ///
    /// Each container and lifetime scope logs in a category of its own, its name
    /// (`root`, `checkout`, the name given to ``SharedContainer/child(_:)``), so an
    /// Instruments track filtered by category shows one kind of screen; the interval's
    /// message names the instance (`cart (CartViewModel) scoped in checkout#7`).
    ///
    /// ```swift
    /// #if DEBUG
    /// Container.shared.observe(.signposts(subsystem: "com.example.shop"))
    /// #endif
    /// ```
    ///
    /// Record with Instruments' *os_signpost* instrument (or the *Points of Interest*
    /// template with the subsystem added). A `.unique`, `.graph` or `.shared` instance's
    /// interval has no end: no scope releases it. Uses the `os_signpost` functions
    /// available from iOS 12 and macOS 10.14, so it works at the package's floor.
    ///
    /// - Parameter subsystem: The log subsystem to filter by in Instruments: your app's
    ///   bundle identifier, say. `Scoped` unless given.
    /// - Returns: The observer.
    public static func signposts(subsystem: String = "Scoped") -> LifecycleObserver {
        LifecycleObserver { event in
            guard let signpost = Signpost(event) else { return }
            PlatformSignposts.emit(
                signpost.kind, signpost.name, subsystem: subsystem, category: signpost.category, id: signpost.id,
                message: signpost.message)
        }
    }
}

/// What one event becomes in Instruments: the same on every platform, so it is tested on
/// Linux, where ``PlatformSignposts/emit(_:_:subsystem:category:id:message:)`` does nothing.
package struct Signpost: Equatable, Sendable {
    package let kind: PlatformSignposts.Kind
    package let name: PlatformSignposts.Name
    /// The container's or lifetime scope's name without its number: `checkout`.
    package let category: String
    /// The instance's identity (an interval's begin and end share it), or the event's sequence.
    package let id: UInt64
    package let message: String

    /// The signpost for `event`, or nil for events that make none (reuses, resets, scopes
    /// opening and closing, values).
    package init?(_ event: LifecycleEvent) {
        let category = event.container.split(separator: "#").dropLast().joined(separator: "#")
        self.category = category.isEmpty ? event.container : category
        let described = String(event.description.drop { $0 != " " }.dropFirst())   // without `#12 `
        switch event.kind {
        case .created, .released:
            guard let instance = event.instance else { return nil }
            kind = event.kind == .created ? .begin : .end
            name = .lifetime
            id = UInt64(UInt(bitPattern: instance))
            message = described
        case .leaked, .captiveDependency, .buildStalled, .misuse:
            kind = .event
            switch event.kind {
            case .leaked: name = .leak
            case .captiveDependency: name = .captiveDependency
            case .misuse: name = .misuse
            default: name = .stalledBuild
            }
            id = event.sequence
            message = described
        case .reused, .reset, .scopeOpened, .scopeClosed:
            return nil
        }
    }
}
