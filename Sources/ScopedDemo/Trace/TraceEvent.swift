/// One line of a scenario's lifecycle trace: what happened at which simulated second.
///
/// The trace is the demo's only output channel: view models print nothing themselves;
/// their `init`/`deinit`, the simulated SwiftUI's renders and Scoped's event stream all
/// become `TraceEvent`s, which the output formats (log, timeline, JSON) then render.
struct TraceEvent: Equatable, Sendable {
    /// What kind of thing happened.
    enum Kind: String, Sendable {
        // Simulated SwiftUI
        /// A real view (node) was created.
        case mount
        /// A node left the tree.
        case unmount
        /// A node's `body` ran.
        case body
        /// A `Text` shows something new.
        case text
        /// `@StateObject` / `@State` kept the node's instance and ignored the new description's.
        case keep
        /// A real view came on screen (`onAppear`).
        case appear
        /// A real view left the screen: covered by a push, or removed (`onDisappear`).
        case disappear
        /// A `.task` started, as its view appeared.
        case taskStarted = "task.start"
        /// A `.task` was cancelled, as its view disappeared.
        case taskCancelled = "task.cancel"
        // The script
        /// A `.task` loop's 2-second sleep ended and its body ran.
        case timer
        /// The user tapped a button.
        case tap
        /// The user dismissed the sheet.
        case dismiss
        /// The user popped the pushed screen.
        case pop
        // Instances
        /// A traced instance was initialised.
        case initialized = "init"
        /// A traced instance was deinitialised.
        case deinitialized = "deinit"
        /// A view model opened a subscription (Combine/KVO style) in its `init`.
        case subscriptionOpened = "sub.open"
        /// A view model's subscription was cancelled, as its owner went.
        case subscriptionCancelled = "sub.cancel"
        // Scoped's event stream (`container.observe`)
        /// Scoped ran a factory body.
        case scopedCreated = "scoped.created"
        /// Scoped returned an instance it holds.
        case scopedReused = "scoped.reused"
        /// A Scoped scope let go of an instance.
        case scopedReleased = "scoped.released"
        /// Scoped reset a container or scope.
        case scopedReset = "scoped.reset"
        /// Scoped reported a captive dependency.
        case scopedCaptive = "scoped.captive"
        /// A Scoped lifetime scope was opened.
        case scopedOpened = "scoped.opened"
        /// A Scoped lifetime scope was closed.
        case scopedClosed = "scoped.closed"
        /// An instance a Scoped scope released is still alive (the leak check).
        case scopedLeaked = "scoped.leaked"
    }

    /// The simulated second (tick) it happened in.
    let tick: Int
    /// Position in the scenario variant's trace, from 1.
    let sequence: Int
    /// What happened.
    let kind: Kind
    /// Who it happened to: an instance label (`CounterViewModel#3`), a view or a button.
    let subject: String
    /// Free-form detail, such as where an instance was built.
    let detail: String
}
