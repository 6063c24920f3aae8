import CassetteCommands

/// What `cassette-bench` runs: its command line, read by the shared parser,
/// with every number checked against its range.
struct Options {
    var events = 100_000
    var replayEvents = 20_000
    var iterations = 5
    var file: String?
    var seed: UInt64 = 0x4879_6272_6964_5270  // "HybridRp"
    var output: String?
    /// The suite the verify benchmark verifies.
    var suite = "Cassettes"
    /// How many times the verify benchmark replays each cassette.
    var verifyRepeat = 5
    /// The benchmarks to run; all unless `--only` names one.
    var parts: Set<Part> = Set(Part.allCases)
    /// Set in children: measure one side's peak memory on ``file`` and exit.
    var measure: Side?

    /// One of the benchmarks `--only` can pick.
    enum Part: String, CaseIterable {
        /// Loading a cassette against JSONDecoder, and writing it.
        case load
        /// Replaying a promise-bridge session against driving the bridge directly.
        case replay
        /// `cassette verify` on a suite, cassettes replayed at once against one at a time.
        case verify
        /// Diffing two cassettes with 1% of events edited against loading both.
        case diff
        /// Exploring every variant of a suite against verifying its recordings.
        case explore
    }

    static let only = Option(
        "only", valueName: "part",
        help: "Runs only one benchmark: load, replay, verify, diff or explore (default: replay, verify, diff, explore, then load).")
    static let eventsOption = Option(
        "events", valueName: "n",
        help: "The events in the synthetic cassettes the load and diff benchmarks read (default: 100000).")
    static let replayEventsOption = Option(
        "replay-events", valueName: "n",
        help: "The events in the promise-bridge session the replay benchmark replays, and 4n (default: 20000).")
    static let iterationsOption = Option(
        "iterations", valueName: "k", help: "The timed runs per side; the median is reported (default: 5).")
    static let fileOption = Option(
        "file", valueName: "path", help: "Benchmarks loading an existing cassette instead of a synthetic one.")
    static let seedOption = Option("seed", valueName: "s", help: "The seed of the synthetic cassettes.")
    static let outputOption = Option(
        "output", valueName: "path", help: "Keeps the load benchmark's synthetic cassette at the path.")
    static let suiteOption = Option(
        "suite", valueName: "directory",
        help: "The cassettes the verify and explore benchmarks read (default: Cassettes).")
    static let verifyRepeatOption = Option(
        "verify-repeat", valueName: "n",
        help: "How many times the verify benchmark replays each cassette (default: 5).")
    static let measureOption = Option(
        "measure", valueName: "side",
        help: "Measures the peak memory of loading --file's cassette with load or jsondecoder, and exits; "
            + "the load benchmark runs itself with it.")

    /// The name, abstract and options; the parser and `--help` both read it.
    static let configuration = CommandConfiguration(
        commandName: "cassette-bench",
        abstract: "Times loading, writing, replaying, verifying, diffing and exploring cassettes.",
        discussion: """
            Each benchmark prints its figures next to a baseline: the cassette reader next to Foundation's \
            JSONDecoder on the same bytes, a replay next to driving the same code directly, 'cassette verify' \
            with its default jobs next to one at a time, a diff next to loading both cassettes, and exploring \
            a suite's variants next to verifying its recordings. \
            Build it in release: 'swift run -c release cassette-bench'.
            """,
        usage: "cassette-bench [<options>]",
        options: [
            only, eventsOption, replayEventsOption, iterationsOption, fileOption, seedOption, outputOption, suiteOption,
            verifyRepeatOption, measureOption,
        ],
        operands: .empty,
        exitStatuses: [
            (.success, "Every benchmark ran."),
            (.checkFailed, "A benchmark failed; the reason is on standard error."),
            (.usageError, "The command line is wrong."),
        ])

    /// Reads the options from a parsed command line.
    ///
    /// - Throws: `UsageError` when a value is out of its range, or `--measure` lacks `--file`.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        events = try arguments.number(of: Self.eventsOption, in: 1...Int.max) ?? events
        replayEvents =
            try arguments.number(of: Self.replayEventsOption, in: SyntheticSession.eventsPerRoundTrip...Int.max)
            ?? replayEvents
        iterations = try arguments.number(of: Self.iterationsOption, in: 1...Int.max) ?? iterations
        file = try arguments.path(of: Self.fileOption)
        output = try arguments.path(of: Self.outputOption)
        suite = try arguments.path(of: Self.suiteOption) ?? suite
        seed = try arguments.number(of: Self.seedOption, in: 0...UInt64.max) ?? seed
        verifyRepeat =
            try arguments.number(of: Self.verifyRepeatOption, in: 1...VerifyCommand.maximumRepetitions) ?? verifyRepeat
        if let part = try arguments.choice(of: Self.only, among: Part.allCases) { parts = [part] }
        measure = try arguments.choice(of: Self.measureOption, among: Side.allCases)
        if measure != nil, file == nil {
            throw UsageError("'\(Self.measureOption.usageLabel)' needs '\(Self.fileOption.usageLabel)'")
        }
    }
}
