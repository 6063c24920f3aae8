import CassetteCommands
import Foundation

// cassette-bench: how fast and how small HybridReplay's cassette reader is
// next to Foundation's JSONDecoder on the same bytes, how fast the canonical
// writer is, and what replaying costs next to driving the same code
// directly. See `Options.configuration`.

func report(_ error: any Error) {
    Console.standard.error("\(Options.configuration.toolName): error: \(error)")
}

let options: Options
do throws(UsageError) {
    let parsed = try CommandLineParser.parse(CommandLine.arguments.dropFirst(), for: Options.configuration)
    if parsed.isHelpRequested {
        Console.standard.standardOutput(Options.configuration.help)
        exit(ExitCode.success.rawValue)
    }
    options = try Options(parsed)
} catch {
    Console.standard.reportUsageError(error, for: Options.configuration)
    exit(ExitCode.usageError.rawValue)
}

do {
    if let side = options.measure, let path = options.file {
        try MemoryMeasurement.runChild(side: side, path: path)
    } else {
        // Replay first, so the load report's closing line stays the last line;
        // a failed replay is reported at once and does not keep the load benchmark from running.
        var replayFailed = false
        if options.parts.contains(.replay) {
            do {
                try await ReplayBenchmark(options: options).run()
            } catch {
                report(error)
                replayFailed = true
            }
        }
        if options.parts.contains(.verify) {
            if options.parts.contains(.replay) { print("") }
            do {
                try await VerifyBenchmark(options: options).run()
            } catch {
                report(error)
                replayFailed = true
            }
        }
        if options.parts.contains(.diff) {
            if options.parts.contains(.replay) || options.parts.contains(.verify) { print("") }
            do {
                try DiffBenchmark(options: options).run()
            } catch {
                report(error)
                replayFailed = true
            }
        }
        if options.parts.contains(.explore) {
            if options.parts.contains(.replay) || options.parts.contains(.verify) || options.parts.contains(.diff) { print("") }
            do {
                try await ExploreBenchmark(options: options).run()
            } catch {
                report(error)
                replayFailed = true
            }
        }
        if options.parts.contains(.load) {
            if options.parts.count > 1 { print("") }
            try Benchmark(options: options).run()
        }
        if replayFailed { exit(ExitCode.checkFailed.rawValue) }
    }
} catch {
    report(error)
    exit(ExitCode.checkFailed.rawValue)
}
