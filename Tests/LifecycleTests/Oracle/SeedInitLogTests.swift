import Testing
@testable import ScopedDemo

/// Seed 001's init log, reproduced line for line in the article's format
/// (`--format initlog`): the demo's home view and its view model stand for the article's
/// `ContentView` / `ContentViewModel`, its module is `ScopedDemo`, and the demo adds the
/// `deinit` lines the article does not print.
@Suite struct SeedInitLogTests {
    /// “BottomBarView uses @StateObject for its view model property” (001_6b64cd8fd72ce640.txt)
    static let stateObject = [
        "ScopedDemo.HomeViewModel init()",
        "1 HomeView.body accessed",
        "ScopedDemo.BottomBarViewModel init(entryStore:)",
        "Triggering HomeView refresh",
        "2 HomeView.body accessed",
        "Triggering HomeView refresh",
        "3 HomeView.body accessed",
    ]

    /// “BottomBarView uses @ObservableObject for its view model property” (001_6b64cd8fd72ce640.txt)
    static let observedObject = [
        "ScopedDemo.HomeViewModel init()",
        "1 HomeView.body accessed",
        "ScopedDemo.BottomBarViewModel init(entryStore:)",
        "Triggering HomeView refresh",
        "2 HomeView.body accessed",
        "ScopedDemo.BottomBarViewModel init(entryStore:)",
        "Triggering HomeView refresh",
        "3 HomeView.body accessed",
        "ScopedDemo.BottomBarViewModel init(entryStore:)",
    ]

    @MainActor
    @Test func theInitLogMatchesTheArticlesLineForLine() throws {
        let variants = try results(of: "init-log")
        let logs = variants.map { result in
            InitLogFormatter.render(result).split(separator: "\n").dropFirst().map(String.init).filter { !$0.hasSuffix(" deinit") }
        }
        // The first two rows are the article's log; the third is seed 001's KVO view model.
        #expect(Array(logs.prefix(2)) == [Self.stateObject, Self.observedObject])
        // The article's figure: BottomBarViewModel built once with @StateObject, three times with @ObservedObject.
        let bottomBars = logs.prefix(2).map { $0.filter { $0.hasPrefix("ScopedDemo.BottomBarViewModel init") }.count }
        #expect(bottomBars == [1, 3])
    }

    @MainActor
    @Test func theInitLogMatchesItsGoldenFile() throws {
        let output = DemoCommand.run(arguments: ["--scenario", "init-log", "--format", "initlog"])
        #expect(output.standardOutput == (try Golden.text("init-log.initlog")))
    }
}
