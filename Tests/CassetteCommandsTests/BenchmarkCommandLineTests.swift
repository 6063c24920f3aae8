import Foundation
import Testing

/// `cassette-bench`'s command line, through the executable the build produced: the benchmark is no library.
@Suite struct BenchmarkCommandLineTests {
    let folder = FileManager.default.temporaryDirectory

    func bench(_ arguments: String...) async throws -> CommandResult {
        try await runProcess(try #require(BuiltExecutable.locate("cassette-bench")), arguments: arguments, in: folder)
    }

    @Test("--help prints the help word for word on standard output")
    func help() async throws {
        let run = try await bench("--events", "5", "--help")
        #expect(run.status == .success)
        #expect(run.standardError.isEmpty)
        #expect(
            run.standardOutput == """
                OVERVIEW: Times loading, writing, replaying, verifying, diffing and exploring cassettes.

                Each benchmark prints its figures next to a baseline: the cassette reader next
                to Foundation's JSONDecoder on the same bytes, a replay next to driving the same
                code directly, 'cassette verify' with its default jobs next to one at a time, a
                diff next to loading both cassettes, and exploring a suite's variants next to
                verifying its recordings. Build it in release:
                'swift run -c release cassette-bench'.

                USAGE: cassette-bench [<options>]

                OPTIONS:
                  --only <part>           Runs only one benchmark: load, replay, verify, diff or
                                          explore (default: replay, verify, diff, explore, then
                                          load).
                  --events <n>            The events in the synthetic cassettes the load and
                                          diff benchmarks read (default: 100000).
                  --replay-events <n>     The events in the promise-bridge session the replay
                                          benchmark replays, and 4n (default: 20000).
                  --iterations <k>        The timed runs per side; the median is reported
                                          (default: 5).
                  --file <path>           Benchmarks loading an existing cassette instead of a
                                          synthetic one.
                  --seed <s>              The seed of the synthetic cassettes.
                  --output <path>         Keeps the load benchmark's synthetic cassette at the
                                          path.
                  --suite <directory>     The cassettes the verify and explore benchmarks read
                                          (default: Cassettes).
                  --verify-repeat <n>     How many times the verify benchmark replays each
                                          cassette (default: 5).
                  --measure <side>        Measures the peak memory of loading --file's cassette
                                          with load or jsondecoder, and exits; the load
                                          benchmark runs itself with it.
                  -h, --help              Prints help information.

                EXIT STATUS:
                  0   Every benchmark ran.
                  1   A benchmark failed; the reason is on standard error.
                  64  The command line is wrong.

                """)
    }

    @Test("a number out of its range is a usage error with exit status 64, and nothing runs")
    func outOfRange() async throws {
        let run = try await bench("--iterations", "0")
        #expect(run.status == .usageError)
        #expect(run.standardOutput.isEmpty)
        #expect(
            run.standardError == """
                cassette-bench: error: invalid value '0' for '--iterations <k>': expected a whole number of at least 1
                Usage: cassette-bench [<options>]
                See 'cassette-bench --help'.

                """)
    }

    @Test("an unknown benchmark name lists the ones there are")
    func unknownPart() async throws {
        let run = try await bench("--only", "lode")
        #expect(run.status == .usageError)
        #expect(
            run.standardError.hasPrefix(
                "cassette-bench: error: invalid value 'lode' for '--only <part>': expected load, replay, verify, diff or explore\n"))
    }
}
