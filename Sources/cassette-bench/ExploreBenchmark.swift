import CassetteCommands
import Foundation
import HybridReplay
import HybridReplayVariants
import ReferenceContracts

/// The explore run: every variant of every cassette of a suite (by default
/// `Cassettes/`) explored against its contract's reference, one at a time,
/// next to the baseline of `cassette verify --jobs 1` replaying the suite's
/// recordings themselves.
///
/// Every run must explore with no rule broken, or the benchmark fails without timing it.
struct ExploreBenchmark {
    var options: Options

    func run() async throws {
        let suite = try loadSuite()
        // Warm-up, and a check that no variant breaks a rule.
        let variants = try await exploreAll(suite)
        var exploreTimings: [Timing] = []
        var verifyTimings: [Timing] = []
        let verify = VerifyCommand(paths: [options.suite], repetitions: 1, jobs: 1)
        let context = CommandContext(
            console: Console(standardOutput: { _ in }, standardError: { _ in }),
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            contracts: ConformanceContract.references)
        for _ in 0..<options.iterations {
            exploreTimings.append(try await Stopwatch.time { try await exploreAll(suite) }.timing)
            verifyTimings.append(await Stopwatch.time { await verify.run(in: context) }.timing)
        }
        let explore = MedianTiming(exploreTimings)
        let baseline = MedianTiming(verifyTimings)
        print("cassette-bench explore — \(variants) variants of \(suite.count) cassettes in \(options.suite), one at a time, median of \(options.iterations)")
        for cells in [
            ["side", "wall", "cpu", "per second"],
            row("explore", explore, count: variants),
            row("verify --jobs 1 (baseline)", baseline, count: suite.count),
        ] {
            print(TextColumns.pad(cells[0], 28) + cells.dropFirst().map { TextColumns.pad($0, 12, left: true) }.joined())
        }
        print("")
        print("explore variants_per_second=\(TextColumns.fixed(Double(variants) / max(explore.seconds, 1e-9), 0))")
    }

    private func row(_ side: String, _ timing: MedianTiming, count: Int) -> [String] {
        [
            side, TextColumns.fixed(timing.seconds * 1000, 0) + " ms", TextColumns.fixed(timing.cpuSeconds * 1000, 0) + " ms",
            TextColumns.fixed(Double(count) / max(timing.seconds, 1e-9), 0),
        ]
    }

    /// The suite's cassettes with the reference contract each names.
    private func loadSuite() throws -> [(Cassette, ConformanceContract)] {
        let folder = URL(fileURLWithPath: options.suite)
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        let contracts = ContractSet(ConformanceContract.references)
        return try files.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }.compactMap { url in
            let cassette = try CassetteReader().read(contentsOf: url)
            return cassette.header.contract.flatMap { contracts[$0] }.map { (cassette, $0) }
        }
    }

    /// Explores every variant of `suite`; the number explored.
    private func exploreAll(_ suite: [(Cassette, ConformanceContract)]) async throws -> Int {
        var explored = 0
        for (cassette, contract) in suite {
            let exploration = try await Explorer().explore(cassette, setUp: contract.setUp)
            guard exploration.passed else {
                throw BenchError("exploring \(cassette.header.name) broke a rule: \(exploration.failures.map(\.violations))")
            }
            explored += exploration.explored
        }
        return explored
    }
}
