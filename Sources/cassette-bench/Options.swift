/// The command line: `cassette-bench [--events N] [--iterations K] [--file PATH]
/// [--seed S] [--output PATH]`, plus the hidden `--measure SIDE FILE` children run.
struct Options {
    var events = 100_000
    var iterations = 5
    var file: String?
    var seed: UInt64 = 0x4879_6272_6964_5270  // "HybridRp"
    var output: String?
    /// Set in children: measure one side's peak memory on a file and exit.
    var measure: (side: Side, path: String)?

    static let usage = """
        usage: cassette-bench [--events N] [--iterations K] [--file PATH] [--seed S] [--output PATH]
          --events N      events in the synthetic cassette (default 100000)
          --iterations K  timed runs per side; the median is reported (default 5)
          --file PATH     benchmark an existing cassette instead of a synthetic one
          --seed S        seed of the synthetic cassette
          --output PATH   keep the synthetic cassette at PATH
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
            case "--iterations": iterations = try positive(flag)
            case "--file": file = try value(for: flag)
            case "--output": output = try value(for: flag)
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
