import ScopedTesting
import Testing

/// A database an async factory opens.
final class IsoDatabase: Sendable {
    let name: String
    let setting: Int
    init(name: String, setting: Int) {
        self.name = name
        self.setting = setting
    }
}

extension Container {
    var isoDatabase: AsyncFactory<IsoDatabase> {
        self {
            await Task.yield()
            return IsoDatabase(name: "live", setting: self.isoValue())
        }.cached
    }
}

/// The `.container` trait and `withContainer` isolate async factories as they do
/// synchronous ones (issue #19): the build task of a caching scope runs in the world of
/// the test that started it.
@Suite struct AsyncIsolationTests {
    @Test(.container { $0.isoDatabase.register { IsoDatabase(name: "mock", setting: 0) } })
    func traitOverridesAnAsyncFactory() async throws {
        #expect(try await Container.shared.isoDatabase().name == "mock")
    }

    @Test(.container)
    func eachWorldKeepsItsOwnCachedInstance() async throws {
        let mine = try await Container.shared.isoDatabase()
        let other = try await withContainer { try await Container.shared.isoDatabase() }
        #expect(mine !== other)
        #expect(try await Container.shared.isoDatabase() === mine)
        #expect(mine.name == "live")
    }

    @Test(.container { $0.isoValue.register { 7 } })
    func anAsyncBuildRunsInTheWorldOfTheTestThatStartedIt() async throws {
        // The build runs in a task of its own; the synchronous factory its body resolves
        // still sees this test's override.
        #expect(try await Container.shared.isoDatabase().setting == 7)
    }
}

/// A task started inside a world that outlives it resolves as code outside any world
/// does, whichever other worlds are entered meanwhile (a third new-user evaluation found
/// it resolving with the ended world's overrides while any other test's world was active).
@Suite struct OutlivingTaskTests {
    @Test func aTaskThatOutlivesItsWorldResolvesInProductionWhileAnotherWorldIsEntered() async {
        let (released, release) = AsyncStream.makeStream(of: Void.self)
        let leftover = withContainer {
            Container.shared.isoValue.register { 99 }
            #expect(Container.shared.isoValue() == 99)
            return Task {
                for await _ in released { break }   // resumed after the world has ended
                return (Container.shared.isoValue(), ContainerWorld.current.isIsolated)
            }
        }
        // Another world, entered while the leftover task resolves.
        let (value, isolated) = await withContainer {
            release.yield()
            return await leftover.value
        }
        #expect(value == -1)
        #expect(!isolated)
    }

    /// Inside a test's world, a task whose nested world ended resolves in the test's.
    @Test(.container { $0.isoValue.register { 7 } })
    func aTaskThatOutlivesANestedWorldResolvesInTheEnclosingOne() async {
        let (released, release) = AsyncStream.makeStream(of: Void.self)
        let leftover = withContainer {
            Container.shared.isoValue.register { 99 }
            return Task {
                for await _ in released { break }
                return Container.shared.isoValue()
            }
        }
        release.yield()
        #expect(await leftover.value == 7)
    }
}
