/// What the user does in a scenario, tick by tick, and what the stage measures.
///
/// A `.task` loop fires every 2 ticks from the tick its view appeared in: the timers of
/// screens shown at t0 fire on even ticks, and the user acts on odd ticks, so those ticks
/// show one cause each. The parent screen of `multilevel`, presented at t1, fires on odd
/// ticks, so its user acts on even ticks. A list uncovered by a pop restarts its task on
/// that (odd) tick; the log shows both causes when a later action falls on its ticks.
struct Script: Sendable {
    /// One user action.
    struct Action: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            /// Tap the button with this title (links are buttons too).
            case tap(String)
            /// Tap the button whose title starts with this (a title that shows a changing number).
            case tapStarting(String)
            /// Swipe the presented sheet down.
            case dismiss
            /// Go back from the pushed screen.
            case pop
        }

        let tick: Int
        let kind: Kind
        /// One letter for the timeline's action row.
        let code: Character
        /// What the letter means, for the legend.
        let caption: String
    }

    /// Which text shows the state that should survive, and when to compare it.
    struct StateProbe: Sendable {
        /// The prefix of the `Text` that shows the state (`count `).
        let textPrefix: String
        /// Read after this tick (right after the state changed).
        let beforeTick: Int
        /// Read again after this tick (after re-renders, or hiding and showing).
        let afterTick: Int
    }

    /// How many ticks the scenario runs (0 ..< ticks).
    let ticks: Int
    /// The user's actions, by tick.
    let actions: [Action]
    /// The state check.
    let probe: StateProbe
    /// The first action that takes a screen away; the stage checks what it released.
    let dismissTick: Int

    func action(at tick: Int) -> Action? {
        actions.first { $0.tick == tick }
    }

    /// The last odd tick before `ticks`.
    private static func lastOddTick(_ ticks: Int) -> Int {
        ticks % 2 == 0 ? ticks - 1 : ticks - 2
    }

    /// Counter sheet: present at 1, increment at 3, dismiss, present again, dismiss at the end.
    static func sheet(ticks: Int) -> Script {
        openTwice(
            ticks: ticks, open: .tap("Show counter"), reopen: .tap("Show counter"), openCode: "P", openCaption: "present",
            close: .dismiss, closeCode: "D", closeCaption: "dismiss")
    }

    /// Item list: push item 2 at 1, increment at 3, pop, push item 3, pop at the end.
    static func navigation(ticks: Int) -> Script {
        openTwice(
            ticks: ticks, open: .tap("Item 2"), reopen: .tap("Item 3"), openCode: "U", openCaption: "push",
            close: .pop, closeCode: "O", closeCaption: "pop")
    }

    /// Seed 004's counter link: push at 1, increment at 3, pop, push again, pop at the end.
    static func counterLink(ticks: Int) -> Script {
        openTwice(
            ticks: ticks, open: .tapStarting("Show counter with value: "), reopen: .tapStarting("Show counter with value: "),
            openCode: "U", openCaption: "push", close: .pop, closeCode: "O", closeCaption: "pop")
    }

    /// Seed 002's article screen: present at 1, sort by date at 3, dismiss, present again,
    /// dismiss at the end.
    static func articles(ticks: Int) -> Script {
        openTwice(
            ticks: ticks, open: .tap("Show articles"), reopen: .tap("Show articles"), openCode: "P", openCaption: "present",
            close: .dismiss, closeCode: "D", closeCaption: "dismiss",
            change: Action(tick: 3, kind: .tap("Sort by date"), code: "S", caption: "sort by date"), probe: "sorted by ")
    }

    /// Open a screen by tapping `open` at 1, increment at 3, close it, open it again by
    /// tapping `reopen`, close it at the end; the count is read around the increment.
    private static func openTwice(
        ticks: Int, open: Action.Kind, reopen: Action.Kind, openCode: Character, openCaption: String,
        close: Action.Kind, closeCode: Character, closeCaption: String,
        change: Action = Action(tick: 3, kind: .tap("Increment"), code: "I", caption: "increment"), probe: String = "count "
    ) -> Script {
        let last = lastOddTick(ticks)
        return Script(
            ticks: ticks,
            actions: [
                Action(tick: 1, kind: open, code: openCode, caption: openCaption),
                change,
                Action(tick: last - 4, kind: close, code: closeCode, caption: closeCaption),
                Action(tick: last - 2, kind: reopen, code: openCode, caption: openCaption),
                Action(tick: last, kind: close, code: closeCode, caption: closeCaption),
            ],
            probe: StateProbe(textPrefix: probe, beforeTick: 3, afterTick: 4),
            dismissTick: last - 4)
    }

    /// Parent screen: present at 1 (its timer then fires at 3, 5, …), tap child A at 2, hide
    /// the children at 4, show them at 6, dismiss the parent screen at the last even tick.
    /// The count is compared across hiding and showing the children (t2 against t6): the
    /// seed's question.
    static func multilevel(ticks: Int) -> Script {
        let last = ticks % 2 == 0 ? ticks - 2 : ticks - 1
        return Script(
            ticks: ticks,
            actions: [
                Action(tick: 1, kind: .tap("Open parent screen"), code: "P", caption: "present"),
                Action(tick: 2, kind: .tap("A +1"), code: "I", caption: "increment child A"),
                Action(tick: 4, kind: .tap("Toggle children"), code: "H", caption: "hide children"),
                Action(tick: 6, kind: .tap("Toggle children"), code: "S", caption: "show children"),
                Action(tick: last, kind: .dismiss, code: "D", caption: "dismiss"),
            ],
            probe: StateProbe(textPrefix: "A count ", beforeTick: 2, afterTick: 6),
            dismissTick: last)
    }

    /// Preview: the view is rendered and nothing happens; no state to check, nothing closed.
    static func preview(ticks: Int) -> Script {
        Script(ticks: ticks, actions: [], probe: StateProbe(textPrefix: "count ", beforeTick: 0, afterTick: 1), dismissTick: -1)
    }

    /// Init log: three body evaluations of the home view (ticks 0, 2, 4), a tap on the
    /// bar at 1, the screen closed at 5. Always six ticks.
    static func initLog(ticks _: Int) -> Script {
        Script(
            ticks: 6,
            actions: [
                Action(tick: 1, kind: .tap("Bar +1"), code: "I", caption: "increment"),
                Action(tick: 5, kind: .tap("Close"), code: "C", caption: "close"),
            ],
            probe: StateProbe(textPrefix: "bar count ", beforeTick: 1, afterTick: 2),
            dismissTick: 5)
    }
}
