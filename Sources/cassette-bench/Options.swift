import CassetteCommands
/// The command line: `cassette-bench [--only load|replay|verify|diff] [--events N]
/// [--replay-events N] [--iterations K] [--file PATH] [--seed S] [--output PATH]
/// [--suite DIR] [--verify-repeat N]`,
/// plus the hidden `--measure SIDE FILE` children run.
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
    /// The benchmarks to run; both unless `--only` names one.
    var parts: Set<Part> = Set(Part.allCases)
    /// Set in children: measure one side's peak memory on a file and exit.
    var measure: (side: Side, path: String)?

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
    }

    static let usage = """
        usage: cassette-bench [--only load|replay|verify|diff] [--events N] [--replay-events N] [--iterations K]
                              [--file PATH] [--seed S] [--output PATH] [--suite DIR] [--verify-repeat N]
          --only PART         run only one benchmark (default: replay, verify, diff, then load)
          --events N          events in the synthetic cassettes the load and diff benchmarks read (default 100000)
          --replay-events N   events in the promise-bridge session the replay benchmark replays, and 4N (default 20000)
          --iterations K      timed runs per side; the median is reported (default 5)
          --file PATH         benchmark loading an existing cassette instead of a synthetic one
          --seed S            seed of the synthetic cassettes
          --output PATH       keep the load benchmark's synthetic cassette at PATH
          --suite DIR         the cassettes the verify benchmark verifies (default Cassettes)
          --verify-repeat N   how many times the verify benchmark replays each cassette (default 5)
        """

    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        func value(for flag: String) throws -> String {
            guard let value = remaining.popFirst() else { throw BenchError("\(flag) needs a value\n\(Self.usage)") }
            return value
        }
        func positive(_ flag: String) throws -> Int {
            let text = try value(for: flag)
            guard let number = Int(text.replacingOccurrences(of: "_", with: "")), number > 0 else {
                throw BenchError("\(flag) expects a positive whole number, not '\(text)'")
            }
            return number
        }
        while let flag = remaining.popFirst() {
            switch flag {
            case "--events": events = try positive(flag)
            case "--replay-events":
                replayEvents = try positive(flag)
                guard replayEvents >= SyntheticSession.eventsPerRoundTrip else {
                    throw BenchError("--replay-events expects at least \(SyntheticSession.eventsPerRoundTrip), one round trip, not \(replayEvents)")
                }
            case "--iterations": iterations = try positive(flag)
            case "--file": file = try value(for: flag)
            case "--output": output = try value(for: flag)
            case "--suite": suite = try value(for: flag)
            case "--verify-repeat":
                verifyRepeat = try positive(flag)
                guard verifyRepeat <= VerifyCommand.maximumRepetitions else {
                    throw BenchError("--verify-repeat expects at most \(VerifyCommand.maximumRepetitions), not \(verifyRepeat)")
                }
            case "--only":
                let name = try value(for: flag)
                guard let part = Part(rawValue: name) else { throw BenchError("--only expects load, replay, verify or diff, not '\(name)'") }
                parts = [part]
            case "--seed":
                let text = try value(for: flag)
                guard let seed = UInt64(text) else { throw BenchError("--seed expects an unsigned whole number, not '\(text)'") }
                self.seed = seed
            case "--measure":
                let name = try value(for: flag)
                guard let side = Side(rawValue: name) else { throw BenchError("--measure expects load or jsondecoder, not '\(name)'") }
                measure = (side, try value(for: flag))
            case "-h", "--help": throw BenchError(Self.usage)
            default: throw BenchError("unknown argument '\(flag)'\n\(Self.usage)")
            }
        }
    }
}
