import Foundation
import HybridReplay
import HybridReplayReference
import HybridReplayTesting
import Testing

/// Every cassette in `Cassettes/` replays green against the reference
/// implementation its header names: one test case per cassette.
@Suite("Conformance suite")
struct ConformanceSuiteTests {
    @Test("the suite's cassettes pass against their reference implementations", arguments: ConformanceSuite.cases)
    func conforms(_ cassette: CassetteCase) async throws {
        let header = try CassetteReader().read(contentsOf: cassette.url).header
        let name = try #require(header.contract, "Cassettes/\(cassette.relativePath) names no contract")
        let contract = try #require(
            ReferenceContract.named(name),
            "Cassettes/\(cassette.relativePath) names contract '\(name)', which has no reference implementation")
        var options = ConformanceSuite.options
        options.repetitions = 2
        await replayCassette(cassette, options: options) { platform in try await contract.setUp(platform) }
    }

    @Test("the suite has at least 25 cassettes, each contract is exercised, and every folder is a seam")
    func shape() throws {
        #expect(ConformanceSuite.cases.count >= 25, "only \(ConformanceSuite.cases.count) cassettes in Cassettes/")
        var contracts: Set<String> = []
        for cassette in ConformanceSuite.cases {
            let folder = cassette.relativePath.split(separator: "/").first.map(String.init) ?? ""
            #expect(["bridge", "router", "cookies", "location"].contains(folder), "\(cassette.relativePath)")
            if let contract = try CassetteReader().read(contentsOf: cassette.url).header.contract {
                contracts.insert(contract)
            }
        }
        #expect(contracts == Set(ReferenceContract.all.map(\.name)))
    }
}
