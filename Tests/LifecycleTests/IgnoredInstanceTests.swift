import Testing
@testable import ScopedDemo

/// Why an instance `@StateObject` or `@State` ignores lives as long as it does: the node
/// keeps the newest description, which holds it, until the next parent render — and on the
/// model of SwiftUI, a button keeps the description its action captured until the body
/// that made it runs again.
@Suite struct IgnoredInstanceTests {
    @MainActor
    @Test(arguments: ["stateobject-injected", "state-observable"])
    func anIgnoredInstanceLivesUntilTheNextParentRender(scenario: String) throws {
        let result = try #require(try results(of: scenario).first)
        let kept = result.events.filter { $0.kind == .keep }.map(\.detail)
        #expect(kept.allSatisfy { $0.contains("CounterViewModel#1") || $0.contains("CounterViewModel#5") })
        // Every instance built by a re-render of the presented sheet (not by a presentation)
        // is released by the next render of the parent, two ticks later, or by the dismissal.
        let ignored = result.instances.filter { $0.builtTick % 2 == 0 }
        #expect(!ignored.isEmpty)
        for instance in ignored {
            let released = try #require(instance.releasedTick)
            #expect(released == instance.builtTick + 2 || [7, 11].contains(released), "\(instance.label)")
        }
        // 4: #2 reaches the body at the t3 tap and its Increment button keeps it until the dismissal.
        #expect(result.mostAlive == 4)
        #expect(result.instances.first { $0.label == "CounterViewModel#2" }?.releasedTick == 7)
        let timeline = DemoCommand.run(arguments: ["--scenario", scenario, "--format", "timeline"]).standardOutput
        #expect(timeline.contains("\n" + TimelineFormatter.ignoredInstancesLegend + "\n"))
    }

    @MainActor
    @Test(arguments: ["stateobject-autoclosure", "lazy-shared", "observed-object"])
    func theLegendIsShownOnlyWhereInstancesAreIgnored(scenario: String) {
        let timeline = DemoCommand.run(arguments: ["--scenario", scenario, "--format", "timeline"]).standardOutput
        #expect(!timeline.contains(TimelineFormatter.ignoredInstancesLegend))
    }
}
