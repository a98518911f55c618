import Scoped
import SwiftUIModel

/// The world of one scenario variant: its trace, clock, seeded numbers, Scoped containers
/// and the model of SwiftUI its screens run on (Tests/SwiftUIModel, with the shipped
/// ScopedSwiftUI layer). It plays a ``Script`` tick by tick and measures what the summary
/// reports; afterwards it tears everything down without recording, so nothing outlives
/// the run.
@MainActor
final class Stage {
    let trace = LifecycleTrace()
    let clock = SimulatedClock()
    /// Reports the model's steps into ``trace``.
    let tracer: GraphTracer
    /// The model's view graph, while the variant runs.
    private var viewGraph: ViewGraph?
    /// The parent's random numbers, seeded.
    let numbers: RandomSource
    private var containers: [Container] = []
    private var observations: [LifecycleObservation] = []
    private let recorder = GraphRecorder()
    /// The simulated second, for the trace recorder's clock (read on the observer's thread,
    /// the main actor here).
    private let second = Locked<UInt64>(0)
    /// `--format trace`: Scoped's lifetimes on the simulated clock (a second per tick).
    let traceRecorder: TraceRecorder

    init(seed: UInt64, stateSDK: StateSDK) {
        tracer = GraphTracer(trace: trace, clock: clock, stateSDK: stateSDK)
        numbers = RandomSource(seed: seed)
        traceRecorder = TraceRecorder(clock: { [second] in second.withLock { $0 } * 1_000_000 })
        trace.onDeinit = { [traceRecorder] in traceRecorder.recordDeinit($0) }
    }

    /// A new root container for this run, its events fed into the trace.
    func makeContainer() -> Container {
        let container = Container()
        observations.append(trace.observe(container))
        observations.append(container.observe(recorder.observer))
        observations.append(container.observe(traceRecorder.observer))
        containers.append(container)
        return container
    }

    /// The graph Scoped resolved during the run, containers named as in the trace.
    var graph: ResolvedGraph {
        recorder.graph.renamingContainers(trace.containerLabel)
    }

    /// The trace file of the run, containers named as in the trace.
    func traceJSON(processID: Int, processName: String) -> String {
        traceRecorder.json(processID: processID, processName: processName, renamingContainers: trace.containerLabel)
    }

    /// What the stage measured.
    struct Outcome {
        /// What the state showed before the user changed it (nil: not on screen yet).
        var stateInitial: String?
        var stateBefore: String?
        var stateAfter: String?
        /// Whether the view models the dismissed screen showed were all deinitialised by
        /// the dismissal (nil: it showed none).
        var releasedOnDismiss: Bool?
    }

    /// Mounts the variant's root at tick 0, then plays `script`.
    func play(_ script: Script, root: (Stage) -> any SwiftUIModel.View) -> Outcome {
        TraceContext.$current.withValue(trace) {
            GraphTracer.$current.withValue(tracer) {
                let outcome = playTicks(script, root: root)
                tearDown()
                return outcome
            }
        }
    }

    private func playTicks(_ script: Script, root: (Stage) -> any SwiftUIModel.View) -> Outcome {
        var outcome = Outcome()
        for tick in 0..<script.ticks {
            trace.tick = tick
            second.withLock { $0 = UInt64(tick) }
            if tick == 0 {
                viewGraph = ViewGraph(root(self), observer: tracer)
            } else {
                clock.advance(to: tick)
                viewGraph?.flush()
            }
            let probe = script.probe
            if tick == probe.beforeTick { outcome.stateInitial = firstText(startingWith: probe.textPrefix) }
            // Each action's releases are checked for leaks at once (LeakCheck.collecting):
            // an instance a scope released and still alive shows as `scoped.leaked`.
            if let action = script.action(at: tick), let viewGraph {
                if tick == script.dismissTick {
                    let shown = tracer.collectingDestroyedReads { checkingLeaks { perform(action, on: viewGraph) } }
                        .filter { $0.role == .viewModel }
                    outcome.releasedOnDismiss = shown.isEmpty ? nil : shown.allSatisfy(\.isReleased)
                } else {
                    checkingLeaks { perform(action, on: viewGraph) }
                }
            }
            if tick == probe.beforeTick { outcome.stateBefore = firstText(startingWith: probe.textPrefix) }
            if tick == probe.afterTick { outcome.stateAfter = firstText(startingWith: probe.textPrefix) }
        }
        return outcome
    }

    /// Runs `body`, then reports what a scope released during it and is still alive.
    private func checkingLeaks(_ body: () -> Void) {
        _ = LeakCheck.collecting(body)
    }

    /// The first text on screen that starts with `prefix`.
    private func firstText(startingWith prefix: String) -> String? {
        viewGraph?.texts.first { $0.hasPrefix(prefix) }
    }

    /// The user's action on the model: the model's driver finds the button, the sheet, the
    /// pushed screen, and updates the graph.
    private func perform(_ action: Script.Action, on graph: ViewGraph) {
        switch action.kind {
        case .tap(let title), .tapStarting(let title):
            let exact = action.kind == .tap(title)
            let tapped = graph.tap(firstTitled: { exact ? $0 == title : $0.hasPrefix(title) }) { [trace] in
                trace.log(.tap, "\"\($0)\"")
            }
            guard tapped != nil else { fatalError("ScopedDemo: no button titled \"\(title)\" on screen at tick \(action.tick)") }
        case .dismiss:
            graph.dismissSheet { [trace] in trace.log(.dismiss, "sheet of \($0)") }
        case .pop:
            graph.pop { [trace] in trace.log(.pop, $0) }
        }
    }

    /// Ends the run: stops recording, destroys the tree, closes the containers.
    private func tearDown() {
        trace.isRecording = false
        viewGraph?.tearDown()
        viewGraph = nil
        for observation in observations { observation.cancel() }
        for container in containers { container.close() }
        observations = []
        containers = []
    }
}
