import CassetteCommands
import ReferenceContracts
import Foundation
import HybridReplay

/// The verify run: `cassette verify` over a suite (by default `Cassettes/`),
/// each cassette replayed several times, with cassettes replayed
/// ``VerifyBenchmark/parallelJobs`` at once against the baseline of one at a
/// time (`--jobs 1`), in the same process. `--jobs 1` keeps the process on one
/// processor, as the `cassette` tool does; a third row times one at a time
/// with the threads left free, as a test binary replays, for the engine alone.
///
/// Every run must verify every cassette as passing, or the benchmark fails
/// without timing it.
struct VerifyBenchmark {
    var options: Options

    /// What `cassette verify` replays at once by default.
    static let parallelJobs = VerifyCommand.defaultJobs

    func run() async throws {
        let parallel = VerifyCommand(paths: [options.suite], repetitions: options.verifyRepeat, jobs: Self.parallelJobs)
        let serial = VerifyCommand(paths: [options.suite], repetitions: options.verifyRepeat, jobs: 1)

        // Warm-up, and a check that the suite passes at all.
        let cassettes = try await time(parallel).cassettes
        var parallelTimings: [Timing] = []
        var serialTimings: [Timing] = []
        var freeTimings: [Timing] = []
        for _ in 0..<options.iterations {
            parallelTimings.append(try await time(parallel).timing)
            serialTimings.append(try await time(serial).timing)
            freeTimings.append(try await time(serial, ownsProcess: false).timing)
        }
        let fast = MedianTiming(parallelTimings)
        let slow = MedianTiming(serialTimings)
        let free = MedianTiming(freeTimings)
        let replays = cassettes * options.verifyRepeat
        print("cassette-bench verify — cassette verify \(options.suite), \(cassettes) cassettes, "
            + "--repeat \(options.verifyRepeat) (\(replays) replays), median of \(options.iterations)")
        for cells in [
            ["side", "wall", "cpu", "per replay"],
            row("--jobs \(Self.parallelJobs)", fast, replays: replays),
            row("--jobs 1 (baseline)", slow, replays: replays),
            row("--jobs 1, threads free", free, replays: replays),
        ] {
            print(TextColumns.pad(cells[0], 22) + cells.dropFirst().map { TextColumns.pad($0, 12, left: true) }.joined())
        }
        print("")
        print("verify parallel/serial time=\(ratio(fast.seconds, slow.seconds))")
        let perReplay = Double(max(1, replays))
        print(
            "verify per-replay serial wall_ms=\(TextColumns.fixed(slow.seconds * 1000 / perReplay, 2)) "
                + "cpu_ms=\(TextColumns.fixed(slow.cpuSeconds * 1000 / perReplay, 2))")
        print(
            "verify per-replay serial-threads-free wall_ms=\(TextColumns.fixed(free.seconds * 1000 / perReplay, 2)) "
                + "cpu_ms=\(TextColumns.fixed(free.cpuSeconds * 1000 / perReplay, 2))")
    }

    private func row(_ side: String, _ timing: MedianTiming, replays: Int) -> [String] {
        [
            side, TextColumns.fixed(timing.seconds * 1000, 0) + " ms", TextColumns.fixed(timing.cpuSeconds * 1000, 0) + " ms",
            TextColumns.fixed(timing.seconds * 1000 / Double(max(1, replays)), 2) + " ms",
        ]
    }

    private func ratio(_ numerator: Double, _ denominator: Double) -> String {
        TextColumns.fixed(denominator > 0 ? numerator / denominator : 0, 2)
    }

    /// Runs `command` in-process with its output kept, and checks that every cassette passed.
    private func time(_ command: VerifyCommand, ownsProcess: Bool = true) async throws -> (timing: Timing, cassettes: Int) {
        let output = Transcript()
        var context = CommandContext(
            console: Console(standardOutput: output.append, standardError: output.append),
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            contracts: ConformanceContract.references)
        // The benchmark is a process of its own, as the `cassette` tool is: `--jobs 1` runs as there.
        context.ownsProcess = ownsProcess
        let (timing, status) = await Stopwatch.time { await command.run(in: context) }
        let lines = output.text.split(separator: "\n")
        let passed = lines.filter { $0.hasPrefix("PASS ") }.count
        guard status == .success, passed > 0, passed == lines.count - 1 else {
            throw BenchError("cassette verify \(options.suite) did not pass (status \(status.rawValue)):\n\(output.text)")
        }
        return (timing, passed)
    }
}

/// What a command printed, from whichever task printed it.
private final class Transcript: Sendable {
    private let lines = Locked("")

    var text: String { lines.current }

    @Sendable func append(_ text: String) { lines.withLock { $0 += text } }
}
