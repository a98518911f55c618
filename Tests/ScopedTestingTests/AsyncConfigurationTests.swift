import ScopedTesting
import Testing

/// A fixture that takes an `await` to load, as a test's data often does.
private actor FixtureShelf {
    static let shared = FixtureShelf()
    private var loads = 0

    func label(_ name: String) -> String {
        loads += 1
        return "\(name)#\(loads)"
    }
}

/// Written only on the main actor: proves a configuration ran there.
@MainActor private var mainActorConfigurations: [String] = []

@MainActor private final class BadgeModel {
    let text: String
    init(text: String) { self.text = text }
}

extension Container {
    @MainActor fileprivate var badge: MainActorFactory<BadgeModel> {
        self { @MainActor in BadgeModel(text: "live") }.scoped
    }
}

/// `.container { }` and `withContainer` take `async` configurations, and configurations
/// isolated to an actor (#30).
@Suite struct AsyncConfigurationTests {
    @Test(.container { c in
        let label = await FixtureShelf.shared.label("fixture")
        c.isoLabel.register { label }
    })
    func anAsyncTraitConfigurationRunsBeforeTheTest() {
        #expect(Container.shared.isoLabel().hasPrefix("fixture#"))
    }

    @Test(.container { @MainActor c in
        MainActor.assertIsolated()
        mainActorConfigurations.append("badge")
        c.badge.register { @MainActor in BadgeModel(text: "mock") }
    })
    @MainActor func aMainActorTraitConfigurationRegistersMainActorOverrides() {
        #expect(mainActorConfigurations.contains("badge"))
        #expect(Container.shared.badge().text == "mock")
    }

    @Test(
        .container { c in c.isoValue.register { 1 } },
        .container { c in
            // Runs after the first configuration, inside the same world.
            let before = Container.shared.isoValue()
            await Task.yield()
            c.isoLabel.register { "after \(before)" }
        }
    )
    func asyncConfigurationsRunInOrderInOneWorld() {
        #expect(Container.shared.isoLabel() == "after 1")
    }

    @Test func withContainerAwaitsItsConfiguration() async {
        let label = await withContainer { c in
            let label = await FixtureShelf.shared.label("inline")
            c.isoLabel.register { label }
        } operation: {
            Container.shared.isoLabel()
        }
        #expect(label.hasPrefix("inline#"))
        #expect(Container.shared.isoLabel() == "live")
    }

    @Test func aThrowingAsyncConfigurationFailsTheCallAndRegistersNothingOutside() async {
        struct FixtureMissing: Error {}
        await #expect(throws: FixtureMissing.self) {
            try await withContainer { c in
                c.isoValue.register { 99 }
                await Task.yield()
                throw FixtureMissing()
            } operation: {
                Issue.record("the operation ran after its configuration threw")
            }
        }
        #expect(Container.shared.isoValue() == -1)
    }
}
