import Testing
@testable import ScopedDemo

/// Checks every row of ``SeedOracle`` against a run of the demo.
@Suite struct SeedOracleTests {
    @MainActor
    @Test(arguments: SeedOracle.claims)
    func theDemoReproducesTheSeed(_ claim: SeedClaim) throws {
        let scenario = try #require(ScenarioCatalog.scenario(named: claim.scenario))
        let results = scenario.run(seed: 42, ticks: 12, stateSDK: claim.stateSDK)
        try #require(claim.variant < results.count)
        #expect(claim.measure.value(in: results[claim.variant]) == claim.expected)
    }

    @Test func quotesAreShortAndNameTheirSeed() {
        let seeds = [SeedOracle.s000, SeedOracle.s001, SeedOracle.s002, SeedOracle.s003, SeedOracle.s004]
        for claim in SeedOracle.claims {
            #expect(claim.quote.split(separator: " ").count <= 15, "\(claim.quote)")
            #expect(seeds.contains(claim.seed))
        }
        for entry in SeedOracle.notReproduced {
            #expect(entry.quote.split(separator: " ").count <= 15)
            #expect(!entry.reason.isEmpty)
        }
        // A figure that is not the seed's says whose it is and why.
        for claim in SeedOracle.claims {
            switch claim.basis {
            case .seed: break
            case .simulation(let why), .disagreement(let why): #expect(why.count > 20, "\(claim.testDescription)")
            case .model(let why):
                // A figure of the model of SwiftUI cites the Apple page of the rule it follows.
                #expect(why.contains("developer.apple.com/documentation/swiftui/"), "\(claim.testDescription)")
            }
        }
        #expect(SeedOracle.claims.contains { $0.basis == .disagreement(SeedOracle.closureOverShared) && $0.scenario == "lazy-shared" })
        // Every seed appears in the oracle, reproduced or with its reason.
        let covered = Set(SeedOracle.claims.map(\.seed) + SeedOracle.notReproduced.map(\.seed))
        #expect(covered == Set(seeds))
    }
}
