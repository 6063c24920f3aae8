import Foundation
import HybridReplay
import HybridReplayReference
import Testing

@testable import HybridReplayVariants

/// The suite's cassettes with the reference contract each names.
private func suiteCases() throws -> [(path: String, contract: ReferenceContract)] {
    let files = FileManager.default.enumerator(at: suiteFolder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
    return try files.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }.compactMap { url in
        let cassette = try CassetteReader().read(contentsOf: url)
        guard let contract = ReferenceContract.all.first(where: { $0.name == cassette.header.contract }) else { return nil }
        return (url.path, contract)
    }
}

@Suite("Reference exploration")
struct ReferenceExplorationTests {
    /// A bounded sample, so CI stays fast: shard 1 of 8 of every cassette's variants.
    @Test("the reference implementations break no rule on a sample of every cassette's variants")
    func noFalseAlarms() async throws {
        let cases = try suiteCases()
        #expect(cases.count >= 70)
        var explored = 0
        var violations: [String] = []
        for (path, contract) in cases {
            let cassette = try CassetteReader().read(contentsOf: URL(fileURLWithPath: path))
            let exploration = try await Explorer(options: ExplorationOptions(shard: Shard(index: 1, count: 8) ?? .all))
                .explore(cassette, setUp: contract.setUp)
            explored += exploration.explored
            violations += exploration.failures.map { "\($0.variant.id): \($0.violations)" }
        }
        #expect(explored > 100)
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }
}
